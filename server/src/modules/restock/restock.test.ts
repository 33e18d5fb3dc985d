import { businessDate, printDate } from '@app/domain/dates/business-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, purchaseLines, purchases, stockEntries } from '../../platform/db/schema/index.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  daysAgo,
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
const post = (session: TSession, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  call(t.app, session, { method: 'POST', url, payload: payload as object, headers });
const get = (session: TSession, url: string) => call(t.app, session, { method: 'GET', url });

async function proBusiness() {
  const business = await registerBusiness(t.app);
  await makePro(t, business.md);
  return business;
}

const newItem = (overrides: Record<string, unknown> = {}) => ({
  item_name: 'Peak Milk 400g',
  barcode: '5012345678900',
  supplied_quantity: 24,
  reorder_level: 6,
  unit_price: 2500.5,
  supplier_name: 'Chi Distributors',
  purchase_date: today,
  payment_status: 'paid',
  payment_method: 'cash',
  new_warehouse_name: 'Lekki Shop',
  access_choice: 'No',
  ...overrides,
});

describe('adding a new item', () => {
  it('creates the warehouse, the item and the purchase, and the stock shows in the maps and the daily log', async () => {
    const { md } = await proBusiness();
    const res = await post(md, '/api/restock/new-item', newItem());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Item added successfully!',
      warehouse_name: 'Lekki Shop',
    });

    const map = (await get(md, '/api/restock/inventory-items?warehouse_name=Lekki%20Shop')).json();
    expect(map['Peak Milk 400g']).toMatchObject({
      item_id: res.json().item_id,
      price: 2500.5,
      closing_balance: 24,
    });

    const logs = (await get(md, `/api/inventory/daily-logs?selected_date=${today}`)).json();
    expect(logs).toEqual([
      expect.objectContaining({
        item_name: 'Peak Milk 400g',
        open_balance: 0,
        supplied_quantity: 24,
        stock_out: 0,
        closing_balance: 24,
      }),
    ]);
    const [purchase] = (await get(md, '/api/restock/')).json();
    expect(purchase).toMatchObject({
      item_name: 'Peak Milk 400g',
      supplier_name: 'Chi Distributors',
      supplied_quantity: 24,
      unit_price: 2500.5,
      total_price_paid: 60012,
      amount_paid: 60012,
      outstanding: 0,
      payment_status: 'paid',
      warehouse_name: 'Lekki Shop',
    });
    const barcode = (await get(md, '/api/sales/barcode/item?barcode=5012345678900')).json();
    expect(barcode).toMatchObject({ item_name: 'Peak Milk 400g', price: 2500.5 });
  });

  it('takes the amount paid of a partial purchase under the spec’s name, total_price_paid, too', async () => {
    const { md } = await proBusiness();
    const res = await post(
      md,
      '/api/restock/new-item',
      newItem({ payment_status: 'partial', total_price_paid: 10_000, due_date: '', barcode: '' }),
    );
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('Due date is required for credit and partial payments');
    const recorded = await post(
      md,
      '/api/restock/new-item',
      newItem({ payment_status: 'partial', total_price_paid: 10_000, due_date: today }),
    );
    expect(recorded.statusCode).toBe(201);
    const [purchase] = (await get(md, '/api/restock/')).json();
    expect(purchase).toMatchObject({ total_price_paid: 60012, amount_paid: 10_000, outstanding: 50012 });
  });

  it('refuses a duplicate item in the same warehouse and a barcode already in use (409), and records nothing', async () => {
    const { md } = await proBusiness();
    await post(md, '/api/restock/new-item', newItem());
    const again = await post(
      md,
      '/api/restock/new-item',
      newItem({ new_warehouse_name: null, warehouse_name: 'lekki shop', barcode: null }),
    );
    expect(again.statusCode).toBe(409);
    const barcode = await post(
      md,
      '/api/restock/new-item',
      newItem({ item_name: 'Other', new_warehouse_name: null, warehouse_name: 'Lekki Shop' }),
    );
    expect(barcode.statusCode).toBe(409);
    expect(barcode.json().detail).toMatch(/Barcode 5012345678900 is already used by Peak Milk 400g/);
    expect((await get(md, '/api/restock/')).json()).toHaveLength(1);
  });

  it('lets the same barcode name the product in another warehouse, and a scan finds each warehouse’s item', async () => {
    const { md } = await proBusiness();
    await post(md, '/api/restock/new-item', newItem());
    const ikeja = await post(md, '/api/restock/new-item', newItem({ new_warehouse_name: 'Ikeja Shop' }));
    expect(ikeja.statusCode).toBe(201);
    for (const warehouse of ['Lekki Shop', 'Ikeja Shop']) {
      const scan = await get(
        md,
        `/api/sales/barcode/item?barcode=5012345678900&warehouse_name=${encodeURIComponent(warehouse)}`,
      );
      expect(scan.json()).toMatchObject({ item_name: 'Peak Milk 400g', warehouse_name: warehouse });
    }
  });

  it('answers bad input with 4xx and changes nothing', async () => {
    const { md } = await proBusiness();
    const bad: Record<string, unknown>[] = [
      { supplied_quantity: -3 },
      { supplied_quantity: 2.5 },
      { supplied_quantity: 0 },
      { unit_price: -1 },
      { unit_price: 10.005 },
      { purchase_date: '2026-02-30' },
      { purchase_date: 'yesterday' },
      { item_name: '' },
      { item_name: 'x'.repeat(500) },
      { new_warehouse_name: null },
      { payment_status: 'partial', due_date: today },
      { payment_status: 'credit' },
      { payment_method: 'bitcoin' },
      { barcode: 'bad code with spaces' },
    ];
    for (const overrides of bad) {
      const res = await post(md, '/api/restock/new-item', newItem(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
    }
    const future = await post(md, '/api/restock/new-item', newItem({ purchase_date: '2999-01-01' }));
    expect(future.statusCode).toBe(400);
    const partialTooMuch = await post(
      md,
      '/api/restock/new-item',
      newItem({ payment_status: 'partial', amount_paid: 999_999, due_date: today }),
    );
    expect(partialTooMuch.json()).toEqual({
      detail: 'Partial payment amount must be less than total amount',
    });
    const unknownWarehouse = await post(
      md,
      '/api/restock/new-item',
      newItem({ new_warehouse_name: null, warehouse_name: 'Nowhere' }),
    );
    expect(unknownWarehouse.statusCode).toBe(404);
    expect((await get(md, '/api/restock/')).json()).toEqual([]);
    expect((await get(md, '/api/warehouses')).json()).toEqual([]);
  });

  it('sends check as cheque, and gives a new private warehouse to the employee who made it', async () => {
    const { md } = await proBusiness();
    const { session: employee } = await createEmployee(t.app, md, [
      'restock.page.access',
      'inventory.page.access',
      'inventory.create.access',
    ]);
    const res = await post(employee, '/api/restock/new-item', newItem({ payment_method: 'check' }));
    expect(res.statusCode).toBe(201);
    expect((await get(employee, '/api/restock/')).json()[0].payment_method).toBe('cheque');
    expect((await get(employee, '/api/warehouses')).json()).toHaveLength(1);
    const other = await createEmployee(t.app, md, ['restock.page.access']);
    expect((await get(other.session, '/api/warehouses')).json()).toEqual([]);
    expect((await get(other.session, '/api/restock/')).json()).toEqual([]);
    // Without "Create inventory" the Restock screen records deliveries but adds no item or warehouse.
    const refused = await post(other.session, '/api/restock/new-item', newItem({ item_name: 'Salt 1kg' }));
    expect([refused.statusCode, refused.json().detail]).toEqual([
      403,
      'You do not have permission to add items or warehouses.',
    ]);
    expect((await get(md, '/api/warehouses')).json()).toHaveLength(1);
  });
});

describe('batch restock, payments and deletion', () => {
  it('records a batch as one purchase with lines, spreads its partial payment over them, and settles it with one payment', async () => {
    const { md } = await proBusiness();
    const a = await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Rice', quantity: 5 });
    const b = await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Beans', quantity: 5 });
    const res = await post(md, '/api/restock/batch', {
      supplier_name: 'Mama Ngozi',
      purchase_date: today,
      warehouse_name: 'Main',
      payment_status: 'partial',
      payment_method: 'transfer',
      amount_paid: 1000,
      due_date: today,
      items: [
        { item_id: a.itemId, quantity: 10, unit_price: 300 },
        { item_name: 'beans', quantity: 7, unit_price: 100 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const ids: number[] = res.json().purchase_ids;
    const rows = (await get(md, '/api/restock/?limit=10'))
      .json()
      .filter((p: { purchase_id: number }) => ids.includes(p.purchase_id));
    const byItem = Object.fromEntries(rows.map((p: { item_name: string }) => [p.item_name, p]));
    expect(byItem.Rice).toMatchObject({
      total_price_paid: 3000,
      amount_paid: 810.81,
      payment_status: 'partial',
    });
    expect(byItem.Beans).toMatchObject({ total_price_paid: 700, amount_paid: 189.19, outstanding: 510.81 });
    expect((await get(md, '/api/inventory/items-map')).json().Rice.closing_balance).toBe(15);

    expect(byItem.Rice.public_id).toBe(byItem.Beans.public_id);
    const [stored] = await t.database.db
      .select()
      .from(purchaseLines)
      .where(eq(purchaseLines.id, byItem.Beans.purchase_id));
    const [header] = await t.database.db.select().from(purchases).where(eq(purchases.id, stored!.purchaseId));
    expect(header).toMatchObject({ totalKobo: 370_000, amountPaidKobo: 100_000, paymentStatus: 'partial' });

    // A supplier payment is one payment on the purchase, whichever of its lines it was asked from.
    const tooMuch = await post(md, `/api/restock/${byItem.Beans.purchase_id}/payments`, {
      amount: 2700.01,
      payment_method: 'cash',
      payment_date: today,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().detail).toBe('Payment amount cannot exceed remaining balance of ₦2,700.00');
    const settle = await post(md, `/api/restock/${byItem.Beans.purchase_id}/payments`, {
      amount: 2700,
      payment_method: 'cash',
      payment_date: today,
    });
    expect(settle.statusCode).toBe(201);
    expect(settle.json().purchase).toMatchObject({
      payment_status: 'paid',
      outstanding: 0,
      amount_paid: 700,
    });
    const after = (await get(md, '/api/restock/?limit=10'))
      .json()
      .filter((p: { purchase_id: number }) => ids.includes(p.purchase_id));
    expect(
      after.map((p: { amount_paid: number; payment_status: string }) => [p.amount_paid, p.payment_status]),
    ).toEqual([
      [700, 'paid'],
      [3000, 'paid'],
    ]);
    const paid = await t.database.db.select().from(payments).where(eq(payments.documentId, header!.id));
    expect(paid.map((p) => [p.documentType, p.amountKobo])).toEqual([['purchase', 270_000]]);
    const nothingLeft = await post(md, `/api/restock/${byItem.Rice.purchase_id}/payments`, {
      amount: 1,
      payment_method: 'cash',
      payment_date: today,
    });
    expect(nothingLeft.json().detail).toBe('Nothing is outstanding on this purchase');
    expect(b.itemId).toBeGreaterThan(0);
  });

  it('deletes a batch as the one purchase it is: the stock of every line comes off', async () => {
    const { md } = await proBusiness();
    const a = await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Rice', quantity: 1 });
    const res = await post(md, '/api/restock/batch', {
      supplier_name: 'Mama Ngozi',
      purchase_date: today,
      warehouse_name: 'Main',
      payment_status: 'paid',
      payment_method: 'cash',
      items: [
        { item_id: a.itemId, quantity: 4, unit_price: 300 },
        { item_name: 'Rice', quantity: 2, unit_price: 250 },
      ],
    });
    const [first] = res.json().purchase_ids as number[];
    const del = await call(t.app, md, {
      method: 'DELETE',
      url: `/api/restock/delete-by-id-date?purchase_id=${first}&purchase_date=${today}`,
    });
    expect(del.statusCode).toBe(200);
    expect((await get(md, '/api/inventory/items-map')).json().Rice.closing_balance).toBe(1);
    const left = (await get(md, '/api/restock/')).json();
    expect(left.map((p: { purchase_id: number }) => p.purchase_id)).toEqual([a.purchaseId]);
  });

  it('deletes a purchase: its stock comes off on the purchase date and its payments go; refused when the stock was used', async () => {
    const { md } = await proBusiness();
    const fixture = await createStockFixture(t.app, md, {
      warehouse: 'Main',
      item: 'Garri',
      quantity: 10,
      date: daysAgo(3),
    });
    await post(md, `/api/restock/${fixture.purchaseId}/payments`, {
      amount: 100,
      payment_method: 'cash',
      payment_date: today,
    });
    const wrongDate = await call(t.app, md, {
      method: 'DELETE',
      url: `/api/restock/delete-by-id-date?purchase_id=${fixture.purchaseId}&purchase_date=${today}`,
    });
    expect(wrongDate.statusCode).toBe(404);
    const missing = await call(t.app, md, {
      method: 'DELETE',
      url: `/api/restock/delete-by-id-date?purchase_id=${fixture.purchaseId}`,
    });
    expect(missing.json()).toEqual({ detail: 'Missing purchase details' });

    const del = await call(t.app, md, {
      method: 'DELETE',
      url: `/api/restock/delete-by-id-date?purchase_id=${fixture.purchaseId}&purchase_date=${daysAgo(3)}`,
    });
    expect(del.json()).toMatchObject({ success: true, message: 'Purchase deleted successfully' });
    const log = (await get(md, `/api/inventory/daily-logs?selected_date=${daysAgo(3)}`)).json()[0];
    expect(log).toMatchObject({ supplied_quantity: 0, closing_balance: 0 });
    expect(
      (await get(md, `/api/inventory/daily-logs?selected_date=${today}`)).json()[0].closing_balance,
    ).toBe(0);
    // Money is never removed: the purchase and its payment stay, marked deleted by the MD.
    const [line] = await t.database.db
      .select()
      .from(purchaseLines)
      .where(eq(purchaseLines.id, fixture.purchaseId));
    const [kept] = await t.database.db.select().from(purchases).where(eq(purchases.id, line!.purchaseId));
    expect(kept).toMatchObject({ deletedBy: md.userId, amountPaidKobo: 10_000 });
    expect(kept!.deletedAt).toBeInstanceOf(Date);
    const paid = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.documentType, 'purchase'), eq(payments.documentId, line!.purchaseId)));
    expect(paid.map((p) => [p.amountKobo, p.deletedBy])).toEqual([[10_000, md.userId]]);
    expect((await get(md, '/api/restock/?limit=50')).json()).toEqual([]);
    expect((await get(md, '/api/restock/summary')).json()).toMatchObject({
      total_purchases: 0,
      total_amount: 0,
    });
    const again = await call(t.app, md, {
      method: 'DELETE',
      url: `/api/restock/delete-by-id-date?purchase_id=${fixture.purchaseId}&purchase_date=${daysAgo(3)}`,
    });
    expect(again.statusCode).toBe(404);
    const paidAgain = await post(md, `/api/restock/${fixture.purchaseId}/payments`, {
      amount: 1,
      payment_method: 'cash',
      payment_date: today,
    });
    expect(paidAgain.statusCode).toBe(404);
    const entries = await t.database.db
      .select()
      .from(stockEntries)
      .where(eq(stockEntries.itemId, fixture.itemId));
    expect(entries.map((e) => [e.kind, e.quantity, e.sourceType])).toEqual([
      ['supplied', 10, 'purchase'],
      ['supplied', -10, 'purchase_deleted'],
    ]);

    const used = await createStockFixture(t.app, md, {
      warehouse: 'Main',
      item: 'Yam',
      quantity: 4,
      date: daysAgo(2),
    });
    await call(t.app, md, {
      method: 'PATCH',
      url: `/api/inventory/update/${used.itemId}`,
      payload: { log_date: daysAgo(2), stock_out: 3 },
    });
    const refused = await call(t.app, md, {
      method: 'DELETE',
      url: `/api/restock/delete-by-id-date?purchase_id=${used.purchaseId}&purchase_date=${daysAgo(2)}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `Insufficient stock for Yam: 1 left on ${printDate(daysAgo(2))}, and this takes away 4. Correct that day in Inventory first`,
    );
  });

  it('updates prices and barcodes in bulk', async () => {
    const { md } = await proBusiness();
    const a = await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Soap' });
    const res = await post(md, '/api/restock/price-bulk-update', {
      warehouse_name: 'Main',
      updates: [{ item_id: a.itemId, new_price: 450.25, new_barcode: '0001112223334' }],
    });
    expect(res.json()).toMatchObject({ success: true, updated: 1 });
    expect((await get(md, '/api/sales/barcode/item?barcode=0001112223334')).json()).toMatchObject({
      item_name: 'Soap',
      price: 450.25,
    });
    const other = await registerBusiness(t.app);
    const foreign = await post(other.md, '/api/restock/price-bulk-update', {
      warehouse_name: 'Main',
      updates: [{ item_id: a.itemId, new_price: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('plan limit and idempotency', () => {
  it('counts each purchase against the free plan and refuses the eleventh with 403 "limit exceeded"', async () => {
    const { md } = await registerBusiness(t.app);
    for (let i = 0; i < 10; i += 1) {
      const res = await post(
        md,
        '/api/restock/new-item',
        newItem({
          item_name: `Item ${i}`,
          barcode: null,
          new_warehouse_name: i === 0 ? 'Main' : null,
          warehouse_name: 'Main',
        }),
      );
      expect(res.statusCode).toBe(201);
    }
    const eleventh = await post(
      md,
      '/api/restock/new-item',
      newItem({ item_name: 'Item 10', barcode: null, new_warehouse_name: null, warehouse_name: 'Main' }),
    );
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json().detail).toContain('limit exceeded');
    expect((await get(md, '/api/restock/?limit=50')).json()).toHaveLength(10);
    expect((await get(md, '/api/dashboard/subscription-status')).json()).toMatchObject({
      transaction_count: 10,
      transactions_remaining: 0,
    });
  });

  it('records a retried purchase once and answers the retry with the first answer', async () => {
    const { md } = await proBusiness();
    const headers = { 'idempotency-key': 'restock-retry-1' };
    const first = await post(md, '/api/restock/new-item', newItem(), headers);
    const retry = await post(md, '/api/restock/new-item', newItem(), headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect((await get(md, '/api/restock/')).json()).toHaveLength(1);
    const reused = await post(
      md,
      '/api/restock/batch',
      {
        supplier_name: 'x',
        purchase_date: today,
        warehouse_name: 'Lekki Shop',
        items: [{ item_name: 'Peak Milk 400g', quantity: 1, unit_price: 1 }],
      },
      headers,
    );
    expect(reused.statusCode).toBe(409);
  });
});

describe('invoice uploads', () => {
  it('accepts a real PNG and serves it only to its own business, signed in', async () => {
    const { md } = await proBusiness();
    const upload = multipartBody('invoice_file', 'receipt.png', PNG_BYTES, {
      desired_name: 'March invoice.png',
    });
    const res = await call(t.app, md, { method: 'POST', url: '/api/restock/upload-invoice', ...upload });
    expect(res.statusCode).toBe(201);
    const url: string = res.json().invoice_file_url;
    const own = await get(md, url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG_BYTES)).toBe(true);
    const other = await registerBusiness(t.app);
    expect((await get(other.md, url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const seller = (await createEmployee(t.app, md, ['sales.page.access'])).session;
    expect((await get(seller, url)).statusCode).toBe(403);
    const buyer = (await createEmployee(t.app, md, ['restock.page.access'])).session;
    expect((await get(buyer, url)).statusCode).toBe(200);

    // A purchase names the file by its id; the API shows it by its URL, and refuses a file it does not have.
    const fixture = await createStockFixture(t.app, md, { warehouse: 'Main', item: 'Rice', quantity: 1 });
    const restock = (invoice: string) =>
      post(md, '/api/restock/batch', {
        supplier_name: 'Mama Ngozi',
        purchase_date: today,
        warehouse_name: 'Main',
        payment_status: 'paid',
        payment_method: 'cash',
        invoice_file_url: invoice,
        items: [{ item_id: fixture.itemId, quantity: 1, unit_price: 10 }],
      });
    const recorded = await restock(url);
    expect(recorded.statusCode).toBe(201);
    const [line] = await t.database.db
      .select()
      .from(purchaseLines)
      .where(eq(purchaseLines.id, recorded.json().purchase_ids[0]));
    const [header] = await t.database.db.select().from(purchases).where(eq(purchases.id, line!.purchaseId));
    expect(header!.invoiceFileId).toBe(res.json().file_id);
    const listed = (await get(md, '/api/restock/')).json();
    expect(listed.find((p: { purchase_id: number }) => p.purchase_id === line!.id).invoice_file_url).toBe(
      url,
    );
    for (const unknown of [
      `/api/files/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
      'https://example.com/x.pdf',
    ]) {
      const refused = await restock(unknown);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe('The invoice file was not found: please upload it again');
    }
    const elsewhere = await call(t.app, other.md, {
      method: 'POST',
      url: '/api/restock/upload-invoice',
      ...upload,
    });
    expect((await restock(elsewhere.json().invoice_file_url)).statusCode).toBe(400);
  });

  it('deletes a purchase only for those with the key of its own (restock.delete.access)', async () => {
    const { md } = await proBusiness();
    const fixture = await createStockFixture(t.app, md, { quantity: 10 });
    const clerk = (await createEmployee(t.app, md, ['restock.page.access'])).session;
    const url = `/api/restock/delete-by-id-date?purchase_id=${fixture.purchaseId}&purchase_date=${today}`;
    const refused = await call(t.app, clerk, { method: 'DELETE', url });
    expect(refused.statusCode).toBe(403);
    expect(
      (await get(md, '/api/restock/?limit=50')).json().map((p: { purchase_id: number }) => p.purchase_id),
    ).toContain(fixture.purchaseId);
    expect((await call(t.app, md, { method: 'DELETE', url })).statusCode).toBe(200);
  });

  it('judges files by content: a disguised file is 415, an oversized one 413, no file 400', async () => {
    const { md } = await proBusiness();
    const disguised = multipartBody('invoice_file', 'invoice.pdf', Buffer.from('<script>alert(1)</script>'));
    expect(
      (await call(t.app, md, { method: 'POST', url: '/api/restock/upload-invoice', ...disguised }))
        .statusCode,
    ).toBe(415);
    const huge = multipartBody(
      'invoice_file',
      'big.png',
      Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024)]),
    );
    const tooBig = await call(t.app, md, { method: 'POST', url: '/api/restock/upload-invoice', ...huge });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toHaveProperty('detail');
    const json = await post(md, '/api/restock/upload-invoice', { invoice_file: 'x' });
    expect(json.statusCode).toBe(415);
  });
});

