import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client.ts';
import { tenants } from '../../platform/db/schema/index.ts';
import { documents } from '../../platform/documents/pool.ts';
import { LIMIT_EXCEEDED } from '../../platform/tenancy/plan-limits.ts';
import { seedBusiness } from '../../test/business-fixture.ts';
import { closedGate } from '../../test/pool-gate.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { tenantRowCounts } from '../../test/tenant-rows.ts';
import { saleRequest, today } from '../../test/sales-fixtures.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  form,
  formBody,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';
import {
  FILE_ID_ARRAYS,
  IMPORT_SKIPPED_TABLES,
  IMPORT_BUSY,
  importEmployeeLimit,
  NOT_EMPTY,
  readTable,
  UNDECLARED_REFERENCES,
} from './business-import.ts';
import { importTooLarge, importUnzipsTooLarge, NOT_AN_EXPORT } from './business-import-unpack.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const IMPORT_URL = '/api/settings/business-import';
const get = (session: TSession, url: string) => call(t.app, session, { method: 'GET', url });
const post = (session: TSession, url: string, payload: unknown) =>
  call(t.app, session, { method: 'POST', url, payload: payload as object });
const tenantOf = async (session: TSession): Promise<number> =>
  (await get(session, '/api/users/me')).json().tenant_id;

