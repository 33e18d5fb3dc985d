import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printDate } from '@app/domain/dates/business-date';
import { sales, stockEntries } from '../../platform/db/schema/index.ts';
import { saleRequest, salesApi, today } from '../../test/sales-fixtures.ts';
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
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, get, del, proShop, onHand } = salesApi(() => t);

describe('recording a sale', () => {
  it('prices on the server (VAT then a percentage discount), takes the stock out and keeps a partial balance', async () => {
    const shop = await proShop();
    const res = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, {
        items: [
          {
            item_id: shop.itemId,
            quantity: 3,
            unit_price: 1000.5,
            total_amount: 1,
            warehouse_name: shop.warehouse,
          },
        ],
        apply_vat: true,
        vat_rate: 0,
        discount_type: 'percentage',
        discount_value: 10,
        payment_status: 'partial',
        partial_payment_amount: 1000,
        partial_payment_note: 'Balance Friday',
        partial_payment_date: today,
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    // 3 × 1000.50 = 3001.50; VAT 7.5 % = 225.1125 → 225.11; 3226.61 − 10 % (322.661 → 322.66) = 2903.95
    expect(body.sale).toMatchObject({
      subtotal: 3001.5,
      vat_rate: 7.5,
      vat_amount: 225.11,
      discount_amount: 322.66,
      grand_total: 2903.95,
      amount_paid: 1000,
      outstanding: 1903.95,
      payment_status: 'partial',
      employee_name: expect.any(String),
    });
    // Dated as the receipt dates everything: 27 Nov 2026, not 2026-11-27.
    expect(body.sale.notes).toBe(`Partial payment on ${printDate(today)}: Balance Friday`);
    expect(await onHand(shop.itemId)).toBe(17);

    const rows = (await get(shop.md, '/api/sales?limit=500')).json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      sale_id: body.sale_id,
      item_name: shop.item,
      quantity: 3,
      unit_price: 1000.5,
      payment_method: 'cash',
      payment_methods: ['cash'],
    });

    const pending = (await get(shop.md, '/api/sales/pending')).json();
    expect(pending.map((s: { sale_id: number }) => s.sale_id)).toEqual([body.sale_id]);

    const tooMuch = await post(shop.md, `/api/sales/${body.sale_id}/payments`, {
      amount: 2000,
      payment_method: 'transfer',
      payment_date: today,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().detail).toContain('more than the outstanding ₦1,903.95');
    const beforeTheSale = await post(shop.md, `/api/sales/${body.sale_id}/payments`, {
      amount: 100,
      payment_method: 'transfer',
      payment_date: daysAgo(3),
    });
    expect(beforeTheSale.statusCode).toBe(400);
    expect(beforeTheSale.json().detail).toBe(
      `The payment date (${printDate(daysAgo(3))}) is before the sale's date (${printDate(today)})`,
    );

    const paid = await post(shop.md, `/api/sales/${body.sale_id}/payments`, {
      amount: 1903.95,
      payment_method: 'transfer',
      payment_date: today,
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().sale).toMatchObject({ payment_status: 'paid', outstanding: 0, amount_paid: 2903.95 });
    expect((await get(shop.md, '/api/sales/pending')).json()).toEqual([]);
    // The list names every way the money came: cash at the counter, the balance by transfer.
    expect((await get(shop.md, '/api/sales?limit=500')).json()[0]).toMatchObject({
      payment_method: 'cash',
      payment_methods: ['cash', 'transfer'],
    });

    const stats = (await get(shop.md, '/api/dashboard/dashboard-stats')).json();
    expect(stats).toMatchObject({ total_sales: 2903.95, active_customers: 1 });
    const customers = (await get(shop.md, '/api/sales/customers')).json();
    const ada = { name: 'Ada Obi', phone: '08031234567', customer_id: body.sale.customer_id, email: null };
    expect(body.sale.customer_id).toBeGreaterThan(0);
    expect(customers).toEqual([{ name: 'Ada Obi', phone: '08031234567' }]);
    // A picker searches the customer list on the server, by name or phone, a page at a time.
    expect((await get(shop.md, '/api/sales/customers?search=obi&limit=5')).json()).toEqual([ada]);
    expect((await get(shop.md, '/api/sales/customers?search=0803')).json()).toEqual([ada]);
    expect((await get(shop.md, '/api/sales/customers?search=zz')).json()).toEqual([]);
    expect((await get(shop.md, '/api/sales/customers?search=a&limit=0')).statusCode).toBe(422);
    // The list's e-mail comes with a match: a receipt is offered to it.
    const edited = await call(t.app, shop.md, {
      method: 'PUT',
      url: `/api/customers/${ada.customer_id}`,
      payload: { name: 'Ada Obi', phone: '08031234567', email: 'ada@example.com' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await get(shop.md, '/api/sales/customers?search=ada')).json()).toEqual([
      { ...ada, email: 'ada@example.com' },
    ]);

    // A walk-in without a phone is on no customer list: a search finds the name on recent sales.
    await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { customer_name: 'Bisi Walk-in', customer_phone: '' }),
    );
    expect((await get(shop.md, '/api/sales/customers?search=bisi')).json()).toEqual([
      { name: 'Bisi Walk-in', phone: null, customer_id: null },
    ]);
    expect(
      (await get(shop.md, '/api/sales/customers?search=i')).json().map((c: { name: string }) => c.name),
    ).toEqual(['Ada Obi', 'Bisi Walk-in']);
  });

  it('records a sale with nothing to pay as paid, whatever status was chosen, and it is not pending', async () => {
    const shop = await proShop();
    const res = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, {
        items: [{ item_id: shop.itemId, quantity: 1, unit_price: 1, warehouse_name: shop.warehouse }],
        discount_type: 'fixed',
        discount_value: 100,
        payment_status: 'credit',
        payment_method: 'none',
        customer_name: 'Aisha Bello',
        customer_phone: '08031234567',
        due_date: today,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sale).toMatchObject({ grand_total: 0, outstanding: 0, payment_status: 'paid' });
    const pending = (await get(shop.md, '/api/sales/pending')).json() as { sale_id: number }[];
    expect(pending.map((sale) => sale.sale_id)).not.toContain(res.json().sale.sale_id);
  });

  it('refuses bad input with the numbered messages and records nothing', async () => {
    const shop = await proShop();
    const res = await post(shop.md, '/api/sales/batch', {
      sale_date: today,
      customer_name: ' ',
      items: [
        { item_id: shop.itemId, quantity: 0, unit_price: 100, warehouse_name: shop.warehouse },
        { item_id: null, quantity: 1, unit_price: 100 },
        { item_id: shop.itemId, quantity: 1, unit_price: 0 },
      ],
      payment_status: 'credit',
    });
    expect(res.statusCode).toBe(422);
    const messages = res.json().detail.map((issue: { msg: string }) => issue.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Customer name is required',
        'Item 1: Quantity must be greater than 0',
        'Item 2: Please select an item',
        'Item 3: Unit price must be greater than 0',
        'Please choose a due date for a credit sale',
      ]),
    );
    const empty = await post(shop.md, '/api/sales/batch', saleRequest(shop, { items: [] }));
    expect(empty.json().detail.map((issue: { msg: string }) => issue.msg)).toContain(
      'At least one item is required',
    );
    const noWarehouse = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { items: [{ item_id: shop.itemId, quantity: 1, unit_price: 5 }] }),
    );
    expect(noWarehouse.json().detail.map((issue: { msg: string }) => issue.msg)).toContain(
      'Please select a warehouse first.',
    );

    const other = await createStockFixture(t.app, shop.md);
    const wrongWarehouse = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, {
        items: [
          {
            item_id: other.itemId,
            item_name: other.item,
            quantity: 1,
            unit_price: 5,
            warehouse_name: shop.warehouse,
          },
        ],
      }),
    );
    expect(wrongWarehouse.statusCode).toBe(404);
    expect(wrongWarehouse.json().detail).toBe(`Item 1: ${other.item} is not in ${shop.warehouse}`);
    // A line that names its item by id alone (as Add Sale sends it) is named from the business's items.
    const byIdOnly = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, {
        warehouse_name: shop.warehouse,
        items: [{ item_id: other.itemId, quantity: 1, unit_price: 5 }],
      }),
    );
    expect([byIdOnly.statusCode, byIdOnly.json().detail]).toEqual([
      404,
      `Item 1: ${other.item} is not in ${shop.warehouse}`,
    ]);

    const tooMany = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, {
        items: [{ item_id: shop.itemId, quantity: 21, unit_price: 5, warehouse_name: shop.warehouse }],
      }),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe(`Insufficient stock for ${shop.item}: 20 left`);

    const future = await post(shop.md, '/api/sales/batch', saleRequest(shop, { sale_date: '2999-01-01' }));
    expect(future.statusCode).toBe(400);
    const partialTooBig = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { payment_status: 'partial', partial_payment_amount: 5000 }),
    );
    expect(partialTooBig.statusCode).toBe(400);
    const partialOn = (partial_payment_date: string) =>
      post(
        shop.md,
        '/api/sales/batch',
        saleRequest(shop, { payment_status: 'partial', partial_payment_amount: 5, partial_payment_date }),
      );
    const partialLater = await partialOn('2999-01-01');
    expect([partialLater.statusCode, partialLater.json().detail]).toEqual([
      400,
      'Date cannot be in the future',
    ]);
    const partialEarlier = await partialOn(daysAgo(3));
    expect([partialEarlier.statusCode, partialEarlier.json().detail]).toEqual([
      400,
      `The payment date (${printDate(daysAgo(3))}) is before the sale's date (${printDate(today)})`,
    ]);
    expect(partialTooBig.json().detail).toBe('Partial payment amount must be less than total amount');

    expect(await onHand(shop.itemId)).toBe(20);
    expect((await get(shop.md, '/api/sales')).json()).toEqual([]);
  });

  it('names the stock two lines of one item shared when together they ask for more, today and backdated', async () => {
    const shop = await proShop();
    const line = (quantity: number) => ({
      item_id: shop.itemId,
      quantity,
      unit_price: 5,
      warehouse_name: shop.warehouse,
    });
    const twoLines = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { items: [line(15), line(10)] }),
    );
    expect([twoLines.statusCode, twoLines.json().detail]).toEqual([
      409,
      `Insufficient stock for ${shop.item}: 20 left`,
    ]);
    const older = await createStockFixture(t.app, shop.md, { date: daysAgo(2), quantity: 20 });
    const olderLine = (quantity: number) => ({
      item_id: older.itemId,
      quantity,
      unit_price: 5,
      warehouse_name: older.warehouse,
    });
    await post(shop.md, '/api/sales/batch', saleRequest(older, { items: [olderLine(1)] }));
    const backdatedTwoLines = await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(older, { sale_date: daysAgo(1), items: [olderLine(15), olderLine(10)] }),
    );
    // Yesterday had 20; today, after the sale of 1, is the day that runs short.
    expect(backdatedTwoLines.json().detail).toBe(
      `Insufficient stock for ${older.item}: 19 left on ${printDate(daysAgo(0))}`,
    );
    expect(await onHand(older.itemId)).toBe(19);
  });

  it('does not tell an employee the name of an item in a warehouse they cannot open', async () => {
    const shop = await proShop();
    const hidden = await createStockFixture(t.app, shop.md, {
      warehouse: 'Kano Secret',
      item: 'Secret Oil 5L',
    });
    await call(t.app, shop.md, {
      method: 'PUT',
      url: `/api/warehouses/${shop.warehouseId}/access`,
      payload: { access_all: true },
    });
    const clerk = await createEmployee(t.app, shop.md, [
      'sales.page.access',
      'sales.create.access',
      'sales.invoice_override.access',
    ]);
    // A line naming, by id alone, an item of a warehouse the seller cannot open.
    const sellHidden = (session: typeof shop.md) =>
      post(
        session,
        '/api/sales/batch',
        saleRequest(shop, {
          warehouse_name: shop.warehouse,
          items: [{ item_id: hidden.itemId, quantity: 1, unit_price: 5 }],
        }),
      );
    const probe = await sellHidden(clerk.session);
    expect([probe.statusCode, probe.json().detail]).toEqual([
      404,
      `Item 1: item ${hidden.itemId} is not in ${shop.warehouse}`,
    ]);
    expect((await sellHidden(shop.md)).json().detail).toBe(
      `Item 1: Secret Oil 5L is not in ${shop.warehouse}`,
    );
  });

  it('needs an invoice and the backdate permission from an employee, and a file of the same business', async () => {
    const shop = await proShop();
    const clerk = await createEmployee(t.app, shop.md, ['sales.page.access', 'sales.create.access']);
    const noInvoice = await post(clerk.session, '/api/sales/batch', saleRequest(shop));
    expect(noInvoice.statusCode).toBe(400);
    expect(noInvoice.json().detail).toContain('Invoice upload is compulsory');

    const upload = multipartBody('invoice_file', 'invoice.png', PNG_BYTES);
    const uploaded = await call(t.app, clerk.session, {
      method: 'POST',
      url: '/api/sales/upload-invoice',
      ...upload,
    });
    expect(uploaded.statusCode).toBe(201);
    const invoice = uploaded.json().invoice_file_url as string;
    const notTheirs = await post(
      clerk.session,
      '/api/sales/batch',
      saleRequest(shop, { invoice_file_url: invoice }),
    );
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().detail).toBe('Warehouse not found');
    await call(t.app, shop.md, {
      method: 'PUT',
      url: `/api/warehouses/${shop.warehouseId}/access`,
      payload: { access_all: true },
    });

    const backdated = await post(
      clerk.session,
      '/api/sales/batch',
      saleRequest(shop, { sale_date: daysAgo(1), invoice_file_url: invoice }),
    );
    expect(backdated.statusCode).toBe(403);
    expect(backdated.json().detail).toContain('You do not have permission to backdate sales');

    const forged = await post(
      clerk.session,
      '/api/sales/batch',
      saleRequest(shop, { invoice_file_url: '/api/files/00000000-0000-0000-0000-000000000000' }),
    );
    expect(forged.statusCode).toBe(400);

    const ok = await post(
      clerk.session,
      '/api/sales/batch',
      saleRequest(shop, { invoice_file_url: invoice }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().sale.invoice_file_url).toBe(invoice);

    const text = multipartBody('invoice_file', 'notes.txt', Buffer.from('hello'));
    const refused = await call(t.app, clerk.session, {
      method: 'POST',
      url: '/api/sales/upload-invoice',
      ...text,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().detail).toBe('Invalid file type. Please upload PNG, JPG, or PDF');
  });

  it('records one sale for replays of the same Idempotency-Key', async () => {
    const shop = await proShop();
    const headers = { 'idempotency-key': 'sale-retry-1' };
    const lost = saleRequest(shop, { items: [{ item_id: shop.itemId, quantity: 2, unit_price: 2000 }] });
    const unknown = await post(shop.md, '/api/sales/batch', { ...lost, warehouse_name: 'Nowhere' }, headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Warehouse not found');
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(shop.md, '/api/sales/batch', saleRequest(shop), headers)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().sale_id)).size).toBe(1);
    expect(await onHand(shop.itemId)).toBe(18);
    expect((await get(shop.md, '/api/sales')).json()).toHaveLength(1);
  });

  it('sells exactly the last 10 units to 50 simultaneous sales, and the ledger balances', async () => {
    const shop = await proShop(10);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          shop.md,
          '/api/sales/batch',
          saleRequest(shop, {
            customer_name: `Buyer ${i}`,
            items: [{ item_id: shop.itemId, quantity: 1, unit_price: 100, warehouse_name: shop.warehouse }],
          }),
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(await onHand(shop.itemId)).toBe(0);
    const [ledger] = await t.database.db
      .select({
        total: sql<string>`sum(case when ${stockEntries.kind} = 'stock_out' then -${stockEntries.quantity} else ${stockEntries.quantity} end)`,
      })
      .from(stockEntries)
      .where(eq(stockEntries.itemId, shop.itemId));
    expect(Number(ledger!.total)).toBe(0);
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sales)
      .where(and(eq(sales.warehouseId, shop.warehouseId)));
    expect(count!.n).toBe(10);
  });

  it('counts one transaction per sale: past the free limit 403 "limit exceeded" and nothing recorded', async () => {
    const { md } = await registerBusiness(t.app);
    const shop = { md, ...(await createStockFixture(t.app, md, { quantity: 50 })) };
    const answers = [];
    for (let i = 0; i < 10; i += 1)
      answers.push(
        (
          await post(
            md,
            '/api/sales/batch',
            saleRequest(shop, {
              items: [{ item_id: shop.itemId, quantity: 1, unit_price: 10, warehouse_name: shop.warehouse }],
            }),
          )
        ).statusCode,
      );
    // The restock of the fixture was the first transaction.
    expect(answers.filter((s) => s === 201)).toHaveLength(9);
    expect(answers.at(-1)).toBe(403);
    const refused = await post(md, '/api/sales/batch', saleRequest(shop));
    expect(refused.json().detail).toContain('limit exceeded');
    expect(await onHand(shop.itemId)).toBe(41);
  });
});

