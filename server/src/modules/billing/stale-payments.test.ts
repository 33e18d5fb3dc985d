/**
 * The plan renewer's sweep of payments left pending, against Paystack's HTTP API (the loopback server of
 * testing/fake-paystack.ts): every stale payment gets its turn, and one the provider cannot answer for does
 * not stop the others.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, planPayments, tenants } from '../../platform/db/schema/index.ts';
import { call, createTestApp, registerBusiness, type TSession, type TTestApp } from '../../test/test-app.ts';
import { startFakePaystack, type TFakePaystack } from './testing/fake-paystack.ts';

const SECRET = 'sk_test_0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const HOUR = 3_600_000;
let paystack: TFakePaystack;
let t: TTestApp;

beforeAll(async () => {
  paystack = await startFakePaystack(SECRET);
  t = await createTestApp({ config: { paystack: { secretKey: SECRET, baseUrl: paystack.baseUrl } } });
});
afterAll(async () => {
  await t.close();
  await paystack.close();
});
// Each test starts with no payment left pending.
afterEach(async () => {
  paystack.verifyTrouble.clear();
  await t.database.db
    .update(planPayments)
    .set({ status: 'failed', failureReason: 'closed by the test' })
    .where(eq(planPayments.status, 'pending'));
});

async function shop(): Promise<{ md: TSession; tenantId: number }> {
  const { md } = await registerBusiness(t.app);
  const tenantId = (await call(t.app, md, { method: 'GET', url: '/api/users/me' })).json()
    .tenant_id as number;
  return { md, tenantId };
}

/** Starts a checkout and dates it `hours` back. */
async function checkout(md: TSession, hours: number): Promise<string> {
  const res = await call(t.app, md, {
    method: 'POST',
    url: '/api/dashboard/initialize-payment?plan_key=monthly_pro',
  });
  expect(res.statusCode, res.body).toBe(200);
  const { reference } = res.json() as { reference: string };
  await t.database.db
    .update(planPayments)
    .set({ createdAt: new Date(Date.now() - hours * HOUR) })
    .where(eq(planPayments.reference, reference));
  return reference;
}

const statusOf = async (reference: string) => {
  const [row] = await t.database.db
    .select({ status: planPayments.status, failureReason: planPayments.failureReason })
    .from(planPayments)
    .where(eq(planPayments.reference, reference));
  return row!;
};

/** The references verify was asked about, in order, from request `from` on. */
const verified = (from = 0) =>
  paystack.requests
    .slice(from)
    .filter((request) => request.method === 'GET' && request.path.startsWith('/transaction/verify/'))
    .map((request) => decodeURIComponent(request.path.slice('/transaction/verify/'.length)));

describe('settling the payments left pending', () => {
  it('gets to every stale payment: those the provider never settles wait behind the ones not checked yet', async () => {
    const { md, tenantId } = await shop();
    // A full batch (50) of checkouts started three hours ago that no pass can close: half the provider still
    // calls pending (a checkout under a day old stays open), half it cannot be reached for.
    const stuck: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const reference = await checkout(md, 3);
      if (i % 2 === 0) Object.assign(paystack.transactions.get(reference)!, { status: 'pending' });
      else paystack.verifyTrouble.set(reference, 'unreachable');
      stuck.push(reference);
    }
    // A later checkout, paid, whose MD never came back to the dashboard.
    const paid = await checkout(md, 2);
    paystack.complete(paid);

    const first = paystack.requests.length;
    await t.app.planRenewer.run();
    expect(verified(first)).toEqual(stuck);
    expect((await statusOf(paid)).status).toBe('pending');

    // The next pass starts with the payment never checked, then the least recently checked.
    const second = paystack.requests.length;
    await t.app.planRenewer.run();
    expect(verified(second)).toEqual([paid, ...stuck.slice(0, 49)]);
    expect((await statusOf(paid)).status).toBe('success');
    const [tenant] = await t.database.db
      .select({ plan: tenants.plan })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    expect(tenant!.plan).toBe('pro');

    // A payment whose check failed comes round again after the others, not first again.
    const third = paystack.requests.length;
    await t.app.planRenewer.run();
    expect(verified(third)).toEqual([stuck[49], ...stuck.slice(0, 49)]);
    const rows = await t.database.db
      .select({ status: planPayments.status })
      .from(planPayments)
      .where(inArray(planPayments.reference, stuck));
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
  });

  it('goes on with the rest of the pass when the provider cannot be reached for one payment or answers it with nothing', async () => {
    const { md } = await shop();
    const unreachable = await checkout(md, 2);
    paystack.verifyTrouble.set(unreachable, 'unreachable');
    const empty = await checkout(md, 2);
    paystack.verifyTrouble.set(empty, 'no_data');
    const paid = await checkout(md, 2);
    paystack.complete(paid);
    const closed = await checkout(md, 2); // Paystack reports a checkout never paid as abandoned.
    const leftOpen = await checkout(md, 25);
    Object.assign(paystack.transactions.get(leftOpen)!, { status: 'ongoing', gateway_response: '' });

    await t.app.planRenewer.run();
    expect(await statusOf(unreachable)).toEqual({ status: 'pending', failureReason: null });
    expect(await statusOf(empty)).toEqual({ status: 'pending', failureReason: null });
    expect((await statusOf(paid)).status).toBe('success');
    expect(await statusOf(closed)).toEqual({
      status: 'abandoned',
      failureReason: 'The transaction was not completed',
    });
    expect(await statusOf(leftOpen)).toEqual({
      status: 'abandoned',
      failureReason: 'The checkout was not completed within a day',
    });
    const abandonments = await t.database.db
      .select({ recordId: auditEntries.recordId })
      .from(auditEntries)
      .where(eq(auditEntries.kind, 'plan.checkout_abandoned'));
    expect(abandonments).toEqual([{ recordId: leftOpen }]);
  });
});
