import { businessDate } from '@app/domain/dates/business-date';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseDaily, expenses, payments } from '../../platform/db/schema/index.ts';
import {
  call,
  createEmployee,
  createTestApp,
  daysAgo,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';
import { createExpensesRepository } from './expenses.repository.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = businessDate();
const post = (session: TSession, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  call(t.app, session, { method: 'POST', url, payload: payload as object, headers });
const get = (session: TSession, url: string) => call(t.app, session, { method: 'GET', url });
const put = (session: TSession, url: string, payload: unknown) =>
  call(t.app, session, { method: 'PUT', url, payload: payload as object });

async function proBusiness() {
  const business = await registerBusiness(t.app);
  await makePro(t, business.md);
  return business;
}

const expense = (overrides: Record<string, unknown> = {}) => ({
  vendor_name: 'Ikeja Electric',
  total_amount: 45_000.5,
  expense_date: today,
  payment_status: 'paid',
  payment_method: 'transfer',
  invoice_number: 'IE-2026-118',
  notes: 'November power bill',
  ...overrides,
});

async function record(md: TSession, overrides: Record<string, unknown> = {}) {
  const res = await post(md, '/api/expenses/json', expense(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { expense_id: number; amount_balance: number; payment_status: string };
}

const report = async (md: TSession, start = today, end = today) =>
  (await get(md, `/api/sales/reports/summary?start_date=${start}&end_date=${end}`)).json().totals;

describe('recording an expense', () => {
  it('records a paid expense for the caller and lists it with its figures', async () => {
    const { md } = await proBusiness();
    const res = await post(md, '/api/expenses/json', expense());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      msg: 'Expense created successfully',
      vendor_name: 'Ikeja Electric',
      total_amount: 45_000.5,
      amount_paid: 45_000.5,
      amount_balance: 0,
      payment_status: 'paid',
      payment_method: 'transfer',
      employee_id: md.userId,
      due_date: null,
    });
    const list = await get(md, '/api/expenses?skip=0&limit=10');
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([expect.objectContaining({ expense_id: res.json().expense_id })]);
  });

  it('takes the amount paid from the status: partial keeps what was entered, credit nothing', async () => {
    const { md } = await proBusiness();
    const partial = await record(md, {
      payment_status: 'partial',
      amount_paid: 10_000,
      due_date: daysAgo(-7),
    });
    expect(partial).toMatchObject({
      amount_paid: 10_000,
      amount_balance: 35_000.5,
      payment_status: 'partial',
    });
    const credit = await record(md, { payment_status: 'credit', amount_paid: 999, due_date: daysAgo(-7) });
    expect(credit).toMatchObject({ amount_paid: 0, amount_balance: 45_000.5, payment_status: 'credit' });
    const pending = await get(md, '/api/expenses/pending');
    expect(pending.json().map((row: { expense_id: number }) => row.expense_id)).toEqual([
      credit.expense_id,
      partial.expense_id,
    ]);
    expect(pending.headers['x-total-count']).toBe('2');
  });

  it.each([
    [{ vendor_name: '  ' }, 'Vendor name is required'],
    [{ total_amount: 0 }, 'Please enter a valid total amount'],
    [{ payment_status: 'partial', due_date: today }, 'Please enter the partial payment amount'],
    [
      { payment_status: 'partial', amount_paid: 45_000.5, due_date: today },
      'Partial payment amount must be less than total amount',
    ],
    [{ payment_status: 'credit' }, 'Due date is required for credit and partial payments'],
  ])('refuses %j with 422 "%s" and records nothing', async (overrides, message) => {
    const { md } = await proBusiness();
    const res = await post(md, '/api/expenses/json', expense(overrides));
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain(message);
    expect((await get(md, '/api/expenses')).json()).toEqual([]);
  });

  it('refuses a future date and an employee of another business', async () => {
    const { md } = await proBusiness();
    const other = await proBusiness();
    const future = await post(md, '/api/expenses/json', expense({ expense_date: daysAgo(-1) }));
    expect(future.statusCode).toBe(400);
    expect(future.json().detail).toBe('Date cannot be in the future');
    const stranger = await post(md, '/api/expenses/json', expense({ employee_id: other.md.userId }));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().detail).toBe('Employee not found');
    expect((await get(md, '/api/expenses')).json()).toEqual([]);
  });

  it('names an employee of the business, shown by their name', async () => {
    const { md } = await proBusiness();
    const employee = await createEmployee(t.app, md, ['expenses.page.access']);
    const saved = await record(md, { employee_id: employee.employeeId, employee_name: 'Someone Else' });
    const [row] = (await get(md, '/api/expenses')).json();
    expect(row).toMatchObject({ expense_id: saved.expense_id, employee_id: employee.employeeId });
    expect(row.employee_name).not.toBe('Someone Else');
  });

  it('records once for a retried Idempotency-Key', async () => {
    const { md } = await proBusiness();
    const headers = { 'idempotency-key': 'expense-retry-1' };
    const first = await post(md, '/api/expenses/json', expense(), headers);
    const again = await post(md, '/api/expenses/json', expense(), headers);
    expect(again.statusCode).toBe(201);
    expect(again.json().expense_id).toBe(first.json().expense_id);
    expect((await get(md, '/api/expenses')).headers['x-total-count']).toBe('1');
  });

  it('keeps an offline expense’s public id and time (recorded_at), once, and takes a time ahead as now', async () => {
    const { md } = await proBusiness();
    const at = new Date(Date.now() - 26 * 60 * 60 * 1000).toISOString();
    const publicId = '01936b2e-8f00-7a4c-9d10-00000000e001';
    const body = expense({
      public_id: publicId,
      recorded_at: at,
      expense_date: daysAgo(1),
    });
    const headers = { 'idempotency-key': 'offline-expense-1' };
    const first = await post(md, '/api/expenses/json', body, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ public_id: publicId, created_at: at });
    const resent = await post(md, '/api/expenses/json', body, headers);
    expect(resent.json()).toEqual(first.json());
    // Its key expired: the same public id again is the 409 the device takes as "already there".
    const later = await post(md, '/api/expenses/json', body, { 'idempotency-key': 'offline-expense-2' });
    expect(later.statusCode).toBe(409);
    expect(later.json().detail).toContain('with this public_id already exists');
    expect((await get(md, '/api/expenses')).headers['x-total-count']).toBe('1');
    const ahead = await post(md, '/api/expenses/json', {
      ...expense(),
      recorded_at: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    });
    expect(ahead.statusCode, ahead.body).toBe(201);
    expect(Date.parse(ahead.json().created_at)).toBeLessThanOrEqual(Date.now());
  });

  it('counts each expense against the free plan and refuses the eleventh with 403 "limit exceeded"', async () => {
    const { md } = await registerBusiness(t.app);
    for (let n = 0; n < 10; n += 1) await record(md);
    const eleventh = await post(md, '/api/expenses/json', expense());
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json().detail).toContain('limit exceeded');
    expect((await get(md, '/api/expenses')).headers['x-total-count']).toBe('10');
  });
});