describe('seeing and deleting sales', () => {
  it('deletes a whole sale and puts its stock back on the sale date', async () => {
    const shop = await proShop();
    const created = (await post(shop.md, '/api/sales/batch', saleRequest(shop))).json();
    expect(await onHand(shop.itemId)).toBe(18);
    const clerk = await createEmployee(t.app, shop.md, ['sales.page.access']);
    expect((await del(clerk.session, `/api/sales/${created.sale_id}`)).statusCode).toBe(403);
    const removed = await del(shop.md, `/api/sales/${created.sale_id}`);
    expect(removed.statusCode).toBe(200);
    expect(await onHand(shop.itemId)).toBe(20);
    expect((await get(shop.md, '/api/sales')).json()).toEqual([]);
    expect((await del(shop.md, `/api/sales/${created.sale_id}`)).statusCode).toBe(404);
    const stats = (await get(shop.md, '/api/dashboard/dashboard-stats')).json();
    expect(stats.total_sales).toBe(0);
    const other = await registerBusiness(t.app);
    expect((await del(other.md, `/api/sales/${created.sale_id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a sale below a stock-out corrected in Inventory, and says what to do', async () => {
    const shop = await proShop();
    const created = (await post(shop.md, '/api/sales/batch', saleRequest(shop))).json();
    const corrected = await call(t.app, shop.md, {
      method: 'PATCH',
      url: `/api/inventory/update/${shop.itemId}`,
      payload: { log_date: today, stock_out: 1 },
    });
    expect(corrected.statusCode).toBe(200);
    const refused = await del(shop.md, `/api/sales/${created.sale_id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `Cannot reduce ${shop.item}'s stock out on ${printDate(today)} below zero: ` +
        'that day shows 1 and this takes away 2. Correct that day in Inventory first',
    );
    expect(await onHand(shop.itemId)).toBe(19);
  });

  it('filters by type and values, keyword and dates, and lists the options', async () => {
    const shop = await proShop();
    await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, { customer_name: 'Ada Obi', customer_phone: '08010000001' }),
    );
    await post(
      shop.md,
      '/api/sales/batch',
      saleRequest(shop, {
        customer_name: 'Bola Ade',
        customer_phone: '08020000002',
        invoice_number: 'INV-77',
      }),
    );
    const options = (await get(shop.md, '/api/sales/filter-options')).json();
    expect(options).toMatchObject({
      customer_names: ['Ada Obi', 'Bola Ade'],
      customer_phones: ['08010000001', '08020000002'],
      item_names: [shop.item],
    });
    expect(options.employee_names).toHaveLength(1);
    const byCustomer = (
      await post(shop.md, '/api/sales/filter', { filter_type: 'customer_name', filter_values: ['bola ade'] })
    ).json();
    expect(byCustomer.map((r: { customer_name: string }) => r.customer_name)).toEqual(['Bola Ade']);
    const byKeyword = (await post(shop.md, '/api/sales/filter', { keyword: 'inv-7' })).json();
    expect(byKeyword).toHaveLength(1);
    const byDate = (
      await post(shop.md, '/api/sales/filter', { start_date: daysAgo(5), end_date: daysAgo(1) })
    ).json();
    expect(byDate).toEqual([]);
    // A cleared date box or an "all" choice arrives as "": no filter, as if left out.
    const blanks = await post(shop.md, '/api/sales/filter', {
      keyword: '',
      filter_type: '',
      filter_values: [],
      start_date: '',
      end_date: '',
    });
    expect(blanks.statusCode).toBe(200);
    expect(blanks.json()).toHaveLength(2);
  });

  it('pages the list by keyset on request, in the same order as by offset, without counting', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md);
    const first = await createStockFixture(t.app, md, { quantity: 40, date: daysAgo(3) });
    const shop = { md, ...first };
    const second = await createStockFixture(t.app, md, {
      warehouse: shop.warehouse,
      quantity: 40,
      date: daysAgo(3),
    });
    const twoLines = (sale_date: string) =>
      saleRequest(shop, {
        sale_date,
        items: [
          { item_id: shop.itemId, quantity: 1, unit_price: 2000 },
          { item_id: second.itemId, quantity: 1, unit_price: 900 },
        ],
        warehouse_name: shop.warehouse,
      });
    for (const date of [daysAgo(1), today, daysAgo(2), today])
      expect((await post(shop.md, '/api/sales/batch', twoLines(date))).statusCode).toBe(201);
    const all = await get(shop.md, '/api/sales?limit=500');
    expect(all.headers['x-total-count']).toBe('8');
    expect(all.headers['x-next-before']).toBeUndefined();
    const lineIds = (rows: { line_id: number }[]) => rows.map((row) => row.line_id);

    const paged: number[] = [];
    let before = '';
    for (let page = 0; page < 3; page++) {
      const res = await get(shop.md, `/api/sales?limit=3&count=false${before ? `&before=${before}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-total-count']).toBeUndefined();
      paged.push(...lineIds(res.json()));
      before = res.headers['x-next-before'] as string;
    }
    expect(before).toBe('');
    expect(paged).toEqual(lineIds(all.json()));

    const firstTwo = await post(shop.md, '/api/sales/filter', { start_date: daysAgo(2), limit: 5 });
    const rest = await post(shop.md, '/api/sales/filter', {
      start_date: daysAgo(2),
      limit: 5,
      before: Number(firstTwo.headers['x-next-before']),
    });
    expect([...lineIds(firstTwo.json()), ...lineIds(rest.json())]).toEqual(lineIds(all.json()));
    expect(rest.headers['x-next-before']).toBe('');
    expect((await get(shop.md, '/api/sales?before=abc')).statusCode).toBe(422);
    // Another business's line does not place a page among this business's lines.
    const stranger = await proShop();
    const theirs = await post(stranger.md, '/api/sales/batch', saleRequest(stranger));
    const theirLine = theirs.json().sale.items[0].line_id as number;
    expect((await get(shop.md, `/api/sales?count=false&before=${theirLine}`)).json()).toEqual([]);
  });
});

describe('receipts data', () => {
  it('answers the sales of a customer on a date', async () => {
    const shop = await proShop();
    await post(shop.md, '/api/sales/batch', saleRequest(shop));
    await post(shop.md, '/api/sales/batch', saleRequest(shop, { customer_name: 'Someone Else' }));
    const found = (await get(shop.md, `/api/sales/for-receipt?date=${today}&customer_name=ADA%20OBI`)).json();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ customer_name: 'Ada Obi', grand_total: 4300, items: [{ quantity: 2 }] });
  });
});