/** Rows of the business whose undeclared reference names no row of the same business (should be none). */
async function danglingReferences(tenantId: number): Promise<string[]> {
  const found: string[] = [];
  const check = async (table: string, column: string, target: string, where = sql``) => {
    const targetId = target === 'stored_files' ? sql`t.id::text` : sql`t.id`;
    const own =
      target === 'stored_files' ? sql`r.${sql.identifier(column)}::text` : sql`r.${sql.identifier(column)}`;
    const [row] = await rowsOf<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from ${sql.identifier(table)} r
           where r.tenant_id = ${tenantId} and r.${sql.identifier(column)} is not null ${where}
             and not exists (select 1 from ${sql.identifier(target)} t
                              where ${targetId} = ${own} and t.tenant_id = ${tenantId})`,
    );
    if (Number(row!.n) > 0) found.push(`${table}.${column} → ${target}: ${row!.n}`);
  };
  for (const [table, columns] of Object.entries(UNDECLARED_REFERENCES))
    for (const [column, target] of Object.entries(columns)) {
      if (typeof target === 'string') await check(table, column, target);
      else
        for (const [kind, of] of Object.entries(target.tables))
          if (of) await check(table, column, of, sql`and r.${sql.identifier(target.by)} = ${kind}`);
    }
  return found;
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const rowCounts = (tenantId: number) => tenantRowCounts(t.database.db, tenantId);

/** What an app holds in its temporary folder (DATA_DIR/temp): nothing once an import has been answered. */
async function leftInTemp(app: TTestApp): Promise<string[]> {
  try {
    return await readdir(path.join(app.config.dataDir, 'temp'), { recursive: true });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

/** The zip with `name`'s unzipped size set to `size` in both its headers, as anyone editing a zip can. */
function understated(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer);
  for (let at = 0; at + 46 <= out.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    if (new TextDecoder().decode(out.subarray(at + 46, at + 46 + nameLength)) !== name) continue;
    view.setUint32(at + 24, size, true);
    view.setUint32(view.getUint32(at + 42, true) + 22, size, true);
    return out;
  }
  throw new Error(`${name} is not in the zip`);
}

const importedCounts = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).filter(([table]) => !IMPORT_SKIPPED_TABLES.has(table)));

async function exportOf(md: TSession): Promise<Buffer> {
  const res = await get(md, '/api/settings/export');
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const importZip = (md: TSession, zip: Buffer | Uint8Array) =>
  call(t.app, md, {
    method: 'POST',
    url: IMPORT_URL,
    ...multipartBody('export_file', 'export.zip', Buffer.from(zip)),
  });

/** What the screens show of the business: stock, the sales and inventory reports, the lists. */
async function figures(md: TSession) {
  const range = `start_date=${today}&end_date=${today}`;
  const sales = (await get(md, `/api/sales/reports/summary?${range}`)).json();
  const inventory = (await get(md, `/api/inventory/reports/summary?period=Weekly&${range}`)).json();
  const items = (await get(md, '/api/inventory/items-map')).json();
  const customers = (await get(md, '/api/customers')).json();
  const expenses = (await get(md, '/api/expenses')).json();
  return {
    sales,
    inventory,
    items,
    customers: customers.length ?? customers.total,
    expenses: expenses.length,
  };
}

describe('importing a business export', () => {
  it('brings every table, stock, reports and files into a new business while the first stays as it was', async () => {
    const first = await seedBusiness(t);
    const zip = await exportOf(first.md);
    const firstBefore = await rowCounts(first.tenantId);
    const firstFigures = await figures(first.md);

    const fresh = await registerBusiness(t.app);
    const freshTenant = await tenantOf(fresh.md);
    const res = await importZip(fresh.md, zip);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      files: 2,
      employees_removed: [first.employee.session.username],
    });
    expect(body.message).toMatch(/^Imported [\d,]+ records and 2 files\./);

    const after = importedCounts(await rowCounts(freshTenant));
    const expected = importedCounts(firstBefore);
    expect(after).toEqual(expected);
    expect(await rowCounts(first.tenantId)).toEqual(firstBefore);

    expect(await danglingReferences(freshTenant)).toEqual([]);
    const [sourced] = await rowsOf<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from stock_entries where tenant_id = ${freshTenant} and source_id is not null`,
    );
    expect(Number(sourced!.n)).toBeGreaterThan(3);

    const freshFigures = await figures(fresh.md);
    expect(Object.keys(firstFigures.items)).toHaveLength(2);
    expect(firstFigures.sales.totals).toBeTruthy();
    expect(
      JSON.stringify(freshFigures).replace(/"(item|warehouse|customer|expense|sale|purchase)_id":\d+/g, ''),
    ).toEqual(
      JSON.stringify(firstFigures).replace(/"(item|warehouse|customer|expense|sale|purchase)_id":\d+/g, ''),
    );

    const [file] = (await get(fresh.md, '/api/expenses')).json();
    expect(file.invoice_file_url).toBeTruthy();
    const bytes = await get(fresh.md, file.invoice_file_url.replace(/^.*\/api\//, '/api/'));
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(PNG_BYTES)).toBe(true);
    const firstFile = (await get(first.md, '/api/expenses')).json()[0].invoice_file_url;
    expect(file.invoice_file_url).not.toBe(firstFile);
    expect((await get(first.md, firstFile.replace(/^.*\/api\//, '/api/'))).rawPayload.equals(PNG_BYTES)).toBe(
      true,
    );

    const next = await post(
      fresh.md,
      '/api/sales/batch',
      saleRequest({
        warehouse: first.stock.warehouse,
        item: first.stock.item,
        itemId: (await get(fresh.md, '/api/inventory/items-map')).json()[first.stock.item].item_id,
      }),
    );
    expect(next.statusCode, next.body).toBe(201);
    expect(JSON.stringify(next.json())).toMatch(/"sale_number":3\b/);

    const audit = (await get(fresh.md, '/api/audit?kind=business.imported')).json().entries;
    expect(audit).toHaveLength(1);
  });

  it('brings employees with their permissions but no password, until the MD gives them one', async () => {
    const first = await seedBusiness(t);
    const zip = await exportOf(first.md);
    const { employee } = first;
    const closed = await post(first.md, '/api/settings/delete-account', {
      account_type: 'user',
      email: first.email,
      password: first.password,
      name_value: first.name,
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const fresh = await registerBusiness(t.app);
    const res = await importZip(fresh.md, zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ employees_without_password: 1, employees_removed: [] });
    expect(res.json().message).toContain('give each a new password in Settings → Password');

    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/employee/token',
        payload: formBody({ email: employee.email, password }),
        headers: form,
      });
    expect((await login(employee.password)).statusCode).toBe(401);
    expect(
      (
        await call(t.app, fresh.md, {
          method: 'PUT',
          url: '/api/settings/access-code',
          payload: { code: '2468' },
        })
      ).statusCode,
    ).toBe(200);
    const set = await post(fresh.md, '/api/settings/change-password', {
      email: employee.email,
      access_code: '2468',
      new_password: 'A new password 1',
    });
    expect(set.statusCode, set.body).toBe(200);
    const signedIn = await login('A new password 1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = { token: signedIn.json().access_token } as TSession;
    expect((await get(session, '/api/expenses')).statusCode).toBe(200);
    expect((await get(session, '/api/restock/')).statusCode).toBe(403);
    expect((await get(fresh.md, '/api/settings/employees')).json()).toHaveLength(1);
  });

  it('keeps the free plan’s employee limit: more employees than it allows need Pro first', async () => {
    const first = await seedBusiness(t);
    await createEmployee(t.app, first.md, ['sales.page.access']);
    const zip = await exportOf(first.md);
    const closed = await post(first.md, '/api/settings/delete-account', {
      account_type: 'user',
      email: first.email,
      password: first.password,
      name_value: first.name,
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const fresh = await registerBusiness(t.app);
    const freshTenant = await tenantOf(fresh.md);
    const before = await rowCounts(freshTenant);
    const refused = await importZip(fresh.md, zip);
    expect([refused.statusCode, refused.json().detail]).toEqual([403, importEmployeeLimit(2)]);
    expect(await rowCounts(freshTenant)).toEqual(before);

    await makePro(t, fresh.md);
    const res = await importZip(fresh.md, zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ employees_without_password: 2, employees_removed: [] });
  });

  it('refuses a business that already has data, and changes nothing', async () => {
    const first = await seedBusiness(t);
    const zip = await exportOf(first.md);
    const busy = await registerBusiness(t.app);
    const busyTenant = await tenantOf(busy.md);
    await createStockFixture(t.app, busy.md);
    const before = await rowCounts(busyTenant);
    const res = await importZip(busy.md, zip);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(NOT_EMPTY);
    expect(await rowCounts(busyTenant)).toEqual(before);
  });

  it('refuses a file that is not an export, a damaged one, and a caller who is not the MD; nothing changes', async () => {
    const first = await seedBusiness(t);
    const zip = unzipSync(new Uint8Array(await exportOf(first.md)));
    const fresh = await registerBusiness(t.app);
    const freshTenant = await tenantOf(fresh.md);
    const other = await registerBusiness(t.app);
    const employee = await createEmployee(t.app, other.md, ['settings.page.access', 'admin.full_access']);
    expect((await importZip(employee.session, zipSync(zip))).statusCode).toBe(403);
    expect((await get(other.md, '/api/dashboard/employees')).json()).toHaveLength(1);
    const before = await rowCounts(freshTenant);

    const notZip = await importZip(fresh.md, Buffer.from('not a zip at all'));
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json().detail).toBe(NOT_AN_EXPORT);
    const noManifest = { ...zip };
    delete noManifest['data/manifest.json'];
    expect((await importZip(fresh.md, zipSync(noManifest))).statusCode).toBe(422);
    const unknownColumn = { ...zip };
    const lines = new TextDecoder().decode(zip['data/customers.jsonl']!).split('\n');
    unknownColumn['data/customers.jsonl'] = strToU8(
      [
        JSON.stringify([...JSON.parse(lines[0]!), 'secret_column']),
        ...lines
          .slice(1)
          .filter(Boolean)
          .map((l) => JSON.stringify([...JSON.parse(l), 'x'])),
      ].join('\n'),
    );
    const refused = await importZip(fresh.md, zipSync(unknownColumn));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContain('secret_column');
    const dangling = { ...zip };
    dangling['data/sale_lines.jsonl'] = strToU8(
      new TextDecoder()
        .decode(zip['data/sale_lines.jsonl']!)
        .replace(/^(\[[^\n]*\]\n\["\d+","\d+",)"\d+"/m, '$1"999999"'),
    );
    const badReference = await importZip(fresh.md, zipSync(dangling));
    expect(badReference.statusCode, badReference.body).toBe(422);
    expect(badReference.json().detail).toBe(
      'The export cannot be imported: sale_lines.sale_id names a row that is not in it',
    );
    const missingFile = Object.fromEntries(
      Object.entries(zip).filter(([name]) => !name.startsWith('files/')),
    );
    expect((await importZip(fresh.md, zipSync(missingFile))).statusCode).toBe(422);

    const after = await rowCounts(freshTenant);
    expect({ ...after, audit_entries: 0, login_attempts: 0 }).toEqual({
      ...before,
      audit_entries: 0,
      login_attempts: 0,
    });
  });

  it('knows every integer reference of an imported table: a declared foreign key or one listed', async () => {
    const columns = await rowsOf<{ table_name: string; column_name: string }>(
      t.database.db,
      sql`select c.table_name, c.column_name from information_schema.columns c
            where c.table_schema = current_schema() and c.data_type in ('integer', 'bigint', 'text', 'jsonb')
              and (c.column_name like '%\\_id' or c.column_name like '%\\_by' or c.column_name like '%\\_ids')
              and c.column_name not in ('tenant_id', 'public_id')
              and c.table_name in (select table_name from information_schema.columns where column_name = 'tenant_id')`,
    );
    const declared = await rowsOf<{ table_name: string; column_name: string }>(
      t.database.db,
      sql`select cl.relname as table_name, a.attname as column_name from pg_constraint co
            join pg_class cl on cl.oid = co.conrelid
            join pg_attribute a on a.attrelid = co.conrelid and a.attnum = co.conkey[1]
           where co.contype = 'f'`,
    );
    const known = new Set([
      ...declared.map((row) => `${row.table_name}.${row.column_name}`),
      ...Object.entries(UNDECLARED_REFERENCES).flatMap(([table, of]) =>
        Object.keys(of).map((c) => `${table}.${c}`),
      ),
      ...Object.entries(FILE_ID_ARRAYS).flatMap(([table, of]) => of.map((c) => `${table}.${c}`)),
      // Not references to a row: a bank's own account id, a bank credit's id, a payment provider's key.
      'linked_accounts.provider_account_id',
      'transfer_checks.credit_id',
      'audit_entries.record_id',
      // Names people typed, not ids.
      'stock_movements.issued_by',
      'stock_movements.received_by',
    ]);
    const unknown = columns
      .filter((row) => !IMPORT_SKIPPED_TABLES.has(row.table_name))
      .map((row) => `${row.table_name}.${row.column_name}`)
      .filter((name) => !known.has(name));
    expect(unknown).toEqual([]);
  });
});

describe('unzipping the export off the request thread', () => {
  it('unzips and reads it on a document worker: while every worker is busy the import waits and the server answers', async () => {
    const first = await seedBusiness(t);
    const zip = await exportOf(first.md);
    const fresh = await registerBusiness(t.app);
    const freshTenant = await tenantOf(fresh.md);
    const before = await rowCounts(freshTenant);
    const gate = closedGate();
    const held = Array.from({ length: documents.threads }, (_, i) => documents.build(-1 - i, gate.task));
    let answered = false;
    const importing = importZip(fresh.md, zip).finally(() => {
      answered = true;
    });
    try {
      await until(() => documents.buildingFor(freshTenant) === 1, 'the import waits for a document worker');
      for (let n = 0; n < 3; n++)
        expect((await t.app.inject({ method: 'GET', url: '/api/' })).statusCode).toBe(200);
      expect(answered, 'the import was answered without a document worker').toBe(false);
      expect(await rowCounts(freshTenant)).toEqual(before);
      // Meanwhile the upload waits on disk, not in memory.
      const [upload] = (await leftInTemp(t)).filter((name) => name.endsWith('export.zip'));
      expect(upload, 'the upload is in DATA_DIR/temp').toBeDefined();
      expect((await stat(path.join(t.config.dataDir, 'temp', upload!))).size).toBe(zip.length);
    } finally {
      gate.open();
      await Promise.all(held);
    }
    const res = await importing;
    expect(res.statusCode, res.body).toBe(200);
    expect(documents.buildingFor(freshTenant)).toBe(0);
    expect(await leftInTemp(t)).toEqual([]);
  });

  it('while the business holds every document slot (two receipts printing), the import is 429 in its own words', async () => {
    const first = await seedBusiness(t);
    const zip = await exportOf(first.md);
    const fresh = await registerBusiness(t.app);
    const freshTenant = await tenantOf(fresh.md);
    const before = await rowCounts(freshTenant);
    const printing = Array.from({ length: documents.perTenant }, () => documents.slot(freshTenant));
    try {
      const res = await importZip(fresh.md, zip);
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json()).toEqual({ detail: IMPORT_BUSY });
      expect(res.headers['retry-after']).toBeDefined();
      expect(await rowCounts(freshTenant)).toEqual(before);
      expect(await leftInTemp(t)).toEqual([]);
    } finally {
      for (const slot of printing) slot.release();
    }
  });
});

describe('reading a table of the export', () => {
  const jsonl = (rows: (string | null)[][]) =>
    strToU8([JSON.stringify(['id', 'name', 'note']), ...rows.map((row) => JSON.stringify(row))].join('\n'));
  const many = Array.from({ length: 4_500 }, (_, i) => [String(i + 1), `Garri ₦${i}`, i % 2 ? null : 'x']);

  it('reads every line of a long table, letting the event loop turn between slices', async () => {
    let turns = 0;
    let reading = true;
    const tick = () => {
      turns += 1;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    const rows = await readTable('items', jsonl(many));
    reading = false;
    expect(rows).toHaveLength(4_500);
    expect(rows[0]).toEqual({ id: '1', name: 'Garri ₦0', note: 'x' });
    expect(rows[4_499]).toEqual({ id: '4500', name: 'Garri ₦4499', note: null });
    expect(turns).toBeGreaterThanOrEqual(2);
  });

  it('refuses a line that is not a row of the table, wherever it is', async () => {
    const broken = [...many.slice(0, 3_000), ['3001', 'Garri'], ...many.slice(3_001)];
    await expect(readTable('items', jsonl(broken))).rejects.toMatchObject({
      status: 422,
      detail: 'The export cannot be imported: items is not readable',
    });
    await expect(readTable('items', new Uint8Array(0))).rejects.toMatchObject({ status: 422 });
  });
});

describe('the free plan’s transactions', () => {
  const status = async (md: TSession) => (await get(md, '/api/dashboard/subscription-status')).json();
  /** The zip with the exported business's transaction_count set to `count`. */
  const withTransactionCount = (zip: Zippable, content: Uint8Array, count: string) => {
    const [header, ...rows] = new TextDecoder().decode(content).split('\n').filter(Boolean);
    const at = (JSON.parse(header!) as string[]).indexOf('transaction_count');
    const edited = rows.map((line) => {
      const cells = JSON.parse(line) as (string | null)[];
      cells[at] = count;
      return JSON.stringify(cells);
    });
    return zipSync({ ...zip, 'data/tenants.jsonl': strToU8([header, ...edited].join('\n')) });
  };

  it('carries the exported business’s count over, added to the importing business’s own', async () => {
    const source = await registerBusiness(t.app);
    const stock = await createStockFixture(t.app, source.md, { quantity: 30 });
    for (let n = 0; n < 3; n++)
      expect((await post(source.md, '/api/sales/batch', saleRequest(stock))).statusCode).toBe(201);
    expect((await status(source.md)).transaction_count).toBe(4);
    const zip = await exportOf(source.md);

    const fresh = await registerBusiness(t.app);
    await t.database.db
      .update(tenants)
      .set({ transactionCount: 2 })
      .where(eq(tenants.id, await tenantOf(fresh.md)));
    const res = await importZip(fresh.md, zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toContain(
      "The export's 4 transactions count toward the free plan's 10.",
    );
    expect(await status(fresh.md)).toMatchObject({ transaction_count: 6, transactions_remaining: 4 });
  });

  it('counts at least the sales, purchases and expenses it brings, and lands past the free limit with none left', async () => {
    const first = await seedBusiness(t);
    // Pro counts nothing: the business recorded its 2 purchases, 2 sales and 1 expense with a count of 0.
    expect((await status(first.md)).transaction_count).toBe(0);
    const zip = unzipSync(new Uint8Array(await exportOf(first.md)));
    const tenantsRows = zip['data/tenants.jsonl']!;

    const plain = await registerBusiness(t.app);
    expect((await importZip(plain.md, zipSync(zip))).statusCode).toBe(200);
    expect(await status(plain.md)).toMatchObject({ transaction_count: 5, transactions_remaining: 5 });

    const past = await registerBusiness(t.app);
    const pastTenant = await tenantOf(past.md);
    const res = await importZip(past.md, withTransactionCount(zip, tenantsRows, '25'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(past.md)).toMatchObject({ transaction_count: 25, transactions_remaining: 0 });
    const sales = (await rowCounts(pastTenant)).sales;
    const itemId = (await get(past.md, '/api/inventory/items-map')).json()[first.stock.item].item_id;
    const refused = await post(
      past.md,
      '/api/sales/batch',
      saleRequest({ warehouse: first.stock.warehouse, item: first.stock.item, itemId }),
    );
    expect([refused.statusCode, refused.json().detail]).toEqual([403, LIMIT_EXCEEDED]);
    expect((await rowCounts(pastTenant)).sales).toBe(sales);

    const unreadable = await registerBusiness(t.app);
    const bad = await importZip(unreadable.md, withTransactionCount(zip, tenantsRows, 'lots'));
    expect([bad.statusCode, bad.json().detail]).toEqual([
      422,
      'The export cannot be imported: tenants.transaction_count holds "lots"',
    ]);
  });
});

describe('the size limits of an import', () => {
  const MB = 1024 * 1024;
  let small: TTestApp;
  beforeAll(async () => {
    small = await createTestApp({ config: { importLimits: { zipBytes: MB, unzippedBytes: 2 * MB } } });
  });
  afterAll(() => small.close());

  it('refuses with 413 an export larger than the limit, or one that unzips past its limit, and changes nothing', async () => {
    const source = await registerBusiness(small.app);
    const exported = await call(small.app, source.md, { method: 'GET', url: '/api/settings/export' });
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const fresh = await registerBusiness(small.app);
    const freshTenant = (await call(small.app, fresh.md, { method: 'GET', url: '/api/users/me' })).json()
      .tenant_id;
    const counts = () => tenantRowCounts(small.database.db, freshTenant);
    const before = await counts();
    const send = (content: Uint8Array) =>
      call(small.app, fresh.md, {
        method: 'POST',
        url: IMPORT_URL,
        ...multipartBody('export_file', 'export.zip', Buffer.from(content)),
      });

    const large = zipSync({ ...zip, [`files/${randomUUID()}_noise.bin`]: [randomBytes(MB), { level: 0 }] });
    expect(large.length).toBeGreaterThan(MB);
    const tooLarge = await send(large);
    expect([tooLarge.statusCode, tooLarge.json().detail]).toEqual([413, importTooLarge(MB)]);
    expect(importTooLarge(MB)).toBe('The export is larger than 1 MB, the most an import takes');
    expect(await leftInTemp(small)).toEqual([]);

    const bomb = zipSync({ ...zip, [`files/${randomUUID()}_zeros.bin`]: new Uint8Array(2 * MB) });
    expect(bomb.length).toBeLessThan(MB);
    const unzipsLarge = await send(bomb);
    expect([unzipsLarge.statusCode, unzipsLarge.json().detail]).toEqual([413, importUnzipsTooLarge(2 * MB)]);
    expect(await leftInTemp(small)).toEqual([]);

    // The headers' sizes can be edited: the bytes are counted as they are unzipped.
    const hidden = `files/${randomUUID()}_zeros.bin`;
    const liar = understated(zipSync({ ...zip, [hidden]: new Uint8Array(3 * MB) }), hidden, 1);
    expect(liar.length).toBeLessThan(MB);
    const unzipsLargeAnyway = await send(liar);
    expect([unzipsLargeAnyway.statusCode, unzipsLargeAnyway.json().detail]).toEqual([
      413,
      importUnzipsTooLarge(2 * MB),
    ]);
    expect(await leftInTemp(small)).toEqual([]);
    expect(await counts()).toEqual(before);

    const res = await send(zipSync(zip));
    expect(res.statusCode, res.body).toBe(200);
    expect(await leftInTemp(small)).toEqual([]);
  });

  it('removes a temporary folder a stopped process left behind, once it is a day old', async () => {
    const temp = path.join(small.config.dataDir, 'temp');
    await mkdir(path.join(temp, 'import-left', 'files'), { recursive: true });
    await writeFile(path.join(temp, 'import-left', 'export.zip'), 'part of a zip');
    await mkdir(path.join(temp, 'import-running'), { recursive: true });
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    await utimes(path.join(temp, 'import-left'), dayAgo, dayAgo);
    const fresh = await registerBusiness(small.app);
    const res = await call(small.app, fresh.md, {
      method: 'POST',
      url: IMPORT_URL,
      ...multipartBody('export_file', 'export.zip', Buffer.from('not a zip at all')),
    });
    expect([res.statusCode, res.json().detail]).toEqual([422, NOT_AN_EXPORT]);
    expect(await leftInTemp(small)).toEqual(['import-running']);
    await rm(path.join(temp, 'import-running'), { recursive: true });
  });

  it('removes the part of the upload it received when the client goes away', async () => {
    const fresh = await registerBusiness(small.app);
    const address = new URL(await small.app.listen({ port: 0, host: '127.0.0.1' }));
    const boundary = 'gone-away';
    const socket = net.connect(Number(address.port), address.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${IMPORT_URL} HTTP/1.1\r\nHost: ${address.host}\r\nAuthorization: Bearer ${fresh.md.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${MB - 1024}\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="export_file"; filename="export.zip"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    );
    socket.write(randomBytes(MB / 4));
    const uploaded = async () => {
      const [upload] = (await leftInTemp(small)).filter((name) => name.endsWith('export.zip'));
      return upload ? (await stat(path.join(small.config.dataDir, 'temp', upload))).size : 0;
    };
    const deadline = Date.now() + 10_000;
    while ((await uploaded()) === 0) {
      if (Date.now() > deadline) throw new Error('the upload never reached DATA_DIR/temp');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    socket.destroy();
    while ((await leftInTemp(small)).length > 0) {
      if (Date.now() > deadline) throw new Error(`left in DATA_DIR/temp: ${await leftInTemp(small)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});

describe('importing with the files in S3-compatible storage', () => {
  it('stores the files in the bucket under new ids, and takes them away again when the import is refused', async () => {
    const s3 = await startS3Server({ bucket: 'shop-files', accessKeyId: 'local-key' });
    const app = await createTestApp({
      config: {
        s3: {
          bucket: 'shop-files',
          region: 'us-east-1',
          endpoint: s3.url,
          credentials: { accessKeyId: 'local-key', secretAccessKey: 'local-secret' },
          forcePathStyle: true,
          prefix: '',
        },
      },
    });
    try {
      const { md } = await registerBusiness(app.app);
      const upload = await call(app.app, md, {
        method: 'POST',
        url: '/api/expenses/upload-invoice',
        ...multipartBody('invoice_file', 'bill.png', PNG_BYTES),
      });
      expect(upload.statusCode).toBe(201);
      const saved = await call(app.app, md, {
        method: 'POST',
        url: '/api/expenses/json',
        payload: {
          vendor_name: 'Diesel',
          total_amount: 900,
          expense_date: today,
          payment_status: 'paid',
          payment_method: 'cash',
          invoice_file_url: upload.json().invoice_file_url,
        },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const exported = await call(app.app, md, { method: 'GET', url: '/api/settings/export' });
      const zip = unzipSync(new Uint8Array(exported.rawPayload));
      const objectsBefore = [...s3.objects.keys()].sort();

      const fresh = await registerBusiness(app.app);
      const freshTenant = (await call(app.app, fresh.md, { method: 'GET', url: '/api/users/me' })).json()
        .tenant_id;
      const broken = { ...zip };
      broken['data/expenses.jsonl'] = strToU8(
        new TextDecoder().decode(zip['data/expenses.jsonl']!).replace(/"(cash)"/, '"not a method"'),
      );
      const send = (content: Uint8Array) =>
        call(app.app, fresh.md, {
          method: 'POST',
          url: IMPORT_URL,
          ...multipartBody('export_file', 'export.zip', Buffer.from(content)),
        });
      const refused = await send(zipSync(broken));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().detail).toBe(
        'The export cannot be imported: expenses.payment_method holds "not a method"',
      );
      expect([...s3.objects.keys()].sort()).toEqual(objectsBefore);

      const res = await send(zipSync(zip));
      expect(res.statusCode, res.body).toBe(200);
      const added = [...s3.objects.keys()].filter((key) => !objectsBefore.includes(key));
      expect(added).toHaveLength(1);
      expect(added[0]!.startsWith(`${freshTenant}/`)).toBe(true);
      expect(s3.objects.get(added[0]!)!.equals(PNG_BYTES)).toBe(true);
      const [expense] = (await call(app.app, fresh.md, { method: 'GET', url: '/api/expenses' })).json();
      const read = await call(app.app, fresh.md, {
        method: 'GET',
        url: expense.invoice_file_url.replace(/^.*\/api\//, '/api/'),
      });
      expect(read.rawPayload.equals(PNG_BYTES)).toBe(true);
    } finally {
      await app.close();
      await s3.close();
    }
  });
});
