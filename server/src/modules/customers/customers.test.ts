import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { businessDate } from '@app/domain/dates/business-date';
import { phoneKey } from '@app/domain/phone/nigerian-phone';
import { PHONE_KEYS } from '@app/domain/phone/phone-keys.fixture';
import { rowsOf } from '../../platform/db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createEmployee,
  createTestApp,
  makePro,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (session: TSession, payload: unknown) =>
  call(t.app, session, { method: 'POST', url: '/api/customers', payload: payload as object });
const put = (session: TSession, id: number | string, payload: unknown) =>
  call(t.app, session, { method: 'PUT', url: `/api/customers/${id}`, payload: payload as object });
const del = (session: TSession, id: number | string) =>
  call(t.app, session, { method: 'DELETE', url: `/api/customers/${id}` });
const get = (session: TSession, url: string) => call(t.app, session, { method: 'GET', url });

const ada = {
  name: 'Ada Obi',
  phone: '0803 123 4567',
  email: 'ada@example.com',
  address: '12 Allen Avenue, Ikeja',
};

async function addCustomers(md: TSession, count: number) {
  const ids: number[] = [];
  for (let i = 1; i <= count; i += 1) {
    const res = await post(md, { name: `Customer ${i}`, phone: `0801000${String(i).padStart(4, '0')}` });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().customer_id);
  }
  return ids;
}

describe('one customer per phone, however it is typed', () => {
  it('refuses a second customer with the same number in another form, on adding and on editing', async () => {
    const { md } = await registerBusiness(t.app);
    const first = (await post(md, { name: 'Ada Obi', phone: '0805 555 5555' })).json();
    for (const phone of ['+234 805 555 5555', '2348055555555', '+234 (0) 805-555-5555']) {
      const again = await post(md, { name: 'Ada', phone });
      expect([again.statusCode, again.json()], phone).toEqual([
        409,
        { detail: 'A customer with this phone already exists' },
      ]);
    }
    const bola = (await post(md, { name: 'Bola', phone: '08036660000' })).json();
    const taken = await put(md, bola.customer_id, { name: 'Bola', phone: '+2348055555555' });
    expect(taken.statusCode).toBe(409);
    // The same number retyped is the customer's own.
    const retyped = await put(md, first.customer_id, { name: 'Ada Obi', phone: '+234 805 555 5555' });
    expect([retyped.statusCode, retyped.json().phone]).toEqual([200, '+234 805 555 5555']);
    expect((await get(md, '/api/customers')).json().total).toBe(2);
  });

  it('finds a customer by the digits of the number however either was typed', async () => {
    const { md } = await registerBusiness(t.app);
    await post(md, { name: 'Ada Obi', phone: '+234 805 555 5555' });
    await post(md, { name: 'Bola', phone: '0803 111 2222' });
    for (const search of ['08055555555', '0805 555', '805555', '+2348055']) {
      const found = (await get(md, `/api/customers?search=${encodeURIComponent(search)}`)).json();
      expect(
        found.customers.map((c: { name: string }) => c.name),
        search,
      ).toEqual(['Ada Obi']);
    }
    const picker = (await get(md, '/api/sales/customers?search=08031112222')).json();
    expect(picker.map((c: { name: string }) => c.name)).toContain('Bola');
  });

  it('computes the same key in the database as in the domain', async () => {
    const cases = [...PHONE_KEYS.map(([phone]) => phone), '08031234567', '+1 202 555 0143', '23408031234567'];
    for (const phone of cases) {
      const [row] = await rowsOf<{ key: string }>(t.database.db, sql`select phone_key_of(${phone}) as key`);
      expect(row!.key, phone).toBe(phoneKey(phone));
    }
  });
});

describe('customers CRUD', () => {
  it('adds, lists, edits and deletes a customer', async () => {
    const { md } = await registerBusiness(t.app);
    const created = await post(md, ada);
    expect(created.statusCode).toBe(201);
    const customer = created.json();
    expect(customer).toEqual({
      customer_id: expect.any(Number),
      public_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7/),
      name: 'Ada Obi',
      phone: '0803 123 4567',
      email: 'ada@example.com',
      address: '12 Allen Avenue, Ikeja',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const list = await get(md, '/api/customers');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ customers: [customer], total: 1, page: 1, limit: 10 });

    const edited = await put(md, customer.customer_id, {
      name: 'Ada Obi-Eze',
      phone: '0803 123 4567',
      email: '',
      address: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      customer_id: customer.customer_id,
      name: 'Ada Obi-Eze',
      email: null,
      address: null,
      created_at: customer.created_at,
    });

    const removed = await del(md, customer.customer_id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Customer deleted' });
    expect((await get(md, '/api/customers')).json()).toMatchObject({ customers: [], total: 0 });
    expect((await del(md, customer.customer_id)).statusCode).toBe(404);
  });

  it('answers 422 "Name and phone are required" without a name or a phone, and a bad e-mail', async () => {
    const { md } = await registerBusiness(t.app);
    for (const body of [{ phone: '08031234567' }, { name: 'Ada', phone: '   ' }, {}]) {
      const res = await post(md, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail.map((d: { msg: string }) => d.msg)).toContain('Name and phone are required');
    }
    const email = await post(md, { ...ada, email: 'not-an-email' });
    expect(email.statusCode).toBe(422);
    expect((await get(md, '/api/customers/metrics')).json()).toEqual({ total_customers: 0 });
  });

  it('refuses a second customer with the same phone (409), on create and on edit', async () => {
    const { md } = await registerBusiness(t.app);
    const first = (await post(md, ada)).json();
    const again = await post(md, { name: 'Someone Else', phone: ada.phone });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'A customer with this phone already exists' });

    const second = (await post(md, { name: 'Bola', phone: '0905 555 0000' })).json();
    const clash = await put(md, second.customer_id, { name: 'Bola', phone: ada.phone });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toBe('A customer with this phone already exists');
    expect((await put(md, first.customer_id, ada)).statusCode).toBe(200);

    // Another business may hold the same phone.
    const other = await registerBusiness(t.app);
    expect((await post(other.md, ada)).statusCode).toBe(201);
  });
});

