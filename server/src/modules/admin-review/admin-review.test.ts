import { ROLE_TEMPLATES } from '@app/domain/permissions/role-templates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, reviewMarks } from '../../platform/db/schema/index.ts';
import { saleRequest, salesApi, today } from '../../test/sales-fixtures.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  form,
  formBody,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { post, get, proShop } = salesApi(() => t);
const put = (session: TSession, url: string, payload?: object) =>
  call(t.app, session, { method: 'PUT', url, ...(payload ? { payload } : {}) });

/** A pro shop with one sale, one expense and the fixture's purchase, and an accountant. */
async function reviewedShop() {
  const shop = await proShop();
  const sale = (await post(shop.md, '/api/sales/batch', saleRequest(shop))).json();
  const expense = (
    await post(shop.md, '/api/expenses/json', {
      vendor_name: 'Ikeja Electric',
      total_amount: 45_000.5,
      expense_date: today,
      payment_status: 'paid',
      payment_method: 'transfer',
    })
  ).json();
  // Open to every employee: a reviewer reviews the sales and purchases of the warehouses open to them.
  await put(shop.md, `/api/warehouses/${shop.warehouseId}/access`, { access_all: true });
  const accountant = await createEmployee(t.app, shop.md, ROLE_TEMPLATES.Accountant);
  return {
    ...shop,
    saleId: sale.sale_id as number,
    expenseId: expense.expense_id as number,
    accountant: accountant.session,
    accountantEmail: accountant.email,
  };
}

const unverified = async (session: TSession, type: string) =>
  (await get(session, `/api/admin-review/unverified-${type}s?count=true`)).json().records as {
    record_id: number;
    party: string;
    total: number;
    recorded_by: string | null;
  }[];

const entriesOf = (tenantUserId: number, kind: string) =>
  t.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.userId, tenantUserId), eq(auditEntries.kind, kind)));

describe('admin review access', () => {
  it('lets the MD and an accountant in, and refuses an employee without the key', async () => {
    const shop = await reviewedShop();
    const clerk = await createEmployee(t.app, shop.md, ['sales.page.access']);
    expect((await get(shop.md, '/api/admin-review/employees')).statusCode).toBe(200);
    const employees = await get(shop.accountant, '/api/admin-review/employees');
    expect(employees.statusCode).toBe(200);
    expect(employees.json().map((e: { email: string }) => e.email)).toContain(shop.accountantEmail);
    expect(employees.json()[0]).toEqual(
      expect.objectContaining({
        employee_id: expect.any(Number),
        role: 'employee',
        access_choice: 'Accountant',
      }),
    );
    for (const url of [
      '/api/admin-review/login-logs',
      '/api/admin-review/unverified-sales',
      '/api/admin-review/flags',
      '/api/admin-review/employees',
    ])
      expect((await get(clerk.session, url)).statusCode, url).toBe(403);
  });
});

describe('login logs', () => {
  it("shows the business's own sign-in attempts, failures with their reason, and filters them", async () => {
    const shop = await reviewedShop();
    const other = await registerBusiness(t.app);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/employee/token',
      headers: { ...form, 'user-agent': 'Playwright phone' },
      payload: formBody({ email: shop.accountantEmail, password: 'wrong password' }),
    });
    expect(failed.statusCode).toBe(401);

    const logs = (await get(shop.accountant, '/api/admin-review/login-logs?count=true')).json().entries as {
      identifier: string;
      success: boolean;
      reason: string | null;
      device: string | null;
      name: string | null;
    }[];
    expect(logs.some((entry) => entry.identifier === other.name)).toBe(false);
    expect(logs[0]).toEqual(
      expect.objectContaining({
        identifier: shop.accountantEmail,
        success: false,
        device: 'Playwright phone',
      }),
    );
    expect(logs[0]!.reason).toBeTruthy();
    expect(logs.some((entry) => entry.success && entry.identifier === shop.accountantEmail)).toBe(true);

    const failures = (await get(shop.md, '/api/admin-review/login-logs?outcome=failure')).json().entries;
    expect(failures).toHaveLength(1);
    const firstPage = (await get(shop.md, '/api/admin-review/login-logs?limit=1')).json();
    expect(firstPage.entries).toHaveLength(1);
    const next = (
      await get(shop.md, `/api/admin-review/login-logs?limit=1&before=${firstPage.next_before}`)
    ).json();
    expect(next.entries[0].id).toBeLessThan(firstPage.entries[0].id);
    const tomorrow = (await get(shop.md, '/api/admin-review/login-logs?from=2099-01-01')).json();
    expect(tomorrow.entries).toEqual([]);
  });
});

