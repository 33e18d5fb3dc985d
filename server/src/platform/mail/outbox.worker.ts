import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Database } from '../db/client.ts';
import { createOutboxRepository, type TOutboxEmail } from './outbox.repository.ts';

export type TMailTransport = { send: (email: TOutboxEmail, from: string) => Promise<void> };

function messageOf(email: TOutboxEmail, from: string): SendMailOptions {
  return {
    from,
    to: email.toAddress,
    subject: email.subject,
    text: email.textBody,
    attachments: (email.attachments ?? []).map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.contentBase64, 'base64'),
    })),
  };
}

/** SMTP_URL set: real SMTP. Otherwise each message is written as an .eml file under DATA_DIR/outbox. */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  outboxDir: string;
}): TMailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (email, from) => {
        await smtp.sendMail(messageOf(email, from));
      },
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (email, from) => {
      const info = await files.sendMail(messageOf(email, from));
      await mkdir(options.outboxDir, { recursive: true });
      await writeFile(path.join(options.outboxDir, `${email.id}.eml`), info.message as Buffer);
    },
  };
}

const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
/** 30 s, 1 min, 2 min ... capped at one hour. */
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** attempts);

export function createOutboxWorker(deps: {
  db: Database;
  transport: TMailTransport;
  from: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  intervalMs?: number;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function deliver(email: TOutboxEmail, repo: ReturnType<typeof createOutboxRepository>, now: Date) {
    try {
      await deps.transport.send(email, deps.from);
      await repo.markSent(email.id, now);
    } catch (error) {
      const attempts = email.attempts + 1;
      const next = attempts >= MAX_ATTEMPTS ? null : new Date(now.getTime() + retryDelayMs(attempts));
      deps.log.warn({ emailId: email.id, attempts, err: error }, 'mail delivery failed');
      await repo.markFailed(email.id, error instanceof Error ? error.message : String(error), next);
    }
  }

  /** Sends what is due; returns how many messages were tried. Sending happens outside any transaction. */
  async function runOnce(now = new Date()): Promise<number> {
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    const due = await deps.db.transaction((tx) => createOutboxRepository(tx).claimDue(20, now, leaseUntil));
    const repo = createOutboxRepository(deps.db);
    for (const email of due) await deliver(email, repo, now);
    return due.length;
  }

  const tick = () => {
    running = runOnce().catch((error: unknown) => {
      deps.log.error({ err: error }, 'outbox run failed');
      return 0;
    });
    void running.finally(() => {
      running = null;
    });
  };

  return {
    runOnce,
    start() {
      timer ??= setInterval(tick, deps.intervalMs ?? 5_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type TOutboxWorker = ReturnType<typeof createOutboxWorker>;
