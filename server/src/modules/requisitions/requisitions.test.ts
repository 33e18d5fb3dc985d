import { businessDate } from '@app/domain/dates/business-date';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryOfficers, outboxEmails, stockEntries } from '../../platform/db/schema/index.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = businessDate();
const SIGNATURE = `data:image/png;base64,${PNG_BYTES.toString('base64')}`;
const post = (session: TSession, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, session, { method: 'POST', url, ...(payload ? { payload: payload as object } : {}), headers });
const get = (session: TSession, url: string) => call(t.app, session, { method: 'GET', url });
const send = (session: TSession, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(t.app, session, { method, url, ...(payload ? { payload } : {}) });

/** A Pro business with two items in one warehouse (10 of the first, 4 of the second). */
async function shop() {
  const { md } = await registerBusiness(t.app);
  await makePro(t, md);
  const rice = await createStockFixture(t.app, md, { quantity: 10 });
  const oil = await createStockFixture(t.app, md, {
    warehouse: rice.warehouse,
    item: 'Palm Oil 25L',
    quantity: 4,
  });
  // Open to every employee, so the staff of the tests may ask from it.
  await send(md, 'PUT', `/api/warehouses/${rice.warehouseId}/access`, { access_all: true });
  return { md, warehouse: rice.warehouse, rice, oil };
}

type TShop = Awaited<ReturnType<typeof shop>>;
const request = (s: TShop, overrides: Record<string, unknown> = {}) => ({
  warehouse_name: s.warehouse,
  reason: 'Kitchen restock for the weekend',
  signature_base64: SIGNATURE,
  items: [
    { item: s.rice.item, quantity: 3 },
    { item: 'palm oil 25l', quantity: 2 },
  ],
  ...overrides,
});

async function create(session: TSession, body: unknown) {
  const res = await post(session, '/api/requisitions/batch', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    msg: string;
    email_sent: boolean;
    officer_email_configured: boolean;
    requisitions: {
      requisition_id: number;
      request_ref: string;
      item: string;
      status: string;
      signature: string;
    }[];
  };
}

const onHand = async (md: TSession, warehouse: string, item: string) => {
  const map = (
    await get(md, `/api/inventory/items-map?warehouse_name=${encodeURIComponent(warehouse)}`)
  ).json();
  return map[item].closing_balance as number;
};

describe('requesting stock', () => {
  it('records a row per item sharing the reason, signature and reference, and tells when no officer is set', async () => {
    const s = await shop();
    const answer = await create(s.md, request(s));
    expect(answer).toMatchObject({
      email_sent: false,
      officer_email_configured: false,
      msg: expect.stringContaining('No inventory officer email configured. Please set it up in Settings.'),
    });
    const [rice, oil] = answer.requisitions;
    expect([rice!.item, oil!.item]).toEqual([s.rice.item, 'Palm Oil 25L']);
    expect(rice!.request_ref).toBe(oil!.request_ref);
    expect(rice!.status).toBe('Pending');
    expect(rice!.signature).toBe(oil!.signature);
    const png = await get(s.md, rice!.signature);
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.equals(PNG_BYTES)).toBe(true);
    const list = await get(s.md, '/api/requisitions?skip=0&limit=20');
    expect(list.headers['x-total-count']).toBe('2');
    expect(await onHand(s.md, s.warehouse, s.rice.item)).toBe(10);
  });

  it('names an item by id alone, and asks for a name or id when a line has neither', async () => {
    const s = await shop();
    const answer = await create(s.md, request(s, { items: [{ item_id: s.oil.itemId, quantity: 1 }] }));
    expect(answer.requisitions.map((row) => row.item)).toEqual(['Palm Oil 25L']);
    const missing = await post(s.md, '/api/requisitions/batch', request(s, { items: [{ quantity: 1 }] }));
    expect([missing.statusCode, missing.json().detail[0]]).toMatchObject([
      422,
      { loc: ['body', 'items', '0', 'item'], msg: 'Please ensure all items have valid names and quantities' },
    ]);
    const unknown = await post(
      s.md,
      '/api/requisitions/batch',
      request(s, { items: [{ item_id: 999_999, quantity: 1 }] }),
    );
    expect([unknown.statusCode, unknown.json().detail]).toEqual([
      404,
      `Item 999999 not found in ${s.warehouse}`,
    ]);
  });

  it('e-mails every inventory officer through the outbox', async () => {
    const s = await shop();
    for (const email of ['stores@example.com', 'audit@example.com'])
      await post(s.md, '/api/settings/inventory-officers', { officer_name: 'Officer', officer_email: email });
    const answer = await create(s.md, request(s));
    expect(answer).toMatchObject({ email_sent: true, officer_email_configured: true });
    const mail = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'requisition'));
    const mine = mail.filter((m) => ['stores@example.com', 'audit@example.com'].includes(m.toAddress));
    expect(mine).toHaveLength(2);
    expect(mine[0]!.textBody).toContain(`${s.rice.item}: 3`);
    expect(mine[0]!.textBody).toContain('Palm Oil 25L: 2');
    expect(mine[0]!.textBody).toContain('Reason: Kitchen restock for the weekend');
    expect(mine[0]!.textBody).toContain(s.warehouse);
  });

  it('e-mails an address once when two officers added before the check share it', async () => {
    const s = await shop();
    await post(s.md, '/api/settings/inventory-officers', {
      officer_name: 'Tunde',
      officer_email: 'tunde.stores@example.com',
    });
    const [first] = await t.database.db
      .select()
      .from(inventoryOfficers)
      .where(eq(inventoryOfficers.email, 'tunde.stores@example.com'));
    await t.database.db
      .insert(inventoryOfficers)
      .values({ tenantId: first!.tenantId, name: 'Tunde Two', email: 'TUNDE.stores@example.com' });
    await create(s.md, request(s));
    const mail = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'requisition'));
    expect(mail.filter((m) => m.toAddress.toLowerCase() === 'tunde.stores@example.com')).toHaveLength(1);
  });

  it.each([
    [{ warehouse_name: '' }, 'Please select a warehouse'],
    [{ reason: ' ' }, 'Please provide a reason for the requisition'],
    [{ items: [] }, 'Please ensure all items have valid names and quantities'],
    [{ items: [{ item: '', quantity: 1 }] }, 'Please ensure all items have valid names and quantities'],
    [{ items: [{ item: 'Rice', quantity: 0 }] }, 'Please ensure all items have valid names and quantities'],
    [
      { signature_base64: Buffer.from('%PDF-1.4 not a picture').toString('base64') },
      'The signature is not a PNG image',
    ],
  ])('refuses %j with 422 "%s"', async (overrides, message) => {
    const s = await shop();
    const res = await post(s.md, '/api/requisitions/batch', request(s, overrides));
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain(message);
    expect((await get(s.md, '/api/requisitions')).json()).toEqual([]);
  });

  it('takes one item as multipart with a signature file', async () => {
    const s = await shop();
    const body = multipartBody('signature', 'signature.png', PNG_BYTES, {
      warehouse_name: s.warehouse,
      item: s.rice.item,
      quantity: '2',
      reason: 'Staff lunch',
    });
    const res = await call(t.app, s.md, { method: 'POST', url: '/api/requisitions', ...body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().requisitions[0]).toMatchObject({
      item: s.rice.item,
      quantity: 2,
      reason: 'Staff lunch',
    });
    expect(res.json().requisitions[0].signature).toMatch(/^\/api\/files\//);
  });

  it('replays a multipart request sent again with its key, and refuses the key with other content (409)', async () => {
    const s = await shop();
    const send = (quantity: string) => {
      const body = multipartBody('signature', 'signature.png', PNG_BYTES, {
        warehouse_name: s.warehouse,
        item: s.rice.item,
        quantity,
        reason: 'Staff lunch',
      });
      return call(t.app, s.md, {
        method: 'POST',
        url: '/api/requisitions',
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': 'req-multipart-1' },
      });
    };
    const first = await send('2');
    expect(first.statusCode, first.body).toBe(201);
    const again = await send('2');
    expect(again.json().requisitions[0].requisition_id).toBe(first.json().requisitions[0].requisition_id);
    const other = await send('3');
    expect([other.statusCode, other.json().detail]).toEqual([
      409,
      'This Idempotency-Key was already used for another request',
    ]);
    expect((await get(s.md, '/api/requisitions')).json()).toHaveLength(1);
  });
});