describe('verifying and flagging', () => {
  it('verifies a sale once: it leaves the unverified list, the same mark again writes nothing', async () => {
    const shop = await reviewedShop();
    const before = await unverified(shop.accountant, 'sale');
    expect(before).toEqual([
      expect.objectContaining({
        record_id: shop.saleId,
        party: 'Ada Obi',
        total: 4300,
        recorded_by: shop.md.username,
      }),
    ]);
    const mark = { record_type: 'sale', record_id: shop.saleId, state: 'verified' };
    const verified = await post(shop.accountant, '/api/admin-review/marks', mark);
    expect(verified.statusCode, verified.body).toBe(201);
    expect(verified.json()).toEqual(
      expect.objectContaining({ state: 'verified', reviewer_name: expect.any(String), note: null }),
    );
    expect(await unverified(shop.accountant, 'sale')).toEqual([]);
    expect((await post(shop.accountant, '/api/admin-review/marks', mark)).statusCode).toBe(200);
    const flagInstead = await post(shop.accountant, '/api/admin-review/marks', {
      ...mark,
      state: 'flagged',
      note: 'Wrong price',
    });
    expect(flagInstead.statusCode).toBe(409);
    const [row] = (await get(shop.md, '/api/sales')).json();
    expect(row.review).toEqual({ state: 'verified', by: expect.any(String), at: expect.any(String) });
    const entries = await entriesOf(shop.accountant.userId, 'review.verified');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual(
      expect.objectContaining({ recordType: 'sale', recordId: String(shop.saleId) }),
    );
  });

  it('flags an expense with a note: the MD sees it until resolved', async () => {
    const shop = await reviewedShop();
    expect((await unverified(shop.accountant, 'expense')).map((r) => r.record_id)).toEqual([shop.expenseId]);
    const noNote = await post(shop.accountant, '/api/admin-review/marks', {
      record_type: 'expense',
      record_id: shop.expenseId,
      state: 'flagged',
    });
    expect(noNote.statusCode).toBe(422);
    expect(JSON.stringify(noNote.json().detail)).toContain('A flag needs a note');
    const flagged = await post(shop.accountant, '/api/admin-review/marks', {
      record_type: 'expense',
      record_id: shop.expenseId,
      state: 'flagged',
      note: 'No invoice attached',
    });
    expect(flagged.statusCode).toBe(201);
    expect(await unverified(shop.accountant, 'expense')).toEqual([]);
    const [listed] = (await get(shop.md, '/api/expenses')).json();
    expect(listed.review).toMatchObject({ state: 'flagged' });

    const flags = (await get(shop.md, '/api/admin-review/flags')).json().flags;
    expect(flags).toEqual([
      expect.objectContaining({
        note: 'No invoice attached',
        record_type: 'expense',
        record: expect.objectContaining({ party: 'Ikeja Electric', total: 45_000.5 }),
      }),
    ]);
    expect((await put(shop.accountant, `/api/admin-review/flags/${flags[0].id}/resolve`)).statusCode).toBe(
      403,
    );
    const resolved = await put(shop.md, `/api/admin-review/flags/${flags[0].id}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().resolved_by_name).toBe(shop.md.username);
    expect((await get(shop.md, '/api/admin-review/flags')).json().flags).toEqual([]);
    expect((await put(shop.md, `/api/admin-review/flags/${flags[0].id}/resolve`)).statusCode).toBe(200);
    expect(await entriesOf(shop.md.userId, 'review.resolved')).toHaveLength(1);
    const [flagEntry] = await entriesOf(shop.accountant.userId, 'review.flagged');
    expect(flagEntry!.after).toEqual(
      expect.objectContaining({ state: 'flagged', note: 'No invoice attached' }),
    );
  });

  it('lists and verifies goods bought', async () => {
    const shop = await reviewedShop();
    expect((await get(shop.md, '/api/restock/')).json()[0].review).toBeNull();
    const [purchase] = await unverified(shop.accountant, 'purchase');
    expect(purchase).toEqual(expect.objectContaining({ party: 'Dangote Depot', total: 30_000 }));
    const res = await post(shop.accountant, '/api/admin-review/marks', {
      record_type: 'purchase',
      record_id: purchase!.record_id,
      state: 'verified',
    });
    expect(res.statusCode).toBe(201);
    expect(await unverified(shop.accountant, 'purchase')).toEqual([]);
    expect((await get(shop.md, '/api/restock/')).json()[0].review).toMatchObject({ state: 'verified' });
  });

  it("answers 404 for another business's record or flag, and writes no mark", async () => {
    const shop = await reviewedShop();
    const other = await reviewedShop();
    const res = await post(shop.accountant, '/api/admin-review/marks', {
      record_type: 'sale',
      record_id: other.saleId,
      state: 'verified',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Sale not found');
    await post(other.accountant, '/api/admin-review/marks', {
      record_type: 'sale',
      record_id: other.saleId,
      state: 'flagged',
      note: 'Check',
    });
    const [flag] = (await get(other.md, '/api/admin-review/flags')).json().flags;
    expect((await put(shop.md, `/api/admin-review/flags/${flag.id}/resolve`)).statusCode).toBe(404);
    const marks = await t.database.db
      .select()
      .from(reviewMarks)
      .where(eq(reviewMarks.recordId, other.saleId));
    expect(marks).toHaveLength(1);
    expect(marks[0]!.resolvedAt).toBeNull();
  });

  it('shows a reviewer only the sales and purchases of warehouses open to them', async () => {
    const shop = await reviewedShop();
    const secret = await createStockFixture(t.app, shop.md, { warehouse: 'Kano Secret', item: 'Oil 5L' });
    const hiddenSale = (await post(shop.md, '/api/sales/batch', saleRequest(secret))).json();
    await post(shop.md, '/api/admin-review/marks', {
      record_type: 'sale',
      record_id: hiddenSale.sale_id,
      state: 'flagged',
      note: 'Looks odd',
    });
    const ids = (records: { record_id: number }[]) => records.map((record) => record.record_id);
    expect(ids(await unverified(shop.accountant, 'sale'))).toEqual([shop.saleId]);
    const seen = ids(await unverified(shop.accountant, 'purchase'));
    const hiddenPurchases = ids(await unverified(shop.md, 'purchase')).filter((id) => !seen.includes(id));
    expect([seen.length, hiddenPurchases.length]).toEqual([1, 1]);
    expect((await get(shop.accountant, '/api/admin-review/flags')).json().flags).toEqual([]);
    expect((await get(shop.md, '/api/admin-review/flags')).json().flags).toHaveLength(1);
    const probe = await post(shop.accountant, '/api/admin-review/marks', {
      record_type: 'purchase',
      record_id: hiddenPurchases[0],
      state: 'flagged',
      note: 'Check',
    });
    expect([probe.statusCode, probe.json().detail]).toEqual([404, 'Purchase not found']);
    // Expenses belong to the business: the reviewer still sees them.
    expect(ids(await unverified(shop.accountant, 'expense'))).toEqual([shop.expenseId]);
  });
});
