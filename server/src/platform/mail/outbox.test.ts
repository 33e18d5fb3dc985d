import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TReceivedMail } from '../../test/smtp-server.ts';
import { freshDatabase } from '../../test/test-app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { outboxEmails, tenants } from '../db/schema/index.ts';
import { createOutboxRepository } from './outbox.repository.ts';
import { createMailTransport, createOutboxWorker, retryDelayMs } from './outbox.worker.ts';

const silentLog = { warn: () => undefined, error: () => undefined };

let database: DatabaseHandle;
let tenantId: number;
beforeAll(async () => {
  database = await freshDatabase();
  const [row] = await database.db.insert(tenants).values({ name: 'Outbox Test Ltd' }).returning();
  tenantId = row!.id;
});
afterAll(() => database.close());

const enqueue = (to: string) =>
  createOutboxRepository(database.db).enqueue({
    tenantId,
    kind: 'test',
    to,
    subject: 'Hello ₦',
    text: 'Your receipt: ₦1,500.00',
  });
const stateOf = async (id: number) =>
  (await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!;

/** PostgreSQL keeps microseconds and Date milliseconds: a message enqueued this millisecond is due a moment later. */
const aMomentLater = () => new Date(Date.now() + 1000);

describe('the mail outbox', () => {
  it('delivers a queued message over SMTP and marks it sent', async () => {
    const received: TReceivedMail[] = [];
    const smtp = await startSmtpServer(received);
    try {
      const id = await enqueue('customer@example.com');
      const transport = createMailTransport({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        outboxDir: '/nonexistent',
      });
      const worker = createOutboxWorker({
        db: database.db,
        transport,
        from: 'shop@example.com',
        log: silentLog,
      });
      expect(await worker.runOnce(aMomentLater())).toBe(1);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['customer@example.com']);
      expect(received[0]!.raw).toMatch(/^Subject: /m);
      expect(received[0]!.raw).toContain('Your receipt');
      expect(await stateOf(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(await worker.runOnce(aMomentLater())).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it('keeps a message when the mail server is down, retries it later, and delivers it when the server is back', async () => {
    const received: TReceivedMail[] = [];
    const probe = await startSmtpServer(received);
    const port = probe.port;
    await probe.close();
    const id = await enqueue('later@example.com');
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent' });
    const worker = createOutboxWorker({
      db: database.db,
      transport,
      from: 'shop@example.com',
      log: silentLog,
    });

    const now = aMomentLater();
    await worker.runOnce(now);
    const failed = await stateOf(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    expect(await worker.runOnce(now)).toBe(0);

    const smtp = await startSmtpServer(received, port);
    try {
      await worker.runOnce(new Date(now.getTime() + retryDelayMs(1) + 1));
      expect(await stateOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(received.map((r) => r.to[0])).toEqual(['later@example.com']);
    } finally {
      await smtp.close();
    }
  });

  it('writes .eml files when no SMTP server is configured', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const id = await enqueue('file@example.com');
    const worker = createOutboxWorker({
      db: database.db,
      transport: createMailTransport({ smtpUrl: undefined, outboxDir: dir }),
      from: 'shop@example.com',
      log: silentLog,
    });
    await worker.runOnce(aMomentLater());
    const eml = await readFile(path.join(dir, `${id}.eml`), 'utf8');
    expect(eml).toContain('To: file@example.com');
    expect(await stateOf(id)).toMatchObject({ status: 'sent' });
  });

  it('sends attachments kept with the message, in the .eml file as over SMTP', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const pdf = Buffer.from('%PDF-1.3 receipt bytes');
    const id = await createOutboxRepository(database.db).enqueue({
      tenantId,
      kind: 'test',
      to: 'attach@example.com',
      subject: 'Receipt',
      text: 'Attached.',
      attachments: [
        { filename: 'receipt.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
      ],
    });
    const worker = createOutboxWorker({
      db: database.db,
      transport: createMailTransport({ smtpUrl: undefined, outboxDir: dir }),
      from: 'shop@example.com',
      log: silentLog,
    });
    await worker.runOnce(aMomentLater());
    const eml = await readFile(path.join(dir, `${id}.eml`), 'utf8');
    expect(eml).toMatch(/Content-Type: application\/pdf; name=receipt\.pdf/);
    expect(eml).toContain('Content-Disposition: attachment; filename=receipt.pdf');
    expect(eml).toContain(pdf.toString('base64'));
    expect(await stateOf(id)).toMatchObject({ status: 'sent', attachments: null });
  });
});