describe('approving, rejecting and deleting', () => {
  it('approving issues the stock today through the ledger; rejecting moves none; each only once', async () => {
    const s = await shop();
    const [rice, oil] = (await create(s.md, request(s))).requisitions;
    const approved = await post(s.md, `/api/requisitions/${rice!.requisition_id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().requisition).toMatchObject({ status: 'Approved', decided_by: expect.any(String) });
    expect(await onHand(s.md, s.warehouse, s.rice.item)).toBe(7);
    const [entry] = await t.database.db
      .select()
      .from(stockEntries)
      .where(
        and(eq(stockEntries.sourceType, 'requisition'), eq(stockEntries.sourceId, rice!.requisition_id)),
      );
    expect(entry).toMatchObject({ kind: 'stock_out', quantity: 3, businessDate: today });
    const log = (await get(s.md, `/api/inventory/daily-logs?selected_date=${today}`)).json();
    expect(log.find((row: { item_name: string }) => row.item_name === s.rice.item)).toMatchObject({
      stock_out: 3,
      closing_balance: 7,
    });

    const rejected = await post(s.md, `/api/requisitions/${oil!.requisition_id}/reject`);
    expect(rejected.json().requisition.status).toBe('Rejected');
    expect(await onHand(s.md, s.warehouse, 'Palm Oil 25L')).toBe(4);

    for (const [id, action] of [
      [rice!.requisition_id, 'approve'],
      [rice!.requisition_id, 'reject'],
      [oil!.requisition_id, 'approve'],
    ] as const) {
      const again = await post(s.md, `/api/requisitions/${id}/${action}`);
      expect(again.statusCode).toBe(409);
    }
    expect(await onHand(s.md, s.warehouse, s.rice.item)).toBe(7);
  });

  it('refuses to approve more than is in stock, and the row stays Pending with nothing changed', async () => {
    const s = await shop();
    const [oil] = (await create(s.md, request(s, { items: [{ item: 'Palm Oil 25L', quantity: 5 }] })))
      .requisitions;
    const res = await post(s.md, `/api/requisitions/${oil!.requisition_id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('Insufficient stock for Palm Oil 25L: 4 left');
    const [row] = (await get(s.md, '/api/requisitions')).json();
    expect(row.status).toBe('Pending');
    expect(await onHand(s.md, s.warehouse, 'Palm Oil 25L')).toBe(4);
  });

  it('issues the stock once when the same requisition is approved by two requests at once', async () => {
    const s = await shop();
    const [rice] = (await create(s.md, request(s, { items: [{ item: s.rice.item, quantity: 4 }] })))
      .requisitions;
    const results = await Promise.all(
      [1, 2, 3].map(() => post(s.md, `/api/requisitions/${rice!.requisition_id}/approve`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await onHand(s.md, s.warehouse, s.rice.item)).toBe(6);
  });

  it('deleting an approved requisition puts its stock back; deleting a pending one moves none', async () => {
    const s = await shop();
    const [rice, oil] = (await create(s.md, request(s))).requisitions;
    await post(s.md, `/api/requisitions/${rice!.requisition_id}/approve`);
    expect(await onHand(s.md, s.warehouse, s.rice.item)).toBe(7);
    expect((await send(s.md, 'DELETE', `/api/requisitions/${rice!.requisition_id}`)).statusCode).toBe(200);
    expect(await onHand(s.md, s.warehouse, s.rice.item)).toBe(10);
    expect((await send(s.md, 'DELETE', `/api/requisitions/${oil!.requisition_id}`)).statusCode).toBe(200);
    expect(await onHand(s.md, s.warehouse, 'Palm Oil 25L')).toBe(4);
    expect((await get(s.md, '/api/requisitions')).json()).toEqual([]);
  });

  it('edits a pending requisition only, and sets a remark', async () => {
    const s = await shop();
    const [rice] = (await create(s.md, request(s))).requisitions;
    const edit = (body: object) => send(s.md, 'PUT', `/api/requisitions/${rice!.requisition_id}`, body);
    const edited = await edit({
      warehouse_name: s.warehouse,
      item: 'Palm Oil 25L',
      quantity: 1,
      status: 'Pending',
      notes: 'Frying',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().requisition).toMatchObject({ item: 'Palm Oil 25L', quantity: 1, reason: 'Frying' });
    const remark = await send(s.md, 'PUT', `/api/requisitions/${rice!.requisition_id}/remark`, {
      remark: 'Collect at 9am',
    });
    expect(remark.json().requisition.remark).toBe('Collect at 9am');
    await post(s.md, `/api/requisitions/${rice!.requisition_id}/reject`);
    expect(
      (await edit({ warehouse_name: s.warehouse, item: s.rice.item, quantity: 1, reason: 'x' })).statusCode,
    ).toBe(409);
  });
});

describe('who sees and does what', () => {
  it('shows an employee their own requisitions and an approver everyone’s; the actions need their keys', async () => {
    const s = await shop();
    const clerk = await createEmployee(t.app, s.md, ['requisitions.page.access']);
    const other = await createEmployee(t.app, s.md, ['requisitions.page.access']);
    const approver = await createEmployee(t.app, s.md, ['requisitions.page.access', 'requisitions.approve']);
    const [mine] = (await create(clerk.session, request(s, { items: [{ item: s.rice.item, quantity: 1 }] })))
      .requisitions;
    await create(other.session, request(s, { items: [{ item: s.rice.item, quantity: 1 }] }));
    expect(
      (await get(clerk.session, '/api/requisitions'))
        .json()
        .map((r: { requisition_id: number }) => r.requisition_id),
    ).toEqual([mine!.requisition_id]);
    expect((await get(approver.session, '/api/requisitions')).json()).toHaveLength(2);
    expect((await get(s.md, '/api/requisitions')).json()).toHaveLength(2);
    for (const res of [
      await post(clerk.session, `/api/requisitions/${mine!.requisition_id}/approve`),
      await post(clerk.session, `/api/requisitions/${mine!.requisition_id}/reject`),
      await send(clerk.session, 'DELETE', `/api/requisitions/${mine!.requisition_id}`),
      await send(clerk.session, 'PUT', `/api/requisitions/${mine!.requisition_id}/remark`, { remark: 'x' }),
    ])
      expect(res.statusCode).toBe(403);
    expect(
      (await post(approver.session, `/api/requisitions/${mine!.requisition_id}/approve`)).statusCode,
    ).toBe(200);
    const stranger = await registerBusiness(t.app);
    expect((await post(stranger.md, `/api/requisitions/${mine!.requisition_id}/reject`)).statusCode).toBe(
      404,
    );
  });

  it('shows an approver only the requisitions of warehouses open to them, and lets them act on no other', async () => {
    const s = await shop();
    const secret = await createStockFixture(t.app, s.md, {
      warehouse: 'Kano Secret',
      item: 'Oil 5L',
      quantity: 14,
    });
    const approver = await createEmployee(t.app, s.md, [
      'requisitions.page.access',
      'requisitions.approve',
      'requisitions.reject',
      'requisitions.delete',
      'requisitions.update_remark',
    ]);
    const [hidden] = (
      await create(
        s.md,
        request(s, { warehouse_name: 'Kano Secret', items: [{ item: secret.item, quantity: 1 }] }),
      )
    ).requisitions;
    await create(s.md, request(s, { items: [{ item: s.rice.item, quantity: 1 }] }));
    const listed = (await get(approver.session, '/api/requisitions')).json();
    expect(listed.map((r: { warehouse_name: string }) => r.warehouse_name)).toEqual([s.warehouse]);
    expect((await get(approver.session, '/api/requisitions/export?format=csv')).body).not.toContain(
      'Kano Secret',
    );
    const id = hidden!.requisition_id;
    for (const res of [
      await post(approver.session, `/api/requisitions/${id}/approve`),
      await post(approver.session, `/api/requisitions/${id}/reject`),
      await send(approver.session, 'PUT', `/api/requisitions/${id}/remark`, { remark: 'x' }),
      await send(approver.session, 'DELETE', `/api/requisitions/${id}`),
    ])
      expect([res.statusCode, res.json().detail]).toEqual([404, 'Requisition not found']);
    expect((await get(s.md, '/api/requisitions')).json()).toHaveLength(2);
    const [row] = await t.database.db
      .select({ quantity: stockEntries.quantity })
      .from(stockEntries)
      .where(and(eq(stockEntries.itemId, secret.itemId), eq(stockEntries.kind, 'stock_out')));
    expect(row).toBeUndefined();
  });
});

describe('who may edit a requisition', () => {
  const riceOnly = (s: TShop, quantity = 1) => request(s, { items: [{ item: s.rice.item, quantity }] });
  const change = (s: TShop, quantity: number) => ({
    warehouse_name: s.warehouse,
    item: s.rice.item,
    quantity,
    status: 'Pending',
    notes: 'Changed',
  });

  it('refuses an approver’s edit of another employee’s requisition, so they cannot set what they approve', async () => {
    const s = await shop();
    const clerk = await createEmployee(t.app, s.md, ['requisitions.page.access']);
    const approver = await createEmployee(t.app, s.md, [
      'requisitions.page.access',
      'requisitions.approve',
      'requisitions.reject',
    ]);
    const [asked] = (await create(clerk.session, riceOnly(s))).requisitions;
    const url = `/api/requisitions/${asked!.requisition_id}`;
    const edited = await send(approver.session, 'PUT', url, change(s, 9));
    expect([edited.statusCode, edited.json().detail]).toEqual([
      403,
      'You can only edit your own requisitions',
    ]);
    // What the approver approves is what the clerk asked for: 1, not 9.
    const approved = await post(approver.session, `${url}/approve`);
    expect(approved.json().requisition).toMatchObject({
      status: 'Approved',
      quantity: 1,
      reason: 'Kitchen restock for the weekend',
    });
    expect(await onHand(s.md, s.warehouse, s.rice.item)).toBe(9);
  });

  it('refuses the edit to anyone but its requester, and lets the requester and the MD edit while it is pending', async () => {
    const s = await shop();
    const clerk = await createEmployee(t.app, s.md, ['requisitions.page.access']);
    const named = await createEmployee(t.app, s.md, ['requisitions.page.access']);
    const [forNamed] = (await create(clerk.session, { ...riceOnly(s), employee_id: named.employeeId }))
      .requisitions;
    const url = `/api/requisitions/${forNamed!.requisition_id}`;
    // The person it is for sees it but did not ask for it.
    const byNamed = await send(named.session, 'PUT', url, change(s, 5));
    expect([byNamed.statusCode, byNamed.json().detail]).toEqual([
      403,
      'You can only edit your own requisitions',
    ]);
    const byClerk = await send(clerk.session, 'PUT', url, change(s, 2));
    expect([byClerk.statusCode, byClerk.json().requisition.quantity]).toEqual([200, 2]);
    const byMd = await send(s.md, 'PUT', url, change(s, 3));
    expect([byMd.statusCode, byMd.json().requisition.quantity]).toEqual([200, 3]);
    await post(s.md, `${url}/approve`);
    const late = await send(clerk.session, 'PUT', url, change(s, 4));
    expect([late.statusCode, late.json().detail]).toEqual([409, 'Only a pending requisition can be edited']);
  });

  it('answers 404 to an approver editing another warehouse’s requisition, as the other actions do', async () => {
    const s = await shop();
    const secret = await createStockFixture(t.app, s.md, {
      warehouse: 'Kano Secret',
      item: 'Oil 5L',
      quantity: 14,
    });
    const approver = await createEmployee(t.app, s.md, ['requisitions.page.access', 'requisitions.approve']);
    const [hidden] = (
      await create(
        s.md,
        request(s, { warehouse_name: 'Kano Secret', items: [{ item: secret.item, quantity: 1 }] }),
      )
    ).requisitions;
    const res = await send(
      approver.session,
      'PUT',
      `/api/requisitions/${hidden!.requisition_id}`,
      change(s, 2),
    );
    expect([res.statusCode, res.json().detail]).toEqual([404, 'Requisition not found']);
  });

  it('tells each row who asked for it, so the screen offers Edit only to them', async () => {
    const s = await shop();
    const clerk = await createEmployee(t.app, s.md, ['requisitions.page.access']);
    await create(clerk.session, riceOnly(s));
    const [row] = (await get(s.md, '/api/requisitions')).json();
    expect(row.requested_by_id).toBe(clerk.employeeId);
  });
});

describe('the remark', () => {
  it('is read only by those with requisitions.update_remark, in the list and the export', async () => {
    const s = await shop();
    const clerk = await createEmployee(t.app, s.md, ['requisitions.page.access']);
    const reviewer = await createEmployee(t.app, s.md, [
      'requisitions.page.access',
      'requisitions.update_remark',
    ]);
    const [mine] = (await create(clerk.session, request(s, { items: [{ item: s.rice.item, quantity: 1 }] })))
      .requisitions;
    const id = mine!.requisition_id;
    const remarked = await send(reviewer.session, 'PUT', `/api/requisitions/${id}/remark`, {
      remark: 'Check with the MD first',
    });
    expect(remarked.statusCode, remarked.body).toBe(200);
    const remarkOf = async (session: TSession) =>
      (await get(session, '/api/requisitions'))
        .json()
        .find((r: { requisition_id: number }) => r.requisition_id === id)?.remark;
    expect(await remarkOf(s.md)).toBe('Check with the MD first');
    expect(await remarkOf(clerk.session)).toBeNull();
    const csvOf = async (session: TSession) =>
      Buffer.from(
        (await get(session, '/api/requisitions/export?format=csv')).json().content_base64,
        'base64',
      ).toString('utf8');
    expect(await csvOf(clerk.session)).toContain('Rice');
    expect(await csvOf(clerk.session)).not.toContain('Check with the MD first');
    expect(await csvOf(s.md)).toContain('Check with the MD first');
  });
});

describe('export', () => {
  it('answers CSV and a real .xlsx of the filtered rows, with formulas neutralised', async () => {
    const s = await shop();
    await create(s.md, request(s, { reason: '=HYPERLINK("http://evil.example","x")' }));
    const csv = await get(s.md, '/api/requisitions/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.json()).toMatchObject({
      content_type: 'text/csv; charset=utf-8',
      filename: `requisitions_${today}.csv`,
    });
    const text = Buffer.from(csv.json().content_base64, 'base64').toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text.split('\r\n')).toHaveLength(3);

    const excel = await get(s.md, `/api/requisitions/export?format=excel&q=${encodeURIComponent('Palm')}`);
    expect(excel.json().filename).toBe(`requisitions_${today}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(Buffer.from(excel.json().content_base64, 'base64')).buffer);
    const sheet = workbook.getWorksheet('Requisitions')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Submitted',
      'Employee',
      'Warehouse',
      'Item',
      'Quantity',
      'Reason',
      'Remark',
      'Status',
    ]);
    expect(sheet.getRow(2).getCell(5).value).toBe('Palm Oil 25L');
    expect(sheet.getRow(2).getCell(6).value).toBe(2);
    expect(String(sheet.getRow(2).getCell(7).value)).toMatch(/^'=HYPERLINK/);
  });
});
