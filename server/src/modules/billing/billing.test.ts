import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '@app/domain/dates/business-date';
import { auditEntries, planPayments, tenants } from '../../platform/db/schema/index.ts';
import {
  call,
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

const DAY = 86_400_000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const status = async (md: TSession) =>
  (await call(t.app, md, { method: 'GET', url: '/api/dashboard/subscription-status' })).json();
const tenantIdOf = async (md: TSession) =>
  (await call(t.app, md, { method: 'GET', url: '/api/users/me' })).json().tenant_id as number;

async function startCheckout(md: TSession, planKey = 'monthly_pro') {
  const res = await call(t.app, md, {
    method: 'POST',
    url: `/api/dashboard/initialize-payment?plan_key=${planKey}`,
    headers: { host: 'shop.example:8443' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { authorization_url: string; access_code: string; reference: string };
}

const press = (reference: string, button: 'pay' | 'cancel') =>
  t.app.inject({
    method: 'POST',
    url: `/api/billing/test-checkout/${reference}/${button}`,
    headers: form,
    payload: `confirm=${button}`,
  });

const verify = (md: TSession, reference: string) =>
  call(t.app, md, { method: 'GET', url: `/api/dashboard/verify-payment?reference=${reference}` });

describe('subscription status and plans', () => {
  it('answers truthfully for a new business on the free plan', async () => {
    const { md } = await registerBusiness(t.app);
    const res = await call(t.app, md, { method: 'GET', url: '/api/dashboard/subscription-status' });
    expect(res.json()).toMatchObject({
      plan: 'free',
      is_active: true,
      expires_at: null,
      transaction_count: 0,
      transaction_limit: 10,
      transactions_remaining: 10,
    });
    expect(Date.parse(res.json().created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows an active pro plan with its expiry', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md, 30);
    expect(await status(md)).toMatchObject({ plan: 'pro', is_active: true, transaction_limit: null });
    expect(Date.parse((await status(md)).expires_at)).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('treats an expired pro plan as free: past the free limit it answers 403 "Subscription expired"', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md, -1);
    expect(await status(md)).toMatchObject({ plan: 'pro', is_active: false, transaction_limit: 10 });
    await t.database.db
      .update(tenants)
      .set({ transactionCount: 10 })
      .where(eq(tenants.id, await tenantIdOf(md)));
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/expenses/json',
      payload: {
        vendor_name: 'Ikeja Electric',
        total_amount: 1000,
        expense_date: businessDate(),
        payment_status: 'paid',
        payment_method: 'cash',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toContain('Subscription expired');
  });

  it('lists the three plans with prices in naira and the yearly saving', async () => {
    const { md } = await registerBusiness(t.app);
    const body = (await call(t.app, md, { method: 'GET', url: '/api/dashboard/plans' })).json();
    expect(
      body.plans.map((p: { key: string; price: number; tag: string | null }) => [p.key, p.price, p.tag]),
    ).toEqual([
      ['free', 0, null],
      ['monthly_pro', 15_000, 'Popular'],
      ['yearly', 180_000, 'Best Value'],
    ]);
    expect(body.yearly_saving).toBe(0);
  });
});

describe('the embedded test checkout (no PAYSTACK_SECRET_KEY)', () => {
  it('takes the MD through a marked TEST checkout: Pay starts Pro Monthly for 30 days, once', async () => {
    const { md } = await registerBusiness(t.app);
    const checkout = await startCheckout(md);
    expect(checkout.authorization_url).toBe(
      `http://shop.example:8443/api/billing/test-checkout/${checkout.reference}`,
    );
    expect(checkout.reference).toMatch(/^pln-[0-9a-f]{24}$/);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/billing/test-checkout/${checkout.reference}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST CHECKOUT');
    expect(page.body).toContain('₦15,000.00');
    expect(page.body).toContain('Pro Monthly');
    // An empty icon of its own: the browser asks for no /favicon.ico, which the server does not have.
    expect(page.body).toContain('<link rel="icon" href="data:,">');

    // Not paid yet: verification says so and nothing starts.
    expect((await verify(md, checkout.reference)).json()).toEqual({
      success: false,
      message: 'The payment is not complete yet. Your plan is unchanged.',
    });

    const paid = await press(checkout.reference, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/dashboard?reference=${checkout.reference}`);
    // The webhook (signed with the install's sandbox secret) already started the plan.
    const after = await status(md);
    expect(after).toMatchObject({ plan: 'pro', is_active: true, transaction_limit: null });
    const expires = Date.parse(after.expires_at);
    expect(expires).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    const verified = await verify(md, checkout.reference);
    expect(verified.json()).toMatchObject({ success: true });
    expect(verified.json().message).toMatch(/^Payment verified\. Your Pro Monthly plan is active until /);
    // Pressing Pay again and verifying again changes nothing.
    expect((await press(checkout.reference, 'pay')).statusCode).toBe(303);
    expect((await status(md)).expires_at).toBe(after.expires_at);

    const tenantId = await tenantIdOf(md);
    const activations = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantId), eq(auditEntries.kind, 'plan.activated')));
    expect(activations).toHaveLength(1);
    const [tenant] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenantId));
    expect(tenant!.planKey).toBe('monthly_pro');

    const history = await call(t.app, md, { method: 'GET', url: '/api/billing/payments' });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toEqual([
      expect.objectContaining({
        reference: checkout.reference,
        plan_key: 'monthly_pro',
        plan_name: 'Pro Monthly',
        amount: 15_000,
        status: 'success',
        kind: 'checkout',
        period_end: after.expires_at,
      }),
    ]);
    expect(await (await call(t.app, md, { method: 'GET', url: '/api/billing/renewal' })).json()).toEqual({
      plan_key: 'monthly_pro',
      auto_renew: true,
      card_saved: true,
      expires_at: after.expires_at,
    });
  });

  it('Cancel abandons the payment: verification fails and the plan stays free', async () => {
    const { md } = await registerBusiness(t.app);
    const checkout = await startCheckout(md, 'yearly');
    const cancelled = await press(checkout.reference, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`/dashboard?reference=${checkout.reference}`);
    expect((await verify(md, checkout.reference)).json()).toEqual({
      success: false,
      message: 'The payment was not completed. Your plan is unchanged.',
    });
    expect(await status(md)).toMatchObject({ plan: 'free' });
    expect((await press(checkout.reference, 'pay')).statusCode).toBe(409);
    expect(await status(md)).toMatchObject({ plan: 'free' });
    const [row] = await t.database.db
      .select()
      .from(planPayments)
      .where(eq(planPayments.reference, checkout.reference));
    expect(row).toMatchObject({ status: 'abandoned', activatedAt: null });
  });

  it('settles the checkouts an MD left open: asked again after an hour, abandoned after a day', async () => {
    const { md } = await registerBusiness(t.app);
    const backdate = (reference: string, hours: number) =>
      t.database.db
        .update(planPayments)
        .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(planPayments.reference, reference));
    const justStarted = await startCheckout(md);
    const cancelledUnread = await startCheckout(md);
    await press(cancelledUnread.reference, 'cancel');
    await backdate(cancelledUnread.reference, 2);
    const paidUnread = await startCheckout(md, 'yearly');
    await press(paidUnread.reference, 'pay');
    const leftOpen = await startCheckout(md);
    await backdate(leftOpen.reference, 25);
    const openAnHour = await startCheckout(md);
    await backdate(openAnHour.reference, 2);
    await t.app.planRenewer.run();
    const history = (await call(t.app, md, { method: 'GET', url: '/api/billing/payments' })).json();
    const statusOf = (reference: string) =>
      history.find((p: { reference: string }) => p.reference === reference) as {
        status: string;
        failure_reason: string | null;
      };
    expect(statusOf(justStarted.reference).status).toBe('pending');
    expect(statusOf(openAnHour.reference).status).toBe('pending');
    expect(statusOf(cancelledUnread.reference)).toMatchObject({ status: 'abandoned' });
    expect(statusOf(leftOpen.reference)).toMatchObject({
      status: 'abandoned',
      failure_reason: 'The checkout was not completed within a day',
    });
    expect(statusOf(paidUnread.reference).status).toBe('success');

    // Closing the checkout left open writes its audit entry; the one the provider called abandoned is
    // closed by its answer, like a return to the dashboard.
    const trail = await call(t.app, md, { method: 'GET', url: '/api/audit?kind=plan.checkout_abandoned' });
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json().entries).toEqual([
      expect.objectContaining({
        user_id: md.userId,
        user_name: md.username,
        kind: 'plan.checkout_abandoned',
        record_type: 'plan',
        record_id: leftOpen.reference,
        before: { status: 'pending', failure_reason: null },
        after: {
          status: 'abandoned',
          failure_reason: 'The checkout was not completed within a day',
          plan_key: 'monthly_pro',
          amount: 15_000,
          reference: leftOpen.reference,
        },
      }),
    ]);
    // A second pass finds nothing more to close.
    await t.app.planRenewer.run();
    const again = await call(t.app, md, { method: 'GET', url: '/api/audit?kind=plan.checkout_abandoned' });
    expect(again.json().entries).toHaveLength(1);
  });

  it('keeps payments and references to their own business, and the MD alone starts one', async () => {
    const mine = await registerBusiness(t.app);
    const other = await registerBusiness(t.app);
    const checkout = await startCheckout(mine.md);
    expect((await verify(other.md, checkout.reference)).statusCode).toBe(404);
    expect((await verify(mine.md, 'pln-unknown')).statusCode).toBe(404);
    expect((await verify(mine.md, 'bad reference!')).statusCode).toBe(422);
    expect((await call(t.app, other.md, { method: 'GET', url: '/api/billing/payments' })).json()).toEqual([]);
    const bad = await call(t.app, mine.md, {
      method: 'POST',
      url: '/api/dashboard/initialize-payment?plan_key=gold',
    });
    expect(bad.statusCode).toBe(422);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/billing/test-checkout/pln-nope' })).statusCode,
    ).toBe(404);
  });

  it('pages the payment history newest first by keyset', async () => {
    const { md } = await registerBusiness(t.app);
    const references = [];
    for (let i = 0; i < 3; i += 1) references.push((await startCheckout(md)).reference);
    const counted = await call(t.app, md, { method: 'GET', url: '/api/billing/payments?count=true' });
    expect(counted.headers['x-total-count']).toBe('3');
    const first = await call(t.app, md, { method: 'GET', url: '/api/billing/payments?limit=2' });
    expect(first.json().map((p: { reference: string }) => p.reference)).toEqual([
      references[2],
      references[1],
    ]);
    const next = first.headers['x-next-before'];
    const second = await call(t.app, md, {
      method: 'GET',
      url: `/api/billing/payments?limit=2&before=${next}`,
    });
    expect(second.json().map((p: { reference: string }) => p.reference)).toEqual([references[0]]);
    expect(second.headers['x-next-before']).toBe('');
  });

  it('lets the MD cancel and resume auto-renewal once a plan was paid', async () => {
    const { md } = await registerBusiness(t.app);
    const put = (auto_renew: boolean) =>
      call(t.app, md, { method: 'PUT', url: '/api/billing/renewal', payload: { auto_renew } });
    expect((await put(false)).statusCode).toBe(409);
    const checkout = await startCheckout(md);
    await press(checkout.reference, 'pay');
    expect((await put(false)).json()).toMatchObject({ auto_renew: false, card_saved: true });
    expect((await put(false)).json()).toMatchObject({ auto_renew: false });
    expect((await put(true)).json()).toMatchObject({ auto_renew: true });
    const tenantId = await tenantIdOf(md);
    const kinds = (
      await t.database.db
        .select({ kind: auditEntries.kind })
        .from(auditEntries)
        .where(eq(auditEntries.tenantId, tenantId))
    ).map((row) => row.kind);
    expect(kinds.filter((kind) => kind === 'plan.renewal_cancelled')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'plan.renewal_resumed')).toHaveLength(1);
  });

  it('renews from the saved test card before the plan ends, once per period', async () => {
    const { md } = await registerBusiness(t.app);
    const checkout = await startCheckout(md);
    await press(checkout.reference, 'pay');
    const tenantId = await tenantIdOf(md);
    const endsSoon = new Date(Date.now() + 3 * 3_600_000);
    await t.database.db.update(tenants).set({ planExpiresAt: endsSoon }).where(eq(tenants.id, tenantId));
    await t.app.planRenewer.run();
    await t.app.planRenewer.run();
    expect(Date.parse((await status(md)).expires_at)).toBe(endsSoon.getTime() + 30 * DAY);
    const history = (await call(t.app, md, { method: 'GET', url: '/api/billing/payments' })).json();
    expect(history.map((p: { kind: string; status: string }) => [p.kind, p.status])).toEqual([
      ['renewal', 'success'],
      ['checkout', 'success'],
    ]);
  });
});
