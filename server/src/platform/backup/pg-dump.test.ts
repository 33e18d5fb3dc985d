/**
 * What the README says for PostgreSQL: pg_dump holds everything, uploaded files included (they live in
 * file_contents), so pg_restore into a new database gives a server that serves the same data and files from an
 * empty DATA_DIR. Runs on the PostgreSQL project when pg_dump is installed.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { saleRequest } from '../../test/sales-fixtures.ts';
import { scratchDatabase } from '../../test/spawned-server.ts';
import {
  call,
  createStockFixture,
  loginMd,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  testConfig,
} from '../../test/test-app.ts';
import { openDatabase, rowsOf, type DatabaseHandle } from '../db/client.ts';

const run = promisify(execFile);
const canDump = process.env.TEST_DB_KIND === 'postgres' && existsSync('/usr/bin/pg_dump');

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

describe.runIf(canDump)('PostgreSQL backed up with pg_dump and pg_restore', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('restores every table and every uploaded file into a new database', async () => {
    const source = await scratchDatabase('pgdump_src');
    cleanups.push(source.drop);
    const database = await openDatabase({ url: source.url });
    const app = await buildApp({ config: testConfig(), database, serveWebApp: false });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    await app.ready();
    const t = { app, database, config: testConfig(), close: async () => {} };
    const shop = await registerBusiness(app);
    await makePro(t, shop.md);
    const stock = await createStockFixture(app, shop.md);
    const sale = await call(app, shop.md, {
      method: 'POST',
      url: '/api/sales/batch',
      payload: saleRequest(stock),
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const upload = await call(app, shop.md, {
      method: 'POST',
      url: '/api/expenses/upload-invoice',
      ...multipartBody('invoice_file', 'bill.png', PNG_BYTES),
    });
    expect(upload.statusCode, upload.body).toBe(201);

    const dir = await mkdtemp(path.join(tmpdir(), 'pgdump-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dump = path.join(dir, 'naira-ledger.dump');
    await run('pg_dump', ['-Fc', '-f', dump, source.url]);
    const target = await scratchDatabase('pgdump_dst');
    cleanups.push(target.drop);
    await run('pg_restore', ['--no-owner', '-d', target.url, dump]);

    // A server on the restored database, with a DATA_DIR of its own that holds nothing.
    const restored = await openDatabase({ url: target.url });
    const emptyDataDir = path.join(dir, 'empty-data-dir');
    const copy = await buildApp({
      config: testConfig({ dataDir: emptyDataDir }),
      database: restored,
      serveWebApp: false,
    });
    cleanups.push(async () => {
      await copy.close();
      await restored.close();
    });
    await copy.ready();

    const before = await everyTable(database);
    const after = await everyTable(restored);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(before['public.file_contents']).toHaveLength(1);

    const md = await loginMd(copy, shop.name, shop.password);
    const file = await call(copy, md, { method: 'GET', url: `/api/files/${upload.json().file_id}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(existsSync(path.join(emptyDataDir, 'uploads'))).toBe(false);
  });
});
