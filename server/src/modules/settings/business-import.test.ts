import { sql } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client.ts';
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
  importEmployeeLimit,
  NOT_AN_EXPORT,
  NOT_EMPTY,
  UNDECLARED_REFERENCES,
} from './business-import.ts';

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

/** A business with two warehouses, stock, a paid sale, a credit sale paid later, a restock paid in part, … */
async function fullBusiness() {
  const shop = await registerBusiness(t.app);
  const { md } = shop;
  await makePro(t, md);
  const stock = await createStockFixture(t.app, md, { quantity: 30 });
  const second = await createStockFixture(t.app, md, { quantity: 12 });
  expect((await post(md, '/api/sales/batch', saleRequest(stock))).statusCode).toBe(201);
  const credit = await post(
    md,
    '/api/sales/batch',
    saleRequest(second, {
      payment_status: 'credit',
      due_date: today,
      customer_name: 'Bayo Credit',
      customer_phone: '08035550000',
    }),
  );
  expect(credit.statusCode, credit.body).toBe(201);
  const saleId = credit.json().sale_id ?? credit.json().sales?.[0]?.sale_id;
  const paid = await post(md, `/api/sales/${saleId}/payments`, {
    amount: 1000,
    payment_method: 'transfer',
    payment_date: today,
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  const restocked = await post(md, `/api/restock/${stock.purchaseId}/payments`, {
    amount: 5000,
    payment_method: 'cash',
    payment_date: today,
  });
  expect(restocked.statusCode, restocked.body).toBeLessThan(300);
  expect(
    (await post(md, '/api/customers', { name: 'Chidi Customer', phone: '08030001111' })).statusCode,
  ).toBe(201);
  const employee = await createEmployee(t.app, md, ['expenses.page.access', 'sales.page.access']);
  const invoice = await call(t.app, md, {
    method: 'POST',
    url: '/api/expenses/upload-invoice',
    ...multipartBody('invoice_file', 'bill.png', PNG_BYTES),
  });
  expect(invoice.statusCode).toBe(201);
  const expense = await post(md, '/api/expenses/json', {
    vendor_name: 'Generator fuel',
    total_amount: 1500,
    expense_date: today,
    payment_status: 'paid',
    payment_method: 'cash',
    employee_id: employee.employeeId,
    invoice_file_url: invoice.json().invoice_file_url,
  });
  expect(expense.statusCode, expense.body).toBe(201);
  const logo = await call(t.app, md, {
    method: 'POST',
    url: '/api/sales/company/logo',
    ...multipartBody('logo_file', 'logo.png', PNG_BYTES),
  });
  expect(logo.statusCode, logo.body).toBeLessThan(300);
  return { ...shop, tenantId: await tenantOf(md), stock, second, employee };
}

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

const rowCounts = (tenantId: number) => tenantRowCounts(t.database.db, tenantId);

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
    const first = await fullBusiness();
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
    const first = await fullBusiness();
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
    const first = await fullBusiness();
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
    const first = await fullBusiness();
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
    const first = await fullBusiness();
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
