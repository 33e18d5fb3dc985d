/**
 * The billing flow against Paystack's HTTP API: a loopback server (testing/fake-paystack.ts) answers as
 * Paystack's reference documents, and the app is configured with its secret key and base URL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries, outboxEmails, planPayments, tenants } from '../../platform/db/schema/index.ts';
import { call, createTestApp, registerBusiness, type TSession, type TTestApp } from '../../test/test-app.ts';
import { webhookSignature } from './paystack.client.ts';
import { startFakePaystack, type TFakePaystack } from './testing/fake-paystack.ts';

const SECRET = 'sk_test_4f1b2c3d4e5f60718293a4b5c6d7e8f9';
const DAY = 86_400_000;
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
beforeEach(() => {
  paystack.chargeOutcome = { status: 'success' };
});

type TShop = { md: TSession; email: string; tenantId: number };

async function shop(): Promise<TShop> {
  const { md, email } = await registerBusiness(t.app);
  const tenantId = (await call(t.app, md, { method: 'GET', url: '/api/users/me' })).json()
    .tenant_id as number;
  return { md, email, tenantId };
}

async function initialize(md: TSession, planKey = 'monthly_pro') {
  const res = await call(t.app, md, {
    method: 'POST',
    url: `/api/dashboard/initialize-payment?plan_key=${planKey}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { authorization_url: string; reference: string };
}

const verify = async (md: TSession, reference: string) =>
  (
    await call(t.app, md, { method: 'GET', url: `/api/dashboard/verify-payment?reference=${reference}` })
  ).json();

const plan = async (tenantId: number) => {
  const [row] = await t.database.db
    .select({ plan: tenants.plan, planKey: tenants.planKey, expiresAt: tenants.planExpiresAt })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row!;
};

const payment = async (reference: string) => {
  const [row] = await t.database.db.select().from(planPayments).where(eq(planPayments.reference, reference));
  return row!;
};

const activations = async (tenantId: number) =>
  (
    await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.tenantId, tenantId), eq(auditEntries.kind, 'plan.activated')))
  ).length;

function webhook(body: string, signature: string | null) {
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/paystack/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-paystack-signature': signature } : {}),
    },
    payload: body,
  });
}

/** The `charge.success` event Paystack posts for a transaction, as raw JSON. */
const chargeSuccess = (reference: string) =>
  JSON.stringify({ event: 'charge.success', data: paystack.transactions.get(reference) });

