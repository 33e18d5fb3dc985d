import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/client.ts';
import { seedBusiness } from '../../test/business-fixture.ts';
import { today } from '../../test/sales-fixtures.ts';
import { tenantRowCounts, tenantTables } from '../../test/tenant-rows.ts';
import {
  call,
  createEmployee,
  createTestApp,
  form,
  formBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';
import { createUploadsStorage } from '../../platform/storage/uploads.ts';
import { createFilesService } from '../files/files.service.ts';
import { EXPORT_SECRET_COLUMNS, EXPORT_SKIPPED_TABLES, streamBusinessExport } from './business-export.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DELETE_URL = '/api/settings/delete-account';
const get = (session: TSession, url: string) => call(t.app, session, { method: 'GET', url });
const post = (session: TSession, url: string, payload: unknown) =>
  call(t.app, session, { method: 'POST', url, payload: payload as object });
const me = (session: TSession) => get(session, '/api/users/me');
const employeeLogin = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/employee/token',
    payload: formBody({ email, password }),
    headers: form,
  });
const mdLogin = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: formBody({ username, password }),
    headers: form,
  });
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');

/** The business's rows in every table with a tenant_id column, and its tenant row. */
async function rowCounts(tenantId: number): Promise<Record<string, number>> {
  const counts = await tenantRowCounts(t.database.db, tenantId);
  const [tenant] = await rowsOf<{ n: number | string }>(
    t.database.db,
    sql`select count(*) as n from tenants where id = ${tenantId}`,
  );
  counts.tenants = Number(tenant!.n);
  return counts;
}