describe('listing', () => {
  it('searches name or phone case-insensitively, newest first, and pages by 10', async () => {
    const { md } = await registerBusiness(t.app);
    const ids = await addCustomers(md, 12);
    await post(md, { name: 'Chidi 100%_Okafor', phone: '0700 999 1111' });

    const first = (await get(md, '/api/customers')).json();
    expect(first).toMatchObject({ total: 13, page: 1, limit: 10 });
    expect(first.customers).toHaveLength(10);
    expect(first.customers[0].name).toBe('Chidi 100%_Okafor');
    expect(first.customers[1].customer_id).toBe(ids[11]);

    const second = (await get(md, '/api/customers?page=2&limit=10')).json();
    expect(second).toMatchObject({ total: 13, page: 2, limit: 10 });
    expect(second.customers.map((c: { customer_id: number }) => c.customer_id)).toEqual([
      ids[2],
      ids[1],
      ids[0],
    ]);

    const byName = (await get(md, '/api/customers?search=customer%201')).json();
    expect(byName.customers.map((c: { name: string }) => c.name)).toEqual([
      'Customer 12',
      'Customer 11',
      'Customer 10',
      'Customer 1',
    ]);
    expect(byName.total).toBe(4);
    const byPhone = (await get(md, '/api/customers?search=0801000000')).json();
    expect(byPhone.total).toBe(9);
    expect((await get(md, '/api/customers?search=CHIDI')).json().total).toBe(1);
    // % and _ are matched literally, not as wildcards.
    expect((await get(md, '/api/customers?search=100%25_')).json().total).toBe(1);
    expect((await get(md, '/api/customers?search=%25')).json().total).toBe(1);
    expect((await get(md, '/api/customers?search=nobody')).json()).toEqual({
      customers: [],
      total: 0,
      page: 1,
      limit: 10,
    });

    expect((await get(md, '/api/customers/metrics')).json()).toEqual({ total_customers: 13 });
    expect((await get(md, '/api/customers?page=0')).statusCode).toBe(422);
    expect((await get(md, '/api/customers?limit=abc')).statusCode).toBe(422);
  });

  it('pages by keyset (before = the last id seen) and counts only when asked', async () => {
    const { md } = await registerBusiness(t.app);
    const ids = await addCustomers(md, 5);
    const idsOf = (page: { customers: { customer_id: number }[] }) =>
      page.customers.map((c) => c.customer_id);

    const first = (await get(md, '/api/customers?limit=2&count=false')).json();
    expect(first).toMatchObject({ total: null, next_before: ids[3] });
    expect(idsOf(first)).toEqual([ids[4], ids[3]]);
    const second = (await get(md, `/api/customers?limit=2&count=false&before=${first.next_before}`)).json();
    expect(idsOf(second)).toEqual([ids[2], ids[1]]);
    const last = (await get(md, `/api/customers?limit=2&count=false&before=${second.next_before}`)).json();
    expect(last).toMatchObject({ total: null, next_before: null });
    expect(idsOf(last)).toEqual([ids[0]]);

    // With a search, and with the count asked for.
    const searched = (await get(md, `/api/customers?search=customer&limit=2&before=${ids[4]}`)).json();
    expect(searched).toMatchObject({ total: 5, next_before: ids[2] });
    expect(idsOf(searched)).toEqual([ids[3], ids[2]]);
    expect((await get(md, '/api/customers?count=maybe')).statusCode).toBe(422);
    expect((await get(md, '/api/customers?before=0')).statusCode).toBe(422);
  });
});