describe('Paystack over HTTP', () => {
  it('initializes a transaction in kobo with our reference, our key and the way back to the dashboard', async () => {
    const { md, email } = await shop();
    const before = paystack.requests.length;
    const checkout = await initialize(md, 'yearly');
    const sent = paystack.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/transaction/initialize',
      authorization: `Bearer ${SECRET}`,
      body: { email, amount: 18_000_000, currency: 'NGN', reference: checkout.reference },
    });
    expect((sent[0]!.body as { callback_url: string }).callback_url).toMatch(/^http:\/\/[^/]+\/dashboard$/);
    expect(checkout.authorization_url).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(await payment(checkout.reference)).toMatchObject({ status: 'pending', amountKobo: 18_000_000 });
  });

  it('answers 502 with the reason when Paystack refuses or cannot be reached, and starts nothing', async () => {
    for (const [config, detail] of [
      [
        { secretKey: 'sk_test_not_ours_0000', baseUrl: paystack.baseUrl },
        'The card payment provider answered: Invalid key',
      ],
      [
        { secretKey: SECRET, baseUrl: 'http://127.0.0.1:9' },
        'The card payment provider could not be reached',
      ],
    ] as const) {
      const other = await createTestApp({ config: { paystack: config } });
      try {
        const { md } = await registerBusiness(other.app);
        const res = await call(other.app, md, {
          method: 'POST',
          url: '/api/dashboard/initialize-payment?plan_key=monthly_pro',
        });
        expect([res.statusCode, res.json()]).toEqual([502, { detail }]);
        const history = (await call(other.app, md, { method: 'GET', url: '/api/billing/payments' })).json();
        expect(history).toEqual([
          expect.objectContaining({
            status: 'failed',
            failure_reason: detail.replace('The card payment provider answered: ', ''),
          }),
        ]);
      } finally {
        await other.close();
      }
    }
  });

  it('answers 502 when verify succeeds without the transaction, and starts nothing', async () => {
    const { md, tenantId } = await shop();
    const { reference } = await initialize(md);
    paystack.complete(reference);
    paystack.verifyTrouble.set(reference, 'no_data');
    try {
      const res = await call(t.app, md, {
        method: 'GET',
        url: `/api/dashboard/verify-payment?reference=${reference}`,
      });
      expect([res.statusCode, res.json()]).toEqual([
        502,
        { detail: 'The card payment provider answered: no data in its answer' },
      ]);
      expect((await payment(reference)).status).toBe('pending');
      expect((await plan(tenantId)).plan).toBe('free');
    } finally {
      paystack.verifyTrouble.delete(reference);
    }
  });

  it('starts the plan on a verified success, from today, for 30 days', async () => {
    const { md, tenantId } = await shop();
    const checkout = await initialize(md);
    paystack.complete(checkout.reference);
    const answer = await verify(md, checkout.reference);
    expect(answer.success).toBe(true);
    expect(paystack.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/transaction/verify/${checkout.reference}`,
      authorization: `Bearer ${SECRET}`,
    });
    const now = await plan(tenantId);
    expect(now).toMatchObject({ plan: 'pro', planKey: 'monthly_pro' });
    expect(now.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);
    expect(now.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    const row = await payment(checkout.reference);
    expect(row).toMatchObject({
      status: 'success',
      authorizationCode: `AUTH_${checkout.reference.slice(-10)}`,
    });
    expect(row.periodEnd!.getTime()).toBe(now.expiresAt!.getTime());
    expect(row.periodEnd!.getTime() - row.periodStart!.getTime()).toBe(30 * DAY);
  });

  it.each([
    [
      'failed',
      { status: 'failed', gateway_response: 'Declined' },
      'The payment failed: Declined. Your plan is unchanged.',
      'failed',
    ],
    [
      'abandoned',
      { status: 'abandoned' },
      'The payment was not completed. Your plan is unchanged.',
      'abandoned',
    ],
    [
      'paid less than the price',
      { amount: 1_000_000 },
      "The payment could not be accepted: the amount paid (₦10,000.00) is not the plan's price (₦15,000.00). Your plan is unchanged.",
      'failed',
    ],
    [
      'paid in another currency',
      { currency: 'GHS' },
      'The payment could not be accepted: the payment was made in GHS, not NGN. Your plan is unchanged.',
      'failed',
    ],
    [
      'another reference',
      { reference: 'pln-someone-else' },
      'The payment could not be accepted: the payment reference does not match. Your plan is unchanged.',
      'failed',
    ],
  ])(
    'never starts the plan when the verified transaction is %s',
    async (_case, overrides, message, stored) => {
      const { md, tenantId } = await shop();
      const checkout = await initialize(md);
      paystack.complete(checkout.reference, overrides);
      expect(await verify(md, checkout.reference)).toEqual({ success: false, message });
      expect(await plan(tenantId)).toMatchObject({ plan: 'free', planKey: null, expiresAt: null });
      expect(await payment(checkout.reference)).toMatchObject({ status: stored, activatedAt: null });
      expect(await activations(tenantId)).toBe(0);
      // The signed webhook of the same transaction starts nothing either.
      expect(
        (
          await webhook(
            chargeSuccess(checkout.reference),
            webhookSignature(chargeSuccess(checkout.reference), SECRET),
          )
        ).statusCode,
      ).toBe(200);
      expect(await plan(tenantId)).toMatchObject({ plan: 'free' });
    },
  );

  it('extends an active plan from its end, not from today', async () => {
    const { md, tenantId } = await shop();
    const first = await initialize(md);
    paystack.complete(first.reference);
    await verify(md, first.reference);
    const firstEnd = (await plan(tenantId)).expiresAt!.getTime();
    const second = await initialize(md, 'yearly');
    paystack.complete(second.reference);
    expect((await verify(md, second.reference)).success).toBe(true);
    expect(await plan(tenantId)).toMatchObject({ plan: 'pro', planKey: 'yearly' });
    expect((await plan(tenantId)).expiresAt!.getTime()).toBe(firstEnd + 365 * DAY);
  });
});

describe('the Paystack webhook', () => {
  it('starts the plan from a validly signed charge.success, once however often it comes', async () => {
    const { md, tenantId } = await shop();
    const checkout = await initialize(md);
    paystack.complete(checkout.reference);
    const body = chargeSuccess(checkout.reference);
    const signature = webhookSignature(body, SECRET);
    // Paystack retries, and the MD comes back at the same moment: all at once.
    const [first, ...others] = await Promise.all([
      webhook(body, signature),
      webhook(body, signature),
      verify(md, checkout.reference),
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(others[0]).toMatchObject({ statusCode: 200 });
    const started = (await plan(tenantId)).expiresAt!.getTime();
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await verify(md, checkout.reference)).success).toBe(true);
    expect((await plan(tenantId)).expiresAt!.getTime()).toBe(started);
    expect(await activations(tenantId)).toBe(1);
  });

  it('refuses a body without a valid signature and changes nothing', async () => {
    const { md, tenantId } = await shop();
    const checkout = await initialize(md);
    paystack.complete(checkout.reference);
    const body = chargeSuccess(checkout.reference);
    const missing = await webhook(body, null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: 'Invalid webhook signature' });
    expect((await webhook(body, webhookSignature(body, 'sk_test_someone_else'))).statusCode).toBe(401);
    expect((await webhook(`${body} `, webhookSignature(body, SECRET))).statusCode).toBe(401);
    expect((await webhook(body, 'abc')).statusCode).toBe(401);
    const notJson = 'not json';
    expect((await webhook(notJson, webhookSignature(notJson, SECRET))).statusCode).toBe(400);
    expect(await plan(tenantId)).toMatchObject({ plan: 'free' });
    expect(await payment(checkout.reference)).toMatchObject({ status: 'pending', activatedAt: null });
  });

  it('acknowledges events it does not act on', async () => {
    const body = JSON.stringify({ event: 'transfer.success', data: { reference: 'x' } });
    expect((await webhook(body, webhookSignature(body, SECRET))).json()).toEqual({ received: true });
    const stranger = JSON.stringify({ event: 'charge.success', data: { reference: 'not-ours' } });
    expect((await webhook(stranger, webhookSignature(stranger, SECRET))).statusCode).toBe(200);
  });
});

describe('renewal from the saved card', () => {
  async function proEndingSoon(planKey = 'monthly_pro') {
    const business = await shop();
    const checkout = await initialize(business.md, planKey);
    paystack.complete(checkout.reference);
    await verify(business.md, checkout.reference);
    const endsAt = new Date(Date.now() + 5 * 3_600_000);
    await t.database.db
      .update(tenants)
      .set({ planExpiresAt: endsAt })
      .where(eq(tenants.id, business.tenantId));
    return { ...business, endsAt, card: `AUTH_${checkout.reference.slice(-10)}` };
  }

  const charges = () => paystack.requests.filter((r) => r.path === '/transaction/charge_authorization');

  it('charges the saved card before the end and extends the plan from its end, once per period', async () => {
    const { tenantId, email, endsAt, card } = await proEndingSoon();
    const before = charges().length;
    await t.app.planRenewer.run();
    await t.app.planRenewer.run();
    const made = charges().slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      method: 'POST',
      authorization: `Bearer ${SECRET}`,
      body: { email, amount: 1_500_000, currency: 'NGN', authorization_code: card },
    });
    expect((await plan(tenantId)).expiresAt!.getTime()).toBe(endsAt.getTime() + 30 * DAY);
    const renewal = await payment((made[0]!.body as { reference: string }).reference);
    expect(renewal).toMatchObject({ kind: 'renewal', status: 'success' });
    expect(renewal.periodStart!.getTime()).toBe(endsAt.getTime());
  });

  it('leaves the plan until its end and e-mails the MD when the card is declined', async () => {
    const { tenantId, email, endsAt } = await proEndingSoon();
    paystack.chargeOutcome = { status: 'failed', gateway_response: 'Insufficient Funds' };
    const before = charges().length;
    await t.app.planRenewer.run();
    await t.app.planRenewer.run();
    expect(charges().length - before).toBe(1);
    expect(await plan(tenantId)).toMatchObject({ plan: 'pro', expiresAt: endsAt });
    const [failed] = await t.database.db
      .select()
      .from(planPayments)
      .where(and(eq(planPayments.tenantId, tenantId), eq(planPayments.kind, 'renewal')));
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: 'Insufficient Funds',
      activatedAt: null,
    });
    const mail = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.tenantId, tenantId));
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      toAddress: email,
      subject: 'Your Pro Monthly plan could not be renewed',
    });
    expect(mail[0]!.textBody).toContain('₦15,000.00');
    expect(mail[0]!.textBody).toContain('Insufficient Funds');
    expect(await activations(tenantId)).toBe(1);
  });

  it('charges nothing once the MD cancelled renewal', async () => {
    const { md, tenantId, endsAt } = await proEndingSoon('yearly');
    const cancelled = await call(t.app, md, {
      method: 'PUT',
      url: '/api/billing/renewal',
      payload: { auto_renew: false },
    });
    expect(cancelled.json()).toMatchObject({ auto_renew: false, plan_key: 'yearly' });
    const before = charges().length;
    await t.app.planRenewer.run();
    expect(charges().length).toBe(before);
    expect(await plan(tenantId)).toMatchObject({ expiresAt: endsAt });
  });
});
