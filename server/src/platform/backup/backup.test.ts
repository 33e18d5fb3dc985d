/**
 * `npm run backup` / `npm run restore` on the embedded database: a backup taken through the running server's
 * socket while sales are being recorded restores into an empty DATA_DIR, the server starts from it and serves
 * the same data, and every table is equal row by row. (PGlite only: PostgreSQL is backed up with pg_dump.)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { saleRequest, today } from '../../test/sales-fixtures.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  loginMd,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  testConfig,
  type TSession,
} from '../../test/test-app.ts';
import { openDatabase, rowsOf, type DatabaseHandle } from '../db/client.ts';
import { serveBackups } from './backup-socket.ts';
import { backupCommand, restoreCommand } from './cli.ts';

const onPglite = process.env.TEST_DB_KIND !== 'postgres';

type TStock = Awaited<ReturnType<typeof createStockFixture>>;
type TServer = {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close: () => Promise<void>;
};

/** The server as main.ts starts it on a DATA_DIR: the embedded database there, the app, the backup socket. */
async function startServer(dataDir: string): Promise<TServer> {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config: testConfig({ dataDir }), database, serveWebApp: false });
  await app.ready();
  const stopBackups = await serveBackups({ dataDir, database, log: app.log });
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await stopBackups();
      await app.close();
      await database.close();
    },
  };
}

/** Every table of the database (the migrations' own too), each as its rows' JSON in one order. */
async function everyTable(database: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = await rowsOf<{ name: string }>(
    database.db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
         where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const rows = await rowsOf<{ r: string }>(
      database.db,
      sql`select to_jsonb(t)::text as r from ${sql.identifier(schema!)}.${sql.identifier(table!)} t order by 1`,
    );
    out[name] = rows.map((row) => row.r);
  }
  return out;
}

const output = () => {
  const lines: string[] = [];
  return {
    lines,
    log: (line: string) => lines.push(line),
    error: (line: string) => lines.push(`ERROR ${line}`),
  };
};