describe('tenancy and permissions', () => {
  it("never shows or changes another business's customer (404)", async () => {
    const owner = await registerBusiness(t.app);
    const stranger = await registerBusiness(t.app);
    const customer = (await post(owner.md, ada)).json();

    const edit = await put(stranger.md, customer.customer_id, { name: 'Hijacked', phone: '0800 000 0000' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ detail: 'Customer not found' });
    const remove = await del(stranger.md, customer.customer_id);
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual({ detail: 'Customer not found' });

    expect((await get(stranger.md, '/api/customers')).json().total).toBe(0);
    expect((await get(stranger.md, '/api/customers/metrics')).json()).toEqual({ total_customers: 0 });
    const csv = (await get(stranger.md, '/api/customers/export')).body;
    expect(csv).not.toContain('Ada Obi');
    expect((await get(owner.md, '/api/customers')).json().customers[0]).toEqual(customer);
  });

  it('lets an employee do only what the keys granted allow', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md);
    const customer = (await post(md, ada)).json();
    const bare = (await createEmployee(t.app, md)).session;
    const viewer = (await createEmployee(t.app, md, ['customers.page.access', 'customers.create.access']))
      .session;
    const manager = (
      await createEmployee(t.app, md, [
        'customers.page.access',
        'customers.edit.access',
        'customers.delete.access',
        'customers.export.access',
      ])
    ).session;

    for (const res of [
      await get(bare, '/api/customers'),
      await get(bare, '/api/customers/metrics'),
      await post(bare, { name: 'X', phone: '0811 111 1111' }),
      await put(viewer, customer.customer_id, ada),
      await del(viewer, customer.customer_id),
      await get(viewer, '/api/customers/export'),
      await get(viewer, '/api/customers/export/xlsx'),
      await post(manager, { name: 'X', phone: '0811 111 1111' }),
    ]) {
      expect(res.statusCode).toBe(403);
    }

    expect((await get(viewer, '/api/customers')).json().total).toBe(1);
    expect((await post(viewer, { name: 'Bola', phone: '0905 555 0000' })).statusCode).toBe(201);
    expect((await put(manager, customer.customer_id, { ...ada, name: 'Ada O.' })).statusCode).toBe(200);
    expect((await get(manager, '/api/customers/export')).statusCode).toBe(200);
    expect((await get(manager, '/api/customers/export/xlsx')).statusCode).toBe(200);
    expect((await del(manager, customer.customer_id)).statusCode).toBe(200);
    expect((await get(manager, '/api/customers/metrics')).json()).toEqual({ total_customers: 1 });
  });
});

describe('CSV and Excel export', () => {
  it('sends customer_list.csv with a BOM, the six columns, the search applied and formulas neutralised', async () => {
    const { md } = await registerBusiness(t.app);
    const plain = (await post(md, ada)).json();
    const formula = (
      await post(md, {
        name: '=HYPERLINK("http://evil.example","Click")',
        phone: '+234 803 000 0000',
        address: 'Flat 2, "Blue" House',
      })
    ).json();
    const bola = (await post(md, { name: 'Bola', phone: '0905 555 0000' })).json();

    const res = await get(md, '/api/customers/export?search=0');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="customer_list.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const today = businessDate();
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'ID,Name,Phone,Email,Address,Created',
      `${bola.customer_id},Bola,0905 555 0000,,,${today}`,
      `${formula.customer_id},"'=HYPERLINK(""http://evil.example"",""Click"")",'+234 803 000 0000,,"Flat 2, ""Blue"" House",${today}`,
      `${plain.customer_id},Ada Obi,0803 123 4567,ada@example.com,"12 Allen Avenue, Ikeja",${today}`,
    ]);

    const searched = await get(md, '/api/customers/export?search=ada');
    expect(searched.body.slice(1).split('\r\n')).toHaveLength(2);
  });

  it('sends customer_list.xlsx with the phones as text cells, so their leading 0 stays', async () => {
    const { md } = await registerBusiness(t.app);
    const bola = (await post(md, { name: 'Bola', phone: '08055550000' })).json();
    const formula = (await post(md, { name: '=1+1', phone: '+234 803 000 0000' })).json();
    await post(md, ada);
    const res = await get(md, '/api/customers/export/xlsx?search=0');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="customer_list.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(res.rawPayload).buffer);
    const sheet = workbook.getWorksheet('Customers')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Name', 'Phone', 'Email', 'Address', 'Created']);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      formula.customer_id,
      "'=1+1",
      '+234 803 000 0000',
      '',
      '',
      businessDate(),
    ]);
    expect(sheet.getRow(2).getCell(2).value).toBe('Ada Obi');
    expect(sheet.getRow(4).getCell(1).value).toBe(bola.customer_id);
    expect(sheet.getRow(4).getCell(3).value).toBe('08055550000');
    expect(sheet.getRow(4).getCell(3).numFmt).toBe('@');
    const searched = await get(md, '/api/customers/export/xlsx?search=bola');
    const one = new ExcelJS.Workbook();
    await one.xlsx.load(Uint8Array.from(searched.rawPayload).buffer);
    expect(one.getWorksheet('Customers')!.rowCount).toBe(2);
  });
});