/** The ids of the business's stored files, wherever the app keeps them (the database on PostgreSQL). */
async function storedFileIds(tenantId: number): Promise<string[]> {
  if (t.database.kind === 'postgres') {
    const rows = await rowsOf<{ key: string }>(
      t.database.db,
      sql`select key from file_contents where key like ${`${tenantId}/%`} order by key`,
    );
    return rows.map((row) => row.key.slice(String(tenantId).length + 1));
  }
  const dir = path.join(uploadsDir(), String(tenantId));
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function downloadExport(md: TSession) {
  const res = await get(md, '/api/settings/export');
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename=".+_export_\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return unzipSync(new Uint8Array(res.rawPayload));
}

/** A CSV of the export as rows of cells (the values the tests use have no quotes or commas). */
const csvRows = (content: Uint8Array) =>
  strFromU8(content)
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

describe('removing an employee (Delete Account, account type "employee")', () => {
  it('ends their session at once, stops their login, keeps their name on old records, and frees the e-mail', async () => {
    const shop = await seedBusiness(t);
    const { md, employee } = shop;
    expect((await me(employee.session)).statusCode).toBe(200);

    const res = await post(md, DELETE_URL, {
      account_type: 'employee',
      email: employee.email,
      password: shop.password,
      name_value: ` ${employee.session.username.toUpperCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, account_type: 'employee' });

    expect((await me(employee.session)).statusCode).toBe(401);
    expect((await employeeLogin(employee.email, employee.password)).statusCode).toBe(401);
    const [expense] = (await get(md, '/api/expenses')).json();
    expect(expense).toMatchObject({
      employee_id: employee.employeeId,
      employee_name: employee.session.username,
    });
    const edited = await call(t.app, md, {
      method: 'PUT',
      url: `/api/expenses/${expense.expense_id}`,
      payload: { vendor_name: 'Edited after the removal', employee_id: employee.employeeId },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      employee_id: employee.employeeId,
      employee_name: employee.session.username,
    });
    const naming = await post(md, '/api/expenses/json', {
      vendor_name: 'New bill',
      total_amount: 100,
      expense_date: today,
      payment_status: 'paid',
      payment_method: 'cash',
      employee_id: employee.employeeId,
    });
    expect(naming.statusCode).toBe(404);
    expect(naming.json().detail).toBe('Employee not found');
    expect((await get(md, '/api/requisitions/employees')).json()).not.toContainEqual(
      expect.objectContaining({ employee_id: employee.employeeId }),
    );

    expect((await get(md, '/api/dashboard/employees')).json()).toEqual([]);
    expect((await get(md, '/api/settings/employees')).json()).toEqual([]);
    expect((await get(md, '/api/dashboard/dashboard-stats')).json().employees).toBe(0);
    expect((await get(md, `/api/settings/employee-permissions/${employee.employeeId}`)).statusCode).toBe(404);

    const again = await post(md, '/api/dashboard/create-employee', {
      name: 'New Hire',
      email: employee.email,
      password: 'new hire password',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await employeeLogin(employee.email, 'new hire password')).json().username).toBe('New Hire');

    const audit = (await get(md, '/api/audit?kind=employee.removed')).json().entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      record_type: 'employee',
      record_id: String(employee.employeeId),
      before: { email: employee.email, name: employee.session.username },
    });
    expect(JSON.stringify(audit)).not.toContain(shop.password);
  });

  it('refuses a wrong password, another name, an unknown e-mail and a caller who is not the MD', async () => {
    const shop = await seedBusiness(t);
    const { md, employee } = shop;
    const body = {
      account_type: 'employee',
      email: employee.email,
      password: shop.password,
      name_value: employee.session.username,
    };
    const wrongPassword = await post(md, DELETE_URL, { ...body, password: 'not the password' });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().detail).toBe('Incorrect password');
    const wrongName = await post(md, DELETE_URL, { ...body, name_value: 'Somebody Else' });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().detail).toBe('The name does not match this employee');
    const unknown = await post(md, DELETE_URL, { ...body, email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(404);
    const mdAsEmployee = await post(md, DELETE_URL, { ...body, email: shop.email });
    expect(mdAsEmployee.statusCode).toBe(404);
    const byEmployee = await post(employee.session, DELETE_URL, body);
    expect(byEmployee.statusCode).toBe(403);
    const stranger = await registerBusiness(t.app);
    expect((await post(stranger.md, DELETE_URL, { ...body, password: stranger.password })).statusCode).toBe(
      404,
    );

    expect((await me(employee.session)).statusCode).toBe(200);
    expect((await get(md, '/api/dashboard/employees')).json()).toHaveLength(1);
    expect((await get(md, '/api/audit?kind=employee.removed')).json().entries).toEqual([]);
  });

  it('counts wrong passwords: past 5, even the right one is refused with 429', async () => {
    const shop = await seedBusiness(t);
    const body = {
      account_type: 'employee',
      email: shop.employee.email,
      password: 'wrong',
      name_value: shop.employee.session.username,
    };
    for (let i = 0; i < 5; i += 1) expect((await post(shop.md, DELETE_URL, body)).statusCode).toBe(403);
    const blocked = await post(shop.md, DELETE_URL, { ...body, password: shop.password });
    expect(blocked.statusCode).toBe(429);
    expect((await me(shop.employee.session)).statusCode).toBe(200);
  });
});

describe('the business export', () => {
  it('has a CSV per table of the business with its rows only, and its uploaded files', async () => {
    const shop = await seedBusiness(t);
    const other = await seedBusiness(t);
    const zip = await downloadExport(shop.md);
    const names = Object.keys(zip);

    const expected = (await tenantTables(t.database.db)).filter((table) => !EXPORT_SKIPPED_TABLES.has(table));
    for (const table of [...expected, 'tenants']) expect(names, table).toContain(`${table}.csv`);
    for (const table of EXPORT_SKIPPED_TABLES) expect(names).not.toContain(`${table}.csv`);

    for (const table of expected) {
      const [header, ...rows] = csvRows(zip[`${table}.csv`]!);
      for (const secret of EXPORT_SECRET_COLUMNS) expect(header, table).not.toContain(secret);
      const tenantColumn = header!.indexOf('tenant_id');
      for (const row of rows) expect(row[tenantColumn], table).toBe(String(shop.tenantId));
    }
    const [tenantHeader, ...tenantRows] = csvRows(zip['tenants.csv']!);
    expect(tenantRows).toHaveLength(1);
    expect(tenantRows[0]![tenantHeader!.indexOf('name')]).toBe(shop.name);

    const counts = await rowCounts(shop.tenantId);
    for (const table of expected) expect(csvRows(zip[`${table}.csv`]!).length - 1, table).toBe(counts[table]);
    expect(strFromU8(zip['customers.csv']!)).toContain(`Customer of ${shop.name}`);
    expect(strFromU8(zip['expenses.csv']!)).toContain(`Vendor of ${shop.name}`);
    const everything = names.map((name) => (name.endsWith('.csv') ? strFromU8(zip[name]!) : name)).join('\n');
    expect(everything).not.toContain(other.name);
    expect(everything).not.toContain(other.fileId);

    const files = names.filter((name) => name.startsWith('files/'));
    expect(files).toHaveLength(2);
    const invoice = files.find((name) => name.startsWith(`files/${shop.fileId}_`))!;
    expect(Buffer.from(zip[invoice]!).equals(PNG_BYTES)).toBe(true);
  });

  it('reads a table page by page with the same result', async () => {
    const shop = await seedBusiness(t);
    for (const [i, name] of ['Ada', 'Bayo', 'Chidi', 'Dupe', 'Emeka'].entries())
      expect((await post(shop.md, '/api/customers', { name, phone: `0803111222${i}` })).statusCode).toBe(201);
    const whole = await downloadExport(shop.md);
    const stream = streamBusinessExport({
      db: t.database.db,
      files: createFilesService({
        db: t.database.db,
        storage: await createUploadsStorage(t.database, t.config),
      }),
      tenantId: shop.tenantId,
      log: t.app.log,
      pageRows: 2,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const paged = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Object.keys(paged).sort()).toEqual(Object.keys(whole).sort());
    for (const name of Object.keys(whole)) expect(csvRows(paged[name]!), name).toEqual(csvRows(whole[name]!));
    const customers = (await rowCounts(shop.tenantId)).customers!;
    expect(customers).toBeGreaterThan(4);
    expect(csvRows(paged['customers.csv']!)).toHaveLength(1 + customers);
  });

  it('is for the MD only', async () => {
    const shop = await seedBusiness(t);
    const viewer = await createEmployee(t.app, shop.md, ['settings.page.access', 'admin.full_access']);
    expect((await get(viewer.session, '/api/settings/export')).statusCode).toBe(403);
  });
});

describe('closing a business (Delete Account, account type "user")', () => {
  it('removes every row and file of that business and nothing of another', async () => {
    const closing = await seedBusiness(t);
    const kept = await seedBusiness(t);
    const keptEmployee = await createEmployee(t.app, kept.md);
    const closingBefore = await rowCounts(closing.tenantId);
    const keptBefore = await rowCounts(kept.tenantId);
    expect(closingBefore.audit_entries).toBeGreaterThan(0);
    expect(closingBefore.stored_files).toBe(2);
    expect(await storedFileIds(closing.tenantId)).toHaveLength(2);
    const keptFiles = await storedFileIds(kept.tenantId);
    expect(keptFiles).toHaveLength(2);
    expect((await me(closing.employee.session)).statusCode).toBe(200);

    const res = await post(closing.md, DELETE_URL, {
      account_type: 'user',
      email: closing.email.toUpperCase(),
      password: closing.password,
      name_value: closing.name,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      account_type: 'user',
      message: `${closing.name} has been closed and all its data deleted.`,
    });

    const closingAfter = await rowCounts(closing.tenantId);
    expect(
      Object.values(closingAfter).every((n) => n === 0),
      JSON.stringify(closingAfter),
    ).toBe(true);
    expect(await rowCounts(kept.tenantId)).toEqual(keptBefore);
    expect(await storedFileIds(closing.tenantId)).toEqual([]);
    expect(await storedFileIds(kept.tenantId)).toEqual(keptFiles);

    expect((await me(closing.md)).statusCode).toBe(401);
    expect((await me(closing.employee.session)).statusCode).toBe(401);
    expect((await mdLogin(closing.name, closing.password)).statusCode).toBe(401);

    for (const session of [kept.md, kept.employee.session, keptEmployee.session])
      expect((await me(session)).statusCode).toBe(200);
    const keptFile = await get(kept.md, `/api/files/${kept.fileId}`);
    expect(keptFile.statusCode).toBe(200);
    expect(keptFile.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await get(kept.md, '/api/audit?limit=5')).json().entries.length).toBeGreaterThan(0);

    const again = await registerBusiness(t.app, { name: closing.name, email: closing.email });
    expect((await me(again.md)).json().tenant_name).toBe(closing.name);
  });

  it('needs the MD’s password, their own e-mail and the business name typed exactly', async () => {
    const shop = await seedBusiness(t);
    const body = { account_type: 'user', email: shop.email, password: shop.password, name_value: shop.name };
    const wrongPassword = await post(shop.md, DELETE_URL, { ...body, password: 'nope nope' });
    expect(wrongPassword.statusCode).toBe(403);
    const otherEmail = await post(shop.md, DELETE_URL, { ...body, email: shop.employee.email });
    expect(otherEmail.statusCode).toBe(400);
    expect(otherEmail.json().detail).toBe('This is not the e-mail of your account');
    const lowerName = await post(shop.md, DELETE_URL, { ...body, name_value: shop.name.toLowerCase() });
    expect(lowerName.statusCode).toBe(400);
    expect(lowerName.json().detail).toBe(
      `Type the business name exactly as it is ("${shop.name}") to confirm`,
    );
    const missing = await post(shop.md, DELETE_URL, { account_type: 'user', email: shop.email });
    expect(missing.statusCode).toBe(422);
    const badType = await post(shop.md, DELETE_URL, { ...body, account_type: 'everything' });
    expect(badType.statusCode).toBe(422);
    expect(JSON.stringify(badType.json().detail)).toContain('Account type must be user or employee');

    expect((await me(shop.md)).statusCode).toBe(200);
    expect((await rowCounts(shop.tenantId)).tenants).toBe(1);
  });

  it('still refuses to change or delete another business’s audit entries', async () => {
    const shop = await seedBusiness(t);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.closing_tenant', ${String(shop.tenantId + 1000)}, true)`);
        await tx.execute(sql`delete from audit_entries where tenant_id = ${shop.tenantId}`);
      }),
    ).rejects.toThrow();
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.closing_tenant', ${String(shop.tenantId)}, true)`);
        await tx.execute(sql`update audit_entries set kind = 'x' where tenant_id = ${shop.tenantId}`);
      }),
    ).rejects.toThrow();
    expect((await get(shop.md, '/api/audit?limit=5')).json().entries.length).toBeGreaterThan(0);
  });
});