describe('paging the purchase list', () => {
  it('pages by keyset (before = X-Next-Before) and counts only when asked', async () => {
    const { md } = await proBusiness();
    const fixture = await createStockFixture(t.app, md, {
      warehouse: 'Main',
      item: 'Rice',
      quantity: 1,
      date: daysAgo(2),
    });
    const batch = await post(md, '/api/restock/batch', {
      supplier_name: 'Mama Ngozi',
      purchase_date: today,
      warehouse_name: 'Main',
      payment_status: 'paid',
      payment_method: 'cash',
      items: [1, 2, 3].map((quantity) => ({ item_id: fixture.itemId, quantity, unit_price: 10 })),
    });
    const [a, b, c] = batch.json().purchase_ids as number[];
    const ids = (res: { json: () => { purchase_id: number }[] }) => res.json().map((p) => p.purchase_id);

    const first = await get(md, '/api/restock/?limit=2&count=false');
    expect(ids(first)).toEqual([c, b]);
    expect(first.headers['x-total-count']).toBeUndefined();
    expect(first.headers['x-next-before']).toBe(`${today}.${b}`);
    const second = await get(
      md,
      `/api/restock/?limit=2&count=false&before=${first.headers['x-next-before']}`,
    );
    expect(ids(second)).toEqual([a, fixture.purchaseId]);
    expect(second.headers['x-next-before']).toBe('');
    // Asked for, the count comes too; the documented skip/limit call is unchanged.
    const counted = await get(md, `/api/restock/?limit=1&before=${today}.${b}`);
    expect(ids(counted)).toEqual([a]);
    expect(counted.headers['x-total-count']).toBe('4');
    const documented = await get(md, '/api/restock/?skip=1&limit=2');
    expect(ids(documented)).toEqual([b, a]);
    expect(documented.headers['x-total-count']).toBe('4');
    expect(documented.headers['x-next-before']).toBeUndefined();
    for (const bad of ['2026-02-30.5', 'yesterday', `${today}.99999999999`])
      expect((await get(md, `/api/restock/?before=${bad}`)).statusCode).toBe(422);
  });
});

