import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { UPLOAD_QUOTA_BYTES } from '@app/domain/plans/plans';
import { businessDate } from '@app/domain/dates/business-date';
import { randomUUID } from 'node:crypto';
import { fileContents, storedFiles, tenants } from '../../platform/db/schema/index.ts';
import { createUploadsStorage } from '../../platform/storage/uploads.ts';
import { createFilesService } from './files.service.ts';
import { createUploadSweeper } from './upload-space.ts';
import { saleRequest } from '../../test/sales-fixtures.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  testConfig,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
let md: TSession;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  md = (await registerBusiness(t.app)).md;
  tenantId = (await call(t.app, md, { method: 'GET', url: '/api/users/me' })).json().tenant_id;
});
afterAll(() => t.close());

async function upload(): Promise<{ url: string; id: string }> {
  const res = await call(t.app, md, {
    method: 'POST',
    url: '/api/expenses/upload-invoice',
    ...multipartBody('file', 'invoice.png', PNG_BYTES),
  });
  expect(res.statusCode).toBe(201);
  const { invoice_file_url: url, file_id: id } = res.json();
  return { url, id };
}

describe('uploaded files', () => {
  it('are kept where every process of the app reads them', async () => {
    const { url, id } = await upload();
    const onDisk = path.join(t.config.dataDir, 'uploads', String(tenantId), id);
    const [inDatabase] = await t.database.db
      .execute(sql`select count(*)::int as n from ${fileContents} where key = ${`${tenantId}/${id}`}`)
      .then((answer) => (answer as unknown as { rows: { n: number }[] }).rows);
    if (t.database.kind === 'postgres') {
      expect([inDatabase!.n, existsSync(onDisk)]).toEqual([1, false]);
      // Another process: its own DATA_DIR, the same database.
      const other = await buildApp({
        config: testConfig(),
        database: t.database,
        serveWebApp: false,
      });
      try {
        const read = await call(other, md, { method: 'GET', url });
        expect(read.statusCode).toBe(200);
        expect(read.rawPayload.equals(PNG_BYTES)).toBe(true);
      } finally {
        await other.close();
      }
    } else {
      expect([inDatabase!.n, existsSync(onDisk)]).toEqual([0, true]);
    }
    const read = await call(t.app, md, { method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it("open for the key of their record's screen: an expense invoice with the Expenses key alone", async () => {
    const { url } = await upload();
    await makePro(t, md);
    const expensesOnly = (await createEmployee(t.app, md, ['expenses.page.access'])).session;
    const salesOnly = (await createEmployee(t.app, md, ['sales.page.access'])).session;
    const read = (session: TSession) => call(t.app, session, { method: 'GET', url });
    expect((await read(expensesOnly)).statusCode).toBe(200);
    const refused = await read(salesOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to access this resource' });
  });

  it('of a record in a warehouse the employee cannot open answer 404, as the record does', async () => {
    const { md: owner } = await registerBusiness(t.app);
    await makePro(t, owner);
    const open = await createStockFixture(t.app, owner, { warehouse: 'Ikeja Open' });
    const hidden = await createStockFixture(t.app, owner, { warehouse: 'Kano Hidden' });
    await call(t.app, owner, {
      method: 'PUT',
      url: `/api/warehouses/${open.warehouseId}/access`,
      payload: { access_all: true },
    });
    const saleWithInvoice = async (stock: typeof open) => {
      const uploaded = await call(t.app, owner, {
        method: 'POST',
        url: '/api/sales/upload-invoice',
        ...multipartBody('file', 'invoice.png', PNG_BYTES),
      });
      const url: string = uploaded.json().invoice_file_url;
      const sold = await call(t.app, owner, {
        method: 'POST',
        url: '/api/sales/batch',
        payload: saleRequest(stock, { invoice_override: false, invoice_file_url: url }),
      });
      expect(sold.statusCode, sold.body).toBe(201);
      return url;
    };
    const openInvoice = await saleWithInvoice(open);
    const hiddenInvoice = await saleWithInvoice(hidden);
    const clerk = (await createEmployee(t.app, owner, ['sales.page.access'])).session;
    const status = async (session: TSession, url: string) =>
      (await call(t.app, session, { method: 'GET', url })).statusCode;
    expect([await status(clerk, openInvoice), await status(clerk, hiddenInvoice)]).toEqual([200, 404]);
    expect([await status(owner, openInvoice), await status(owner, hiddenInvoice)]).toEqual([200, 200]);
  });

  it('keep a name without control characters, and no bytes when their row cannot be written', async () => {
    const named = await call(t.app, md, {
      method: 'POST',
      url: '/api/expenses/upload-invoice',
      ...multipartBody('file', 'a\u0000b.png', PNG_BYTES),
    });
    expect(named.statusCode, named.body).toBe(201);
    const [row] = await t.database.db
      .select({ name: storedFiles.originalName })
      .from(storedFiles)
      .where(sql`${storedFiles.id} = ${named.json().file_id}`);
    expect(row?.name).toBe('ab.png');

    const storage = await createUploadsStorage(t.database, t.config);
    const files = createFilesService({ db: t.database.db, storage });
    const keptBytes = async () =>
      t.database.kind === 'postgres'
        ? (await t.database.db.select({ key: fileContents.key }).from(fileContents)).length
        : readdirSync(path.join(t.config.dataDir, 'uploads', String(tenantId))).length;
    const before = {
      rows: (await t.database.db.select().from(storedFiles)).length,
      bytes: await keptBytes(),
    };
    const goneUser = {
      userId: 2_000_000_000,
      tenantId,
      role: 'md' as const,
      username: 'Gone',
      email: 'gone@example.com',
      tenantName: 'Gone',
      sessionId: 'gone',
      permissions: [],
      permissionCodes: [],
    };
    await expect(files.storeContent(goneUser, 'expense_invoice', PNG_BYTES, 'x.png')).rejects.toThrow();
    expect({
      rows: (await t.database.db.select().from(storedFiles)).length,
      bytes: await keptBytes(),
    }).toEqual(before);
  });

  it('answer 404 when their bytes are gone', async () => {
    const { url, id } = await upload();
    await t.database.db.delete(fileContents).where(sql`${fileContents.key} = ${`${tenantId}/${id}`}`);
    await rm(path.join(t.config.dataDir, 'uploads', String(tenantId), id), { force: true });
    const read = await call(t.app, md, { method: 'GET', url });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ detail: 'File not found' });
  });

  it("fit in the plan's upload space: past it 413, on Pro there is more", async () => {
    const { md: owner } = await registerBusiness(t.app);
    const ownerTenant = (await call(t.app, owner, { method: 'GET', url: '/api/users/me' })).json().tenant_id;
    await t.database.db.insert(storedFiles).values({
      id: randomUUID(),
      tenantId: ownerTenant,
      purpose: 'expense_invoice',
      originalName: 'big.pdf',
      contentType: 'application/pdf',
      sizeBytes: UPLOAD_QUOTA_BYTES.free - 10,
    });
    const send = () =>
      call(t.app, owner, {
        method: 'POST',
        url: '/api/expenses/upload-invoice',
        ...multipartBody('file', 'invoice.png', PNG_BYTES),
      });
    const refused = await send();
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      detail:
        'Your business has used the 100 MB of uploaded files of the free plan. Upgrade to Pro to keep up to 5 GB.',
    });
    await t.database.db
      .update(tenants)
      .set({ plan: 'pro', planExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(sql`${tenants.id} = ${ownerTenant}`);
    expect((await send()).statusCode).toBe(201);
  });

  it('that no record names are removed after a day, and the others kept', async () => {
    const old = await upload();
    const named = await upload();
    const recent = await upload();
    const saved = await call(t.app, md, {
      method: 'POST',
      url: '/api/expenses/json',
      payload: {
        vendor_name: 'Ikeja Electric',
        total_amount: 4500,
        expense_date: businessDate(),
        payment_status: 'paid',
        payment_method: 'transfer',
        invoice_file_url: named.url,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await t.database.db
      .update(storedFiles)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(sql`${storedFiles.id} in (${old.id}, ${named.id})`);
    const sweeper = createUploadSweeper({
      db: t.database.db,
      storage: await createUploadsStorage(t.database, t.config),
      log: t.app.log,
    });
    expect(await sweeper.sweepOnce()).toBe(1);
    const status = async (url: string) => (await call(t.app, md, { method: 'GET', url })).statusCode;
    expect([await status(old.url), await status(named.url), await status(recent.url)]).toEqual([
      404, 200, 200,
    ]);
    const bytesLeft =
      t.database.kind === 'postgres'
        ? (
            await t.database.db
              .select()
              .from(fileContents)
              .where(sql`${fileContents.key} = ${`${tenantId}/${old.id}`}`)
          ).length
        : Number(existsSync(path.join(t.config.dataDir, 'uploads', String(tenantId), old.id)));
    expect(bytesLeft).toBe(0);
  });
});