describe.runIf(onPglite)('backup and restore of the embedded database', { timeout: 120_000 }, () => {
  let root: string;
  let source: TServer;
  let shop: { name: string; password: string; md: TSession; stock: TStock; fileId: string };
  const secret = `secret-${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'backup-test-'));
    const dataDir = path.join(root, 'source');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'jwt-secret'), secret, { mode: 0o600 });
    source = await startServer(dataDir);
    const t = {
      app: source.app,
      database: source.database,
      config: testConfig({ dataDir }),
      close: source.close,
    };
    // A business with stock, sales, a customer, an employee, an uploaded invoice and a logo; and another one.
    for (const label of ['other', 'main']) {
      const business = await registerBusiness(source.app);
      await makePro(t, business.md);
      const stock = await createStockFixture(source.app, business.md, { quantity: 100_000 });
      for (let i = 0; i < 3; i += 1) {
        const sale = await call(source.app, business.md, {
          method: 'POST',
          url: '/api/sales/batch',
          payload: saleRequest(stock),
        });
        expect(sale.statusCode, sale.body).toBe(201);
      }
      await createEmployee(source.app, business.md, ['sales.page.access']);
      const invoice = await call(source.app, business.md, {
        method: 'POST',
        url: '/api/expenses/upload-invoice',
        ...multipartBody('invoice_file', 'bill.png', PNG_BYTES),
      });
      expect(invoice.statusCode, invoice.body).toBe(201);
      const expense = await call(source.app, business.md, {
        method: 'POST',
        url: '/api/expenses/json',
        payload: {
          vendor_name: `Vendor of ${business.name}`,
          total_amount: 1500,
          expense_date: today,
          payment_status: 'paid',
          payment_method: 'cash',
          invoice_file_url: invoice.json().invoice_file_url,
        },
      });
      expect(expense.statusCode, expense.body).toBe(201);
      const logo = await call(source.app, business.md, {
        method: 'POST',
        url: '/api/sales/company/logo',
        ...multipartBody('logo_file', 'logo.png', PNG_BYTES),
      });
      expect(logo.statusCode, logo.body).toBeLessThan(300);
      if (label === 'main') shop = { ...business, stock, fileId: invoice.json().file_id };
    }
  });

  afterAll(async () => {
    await source?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('restores into an empty DATA_DIR every table row by row, and the restored server serves the same data', async () => {
    const archive = path.join(root, 'quiet.tar');
    const out = output();
    expect(await backupCommand(['--out', archive], { DATA_DIR: source.dataDir }, out), out.lines[0]).toBe(0);
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatch(
      /^Backup written to .*quiet\.tar \(.* MB\): \d+ tables, [\d,]+ rows, 4 files, taken by the running server, which paused for \d+ ms$/,
    );
    // The server removes its staging folder once the last byte has gone (the reader may have it first).
    await vi.waitFor(
      () => expect(readdirSync(source.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]),
      { timeout: 15_000, interval: 100 },
    );

    const target = path.join(root, 'restored');
    const restored = output();
    expect(await restoreCommand([archive], { DATA_DIR: target }, restored), restored.lines[0]).toBe(0);
    expect(restored.lines[0]).toMatch(
      /^Restored the backup of .* into .*restored: \d+ tables, [\d,]+ rows, 4 files\./,
    );
    expect(readFileSync(path.join(target, 'jwt-secret'), 'utf8')).toBe(secret);

    const copy = await startServer(target);
    try {
      const sourceTables = await everyTable(source.database);
      const restoredTables = await everyTable(copy.database);
      expect(Object.keys(restoredTables)).toEqual(Object.keys(sourceTables));
      expect(Object.keys(sourceTables).length).toBeGreaterThan(30);
      for (const table of Object.keys(sourceTables))
        expect(restoredTables[table], table).toEqual(sourceTables[table]);
      expect(sourceTables['public.sales']).toHaveLength(6);
      expect(sourceTables['public.stored_files']).toHaveLength(4);

      // The restored server signs the MD in, lists the sales and serves the uploaded file.
      const md = await loginMd(copy.app, shop.name, shop.password);
      const sales = await call(copy.app, md, { method: 'GET', url: '/api/sales' });
      expect(sales.statusCode).toBe(200);
      expect(sales.json()).toEqual(
        (await call(source.app, shop.md, { method: 'GET', url: '/api/sales' })).json(),
      );
      const file = await call(copy.app, md, { method: 'GET', url: `/api/files/${shop.fileId}` });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    } finally {
      await copy.close();
    }
  });

  it('holds a sale recorded during the backup wholly or not at all', async () => {
    const archive = path.join(root, 'busy.tar');
    const recordSale = async (i: number) => {
      const res = await call(source.app, shop.md, {
        method: 'POST',
        url: '/api/sales/batch',
        payload: { ...saleRequest(shop.stock), customer_name: `Concurrent ${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    // Two writers record sales one after another from before the backup starts until it has ended.
    let backingUp = true;
    let sent = 0;
    const writer = async () => {
      // (A pause between sales, as between requests from the network: app.inject alone would keep the
      // event loop in promise callbacks and leave the backup's socket no turn.)
      while (backingUp) {
        await recordSale((sent += 1));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    const writers = [writer(), writer()];
    while (sent < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    const out = output();
    const code = await backupCommand(['--out', archive], { DATA_DIR: source.dataDir }, out);
    backingUp = false;
    await Promise.all(writers);
    expect(code, out.lines[0]).toBe(0);

    const target = path.join(root, 'busy');
    const restored = output();
    expect(await restoreCommand([archive], { DATA_DIR: target }, restored), restored.lines[0]).toBe(0);
    const copy = await startServer(target);
    try {
      const one = async (query: ReturnType<typeof sql>) =>
        Number((await rowsOf<{ n: number | string }>(copy.database.db, query))[0]!.n);
      const inBackup = await one(
        sql`select count(*) as n from sales where customer_name like 'Concurrent %'`,
      );
      expect(inBackup).toBeGreaterThanOrEqual(4);
      expect(inBackup).toBeLessThan(sent);
      // Every sale in the backup is whole: its line, its stock entry, its audit entry; the stock adds up.
      expect(
        await one(sql`select count(*) as n from sales s where customer_name like 'Concurrent %'
                      and (select count(*) from sale_lines l where l.sale_id = s.id) <> 1`),
      ).toBe(0);
      expect(
        await one(sql`select count(*) as n from sales s where s.tenant_id = (select tenant_id from items where id = ${shop.stock.itemId})
                      and not exists (select 1 from audit_entries a where a.kind = 'sale.created'
                                       and a.tenant_id = s.tenant_id and a.record_id = s.id::text)`),
      ).toBe(0);
      const sold = await one(
        sql`select coalesce(sum(quantity), 0) as n from sale_lines where item_id = ${shop.stock.itemId}`,
      );
      expect(sold).toBe(2 * (3 + inBackup));
      expect(await one(sql`select on_hand as n from items where id = ${shop.stock.itemId}`)).toBe(
        100_000 - sold,
      );
      expect(
        await one(
          sql`select sum(quantity) as n from stock_entries where item_id = ${shop.stock.itemId} and kind = 'stock_out'`,
        ),
      ).toBe(sold);
      const md = await loginMd(copy.app, shop.name, shop.password);
      expect((await call(copy.app, md, { method: 'GET', url: '/api/sales' })).json()).toHaveLength(
        3 + inBackup,
      );
    } finally {
      await copy.close();
    }
    // The server recorded every one of them.
    const [recorded] = await rowsOf<{ n: number }>(
      source.database.db,
      sql`select count(*)::int as n from sales where customer_name like 'Concurrent %'`,
    );
    expect(recorded?.n).toBe(sent);
  });

  it('refuses a DATA_DIR that is not empty, and a damaged or cut archive, with one line and nothing left behind', async () => {
    const archive = path.join(root, 'quiet.tar');
    if (!existsSync(archive)) await backupCommand(['--out', archive], { DATA_DIR: source.dataDir }, output());
    const busy = output();
    expect(await restoreCommand([archive], { DATA_DIR: source.dataDir }, busy)).toBe(1);
    expect(busy.lines).toEqual([
      `ERROR Cannot restore into DATA_DIR ${source.dataDir}: it is not empty (restore into an empty or new folder)`,
    ]);

    const bytes = readFileSync(archive);
    const damaged = Buffer.from(bytes);
    const at = damaged.indexOf(PNG_BYTES);
    expect(at).toBeGreaterThan(0);
    damaged[at + 20] = damaged[at + 20]! ^ 0xff;
    writeFileSync(path.join(root, 'damaged.tar'), damaged);
    writeFileSync(path.join(root, 'cut.tar'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    for (const [name, message] of [
      ['damaged.tar', /^ERROR uploads\/\d+\/[0-9a-f-]{36} in the archive is damaged/],
      ['cut.tar', /^ERROR The archive cannot be read: the archive was cut short/],
    ] as const) {
      const target = path.join(root, `into-${name}`);
      const out = output();
      expect(await restoreCommand([path.join(root, name)], { DATA_DIR: target }, out)).toBe(1);
      expect(out.lines).toHaveLength(1);
      expect(out.lines[0]).toMatch(message);
      expect(readdirSync(target)).toEqual([]);
    }
  });
});
