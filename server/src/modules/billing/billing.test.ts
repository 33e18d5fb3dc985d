import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, makePro, registerBusiness, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
    const status = (
      await call(t.app, md, { method: 'GET', url: '/api/dashboard/subscription-status' })
    ).json();
    expect(status).toMatchObject({ plan: 'pro', is_active: true, transaction_limit: null });
    expect(Date.parse(status.expires_at)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('treats an expired pro plan as inactive', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md, -1);
    const status = (
      await call(t.app, md, { method: 'GET', url: '/api/dashboard/subscription-status' })
    ).json();
    expect(status).toMatchObject({ plan: 'pro', is_active: false, transaction_limit: 10 });
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

  it('says plainly that card payment is not available yet', async () => {
    const { md } = await registerBusiness(t.app);
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/dashboard/initialize-payment?plan_key=monthly_pro',
    });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toEqual({ detail: 'Card payments are not available yet' });
    const badPlan = await call(t.app, md, {
      method: 'POST',
      url: '/api/dashboard/initialize-payment?plan_key=gold',
    });
    expect(badPlan.statusCode).toBe(422);
  });
});