describe('paying an expense', () => {
  it('refuses one kobo above the balance with the spec message, then paying the exact balance makes it paid', async () => {
    const { md } = await proBusiness();
    const saved = await record(md, { payment_status: 'partial', amount_paid: 10_000, due_date: today });
    const pay = (amount: number) =>
      post(md, '/api/expenses/payments', {
        expense_id: saved.expense_id,
        amount,
        payment_method: 'cash',
        payment_date: today,
        notes: '',
      });
    const over = await pay(35_000.51);
    expect(over.statusCode).toBe(422);
    expect(over.json().detail).toBe('Payment amount cannot exceed remaining balance of ₦35,000.50');
    const part = await pay(5_000);
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({
      msg: 'Payment recorded successfully',
      expense: { amount_paid: 15_000, amount_balance: 30_000.5, payment_status: 'partial' },
    });
    const rest = await pay(30_000.5);
    expect(rest.json().expense).toMatchObject({ amount_balance: 0, payment_status: 'paid' });
    expect((await get(md, '/api/expenses/pending')).json()).toEqual([]);
    const stored = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.documentType, 'expense'), eq(payments.documentId, saved.expense_id)));
    expect(stored.map((p) => p.amountKobo)).toEqual([500_000, 3_000_050]);
    const nothing = await pay(1);
    expect(nothing.statusCode).toBe(422);
  });

  it('takes one of two simultaneous payments of the whole balance', async () => {
    const { md } = await proBusiness();
    const saved = await record(md, { payment_status: 'credit', due_date: today });
    const results = await Promise.all(
      [1, 2].map(() =>
        post(md, '/api/expenses/payments', {
          expense_id: saved.expense_id,
          amount: 45_000.5,
          payment_method: 'cash',
          payment_date: today,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const [row] = await t.database.db.select().from(expenses).where(eq(expenses.id, saved.expense_id));
    expect(row).toMatchObject({ amountPaidKobo: 4_500_050, paymentStatus: 'paid' });
  });

  it('answers 404 "Expense not found" for another business’s expense', async () => {
    const { md } = await proBusiness();
    const other = await proBusiness();
    const theirs = await record(other.md, { payment_status: 'credit', due_date: today });
    const res = await post(md, '/api/expenses/payments', {
      expense_id: theirs.expense_id,
      amount: 1,
      payment_method: 'cash',
      payment_date: today,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Expense not found');
  });
});

describe('editing and deleting', () => {
  it('edits fields, keeps the amount paid when no status is sent and refuses a total below it', async () => {
    const { md } = await proBusiness();
    const saved = await record(md, { payment_status: 'partial', amount_paid: 20_000, due_date: today });
    const below = await put(md, `/api/expenses/${saved.expense_id}`, { total_amount: 19_999.99 });
    expect(below.statusCode).toBe(422);
    expect(below.json().detail).toBe('Total amount cannot be less than the ₦20,000.00 already paid');
    const equal = await put(md, `/api/expenses/${saved.expense_id}`, {
      total_amount: 20_000,
      vendor_name: 'IKEDC',
    });
    expect(equal.statusCode).toBe(200);
    expect(equal.json()).toMatchObject({
      msg: 'Expense updated successfully',
      vendor_name: 'IKEDC',
      amount_paid: 20_000,
      amount_balance: 0,
      payment_status: 'paid',
      due_date: null,
    });
  });

  it('asks for a due date when a new total leaves a paid expense owing', async () => {
    const { md } = await proBusiness();
    const saved = await record(md, { total_amount: 1_234.5 });
    const owing = await put(md, `/api/expenses/${saved.expense_id}`, { total_amount: 2_000 });
    expect([owing.statusCode, owing.json()]).toEqual([
      422,
      { detail: 'Due date is required for credit and partial payments' },
    ]);
    expect((await get(md, '/api/expenses/pending')).json()).toEqual([]);
    const dated = await put(md, `/api/expenses/${saved.expense_id}`, {
      total_amount: 2_000,
      due_date: today,
    });
    expect(dated.json()).toMatchObject({ payment_status: 'partial', amount_balance: 765.5, due_date: today });
  });

  it('refuses to clear the due date of an expense still owing, and keeps it', async () => {
    const { md } = await proBusiness();
    const saved = await record(md, { payment_status: 'credit', due_date: today });
    const cleared = await put(md, `/api/expenses/${saved.expense_id}`, { due_date: null });
    expect([cleared.statusCode, cleared.json()]).toEqual([
      422,
      { detail: 'Due date is required for credit and partial payments' },
    ]);
    const [kept] = (await get(md, '/api/expenses/pending')).json() as { due_date: string }[];
    expect(kept!.due_date).toBe(today);
  });

  it('does not move an expense after its first payment', async () => {
    const { md } = await proBusiness();
    const saved = await record(md, { expense_date: daysAgo(2), payment_status: 'credit', due_date: today });
    await post(md, '/api/expenses/payments', {
      expense_id: saved.expense_id,
      amount: 10,
      payment_method: 'cash',
      payment_date: daysAgo(2),
    });
    const moved = await put(md, `/api/expenses/${saved.expense_id}`, { expense_date: daysAgo(1) });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().detail).toMatch(
      /^The expense's date cannot be after its first payment \(\d+ \w+ \d{4}\)$/,
    );
    expect(
      (await put(md, `/api/expenses/${saved.expense_id}`, { expense_date: daysAgo(3) })).statusCode,
    ).toBe(200);
  });

  it('takes a multipart edit with a new invoice file, and the file opens', async () => {
    const { md } = await proBusiness();
    const saved = await record(md);
    const body = multipartBody('invoice_file', 'bill.png', PNG_BYTES, {
      expense_id: String(saved.expense_id),
      total_amount: '60000',
      payment_status: 'partial',
      amount_paid: '15000',
      due_date: today,
      notes: '',
    });
    const res = await call(t.app, md, { method: 'PUT', url: `/api/expenses/${saved.expense_id}`, ...body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total_amount: 60_000,
      amount_paid: 15_000,
      payment_status: 'partial',
    });
    const file = await get(md, res.json().invoice_file_url.replace(/^.*?\/api\//, '/api/'));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('refuses a stated amount paid below the later payments already recorded', async () => {
    const { md } = await proBusiness();
    const saved = await record(md, { payment_status: 'credit', due_date: today });
    await post(md, '/api/expenses/payments', {
      expense_id: saved.expense_id,
      amount: 5_000,
      payment_method: 'cash',
      payment_date: today,
    });
    const res = await put(md, `/api/expenses/${saved.expense_id}`, {
      payment_status: 'credit',
      due_date: today,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe(
      'Amount paid cannot be less than the ₦5,000.00 already recorded as payments',
    );
  });

  it('deletes an expense: it leaves the lists and the report, and its payments are marked deleted', async () => {
    const { md } = await proBusiness();
    const saved = await record(md, { payment_status: 'credit', due_date: today });
    await post(md, '/api/expenses/payments', {
      expense_id: saved.expense_id,
      amount: 5_000,
      payment_method: 'cash',
      payment_date: today,
    });
    const res = await call(t.app, md, { method: 'DELETE', url: `/api/expenses/${saved.expense_id}` });
    expect(res.statusCode).toBe(200);
    expect((await get(md, '/api/expenses')).json()).toEqual([]);
    expect(await report(md)).toMatchObject({ total_expenses: 0, expenses_paid: 0 });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.documentType, 'expense'), eq(payments.documentId, saved.expense_id)));
    expect(payment!.deletedAt).not.toBeNull();
    const again = await call(t.app, md, { method: 'DELETE', url: `/api/expenses/${saved.expense_id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('lets the page key see and record, and needs a key each to edit, pay and delete', async () => {
    const { md } = await proBusiness();
    const clerk = await createEmployee(t.app, md, ['expenses.page.access']);
    const saved = await record(clerk.session, { payment_status: 'credit', due_date: today });
    expect((await get(clerk.session, '/api/expenses')).statusCode).toBe(200);
    const attempts = () => [
      put(clerk.session, `/api/expenses/${saved.expense_id}`, { vendor_name: 'X' }),
      post(clerk.session, '/api/expenses/payments', {
        expense_id: saved.expense_id,
        amount: 1,
        payment_method: 'cash',
        payment_date: today,
      }),
    ];
    for (const res of await Promise.all(attempts())) expect(res.statusCode).toBe(403);
    const del = await call(t.app, clerk.session, {
      method: 'DELETE',
      url: `/api/expenses/${saved.expense_id}`,
    });
    expect(del.statusCode).toBe(403);
    const stranger = await createEmployee(t.app, md, ['sales.page.access']);
    expect((await get(stranger.session, '/api/expenses')).statusCode).toBe(403);

    const accountant = await createEmployee(t.app, md, [
      'expenses.page.access',
      'expenses.edit.access',
      'expenses.payment.access',
      'expenses.delete.access',
    ]);
    const edited = await put(accountant.session, `/api/expenses/${saved.expense_id}`, { vendor_name: 'X' });
    expect(edited.statusCode).toBe(200);
  });
});

describe('uploads', () => {
  it('stores a PNG sent as multipart or base64 and refuses what is not PNG, JPEG or PDF', async () => {
    const { md } = await proBusiness();
    const multipart = multipartBody('invoice_file', 'bill.png', PNG_BYTES, { desired_name: 'power.png' });
    const uploaded = await call(t.app, md, {
      method: 'POST',
      url: '/api/expenses/upload-invoice',
      ...multipart,
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({ content_type: 'image/png' });
    const captured = await post(md, '/api/expenses/upload-invoice-base64', {
      data_base64: `data:image/png;base64,${PNG_BYTES.toString('base64')}`,
      filename: 'capture.png',
      content_type: 'image/png',
    });
    expect(captured.statusCode).toBe(201);
    const saved = await record(md, { invoice_file_url: captured.json().invoice_file_url });
    const [row] = (await get(md, '/api/expenses')).json();
    expect(row.invoice_file_url).toBe(captured.json().invoice_file_url);
    expect(saved.expense_id).toBe(row.expense_id);
    const text = await post(md, '/api/expenses/upload-invoice-base64', {
      data_base64: Buffer.from('not an image').toString('base64'),
    });
    expect(text.statusCode).toBe(415);
    const junk = await post(md, '/api/expenses/upload-invoice-base64', { data_base64: '***' });
    expect(junk.statusCode).toBe(422);
  });

  it('refuses an invoice past 10 MB in the Expenses screen’s words, however it is sent', async () => {
    const { md } = await proBusiness();
    const saved = await record(md);
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1);
    const refused = [
      await call(t.app, md, {
        method: 'POST',
        url: '/api/expenses/upload-invoice',
        ...multipartBody('invoice_file', 'bill.png', tooBig),
      }),
      await post(md, '/api/expenses/upload-invoice-base64', { data_base64: tooBig.toString('base64') }),
      await call(t.app, md, {
        method: 'PUT',
        url: `/api/expenses/${saved.expense_id}`,
        ...multipartBody('invoice_file', 'bill.png', tooBig, { expense_id: String(saved.expense_id) }),
      }),
    ];
    for (const res of refused)
      expect([res.statusCode, res.json().detail]).toEqual([413, 'File size must be less than 10MB']);
    expect((await get(md, `/api/expenses/${saved.expense_id}`)).json().invoice_file_url).toBeNull();
  });

  it('says whether an invoice with a similar name was uploaded before, for this business only', async () => {
    const { md } = await proBusiness();
    const other = await proBusiness();
    const similar = async (session: TSession, name: string) => {
      const res = await get(session, `/api/expenses/similar-invoice?file_name=${encodeURIComponent(name)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().similar_exists as boolean;
    };
    expect(await similar(md, 'March_Invoice.pdf')).toBe(false);
    const upload = multipartBody('invoice_file', 'scan.png', PNG_BYTES, {
      desired_name: 'March Invoice.png',
    });
    expect(
      (await call(t.app, md, { method: 'POST', url: '/api/expenses/upload-invoice', ...upload })).statusCode,
    ).toBe(201);
    expect(await similar(md, 'march_invoice (1).PDF')).toBe(true);
    expect(await similar(md, 'March Invoice - Copy.jpg')).toBe(true);
    expect(await similar(md, 'March Invoices.pdf')).toBe(false);
    expect(await similar(md, 'April Invoice.pdf')).toBe(false);
    expect(await similar(other.md, 'March Invoice.png')).toBe(false);
    const empty = await get(md, '/api/expenses/similar-invoice?file_name=%20');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0].msg).toBe('Please give the file name');
  });
});

describe('expenses in the sales report', () => {
  it('counts expenses dated in the range and what is paid on them; profit is sales − expenses', async () => {
    const { md } = await proBusiness();
    await record(md, { total_amount: 1_000 });
    const owed = await record(md, { total_amount: 500, payment_status: 'credit', due_date: today });
    await record(md, { total_amount: 250, expense_date: daysAgo(3) });
    await post(md, '/api/expenses/payments', {
      expense_id: owed.expense_id,
      amount: 100,
      payment_method: 'cash',
      payment_date: today,
    });
    expect(await report(md)).toMatchObject({
      total_sales: 0,
      total_expenses: 1_500,
      expenses_paid: 1_100,
      profit: -1_500,
    });
    expect(await report(md, daysAgo(5), today)).toMatchObject({
      total_expenses: 1_750,
      expenses_paid: 1_350,
    });
  });

  it('keeps the day rollup equal to the expenses it sums after creates, edits, payments and deletes', async () => {
    const { md } = await proBusiness();
    const a = await record(md, { total_amount: 800, payment_status: 'credit', due_date: today });
    const b = await record(md, { total_amount: 300, expense_date: daysAgo(1) });
    await record(md, { total_amount: 120.25, payment_status: 'partial', amount_paid: 20, due_date: today });
    await put(md, `/api/expenses/${b.expense_id}`, { expense_date: daysAgo(2), total_amount: 350 });
    await post(md, '/api/expenses/payments', {
      expense_id: a.expense_id,
      amount: 300,
      payment_method: 'card',
      payment_date: today,
    });
    await put(md, `/api/expenses/${a.expense_id}`, { total_amount: 900 });
    await call(t.app, md, { method: 'DELETE', url: `/api/expenses/${b.expense_id}` });
    const me = (await get(md, '/api/users/me')).json();
    const tenantId: number = me.tenant_id;
    const kept = await t.database.db.select().from(expenseDaily).where(eq(expenseDaily.tenantId, tenantId));
    const recomputed = await createExpensesRepository(t.database.db).figuresFromExpenses(tenantId);
    const live = (rows: { expenseDate: string; totalKobo: number; paidKobo: number; count: number }[]) =>
      rows
        .filter((row) => row.count !== 0)
        .map(({ expenseDate, totalKobo, paidKobo, count }) => ({ expenseDate, totalKobo, paidKobo, count }))
        .sort((x, y) => x.expenseDate.localeCompare(y.expenseDate));
    expect(live(kept)).toEqual(live(recomputed));
    expect(live(kept)).toEqual([{ expenseDate: today, totalKobo: 102_025, paidKobo: 32_000, count: 2 }]);
  });
});