describe('the Restock Reports summary', () => {
  it('adds up every matching purchase on the server, with the five latest', async () => {
    const { md } = await proBusiness();
    await createStockFixture(t.app, md, {
      warehouse: 'Main',
      item: 'Rice',
      quantity: 10,
      unitPrice: 1000.5,
      date: daysAgo(40),
    });
    for (const item of ['Beans', 'Garri', 'Yam', 'Oil', 'Salt', 'Sugar'])
      await createStockFixture(t.app, md, {
        warehouse: 'Main',
        item,
        quantity: 3,
        unitPrice: 200,
        date: daysAgo(2),
      });
    const annex = await createStockFixture(t.app, md, {
      warehouse: 'Annex',
      item: 'Rice',
      quantity: 4,
      unitPrice: 50,
    });
    await post(md, `/api/restock/${annex.purchaseId}/payments`, {
      amount: 50,
      payment_method: 'cash',
      payment_date: today,
    });
    const other = await proBusiness();
    await createStockFixture(t.app, other.md, { warehouse: 'Main', item: 'Rice', quantity: 99 });

    const all = (await get(md, '/api/restock/summary')).json();
    expect(all).toMatchObject({
      total_purchases: 8,
      total_amount: 10_005 + 6 * 600 + 200,
      outstanding: 10_005 + 6 * 600 + 150,
      items_restocked: 8,
      units_restocked: 10 + 18 + 4,
      warehouses: 2,
    });
    expect(all.recent.map((p: { item_name: string; warehouse_name: string }) => p.warehouse_name)).toEqual([
      'Annex',
      'Main',
      'Main',
      'Main',
      'Main',
    ]);
    const month = (
      await get(md, `/api/restock/summary?start_date=${daysAgo(30)}&warehouse_name=Main`)
    ).json();
    expect(month).toMatchObject({
      total_purchases: 6,
      total_amount: 3600,
      units_restocked: 18,
      warehouses: 1,
    });
    expect((await get(md, '/api/restock/summary?search=rice')).json()).toMatchObject({ total_purchases: 2 });
    const clerk = await createEmployee(t.app, md, ['restock.page.access']);
    expect((await get(clerk.session, '/api/restock/summary')).json()).toMatchObject({
      total_purchases: 0,
      total_amount: 0,
      recent: [],
    });
  });
});
