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

const URL = '/api/settings/alerts';
const read = (session: TSession) => call(t.app, session, { method: 'GET', url: URL });
const save = (session: TSession, payload: object) =>
  call(t.app, session, { method: 'PUT', url: URL, payload });
const ON = { low_stock_enabled: true, daily_summary_enabled: true, daily_summary_hour: 20 };

describe('Settings → Alerts', () => {
  it('reads the defaults, and on the free plan says alerts are Pro and refuses a change', async () => {
    const { md } = await registerBusiness(t.app);
    const res = await read(md);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...ON, plan_allows: false });
    const refused = await save(md, { ...ON, low_stock_enabled: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Stock and summary alerts is a Pro feature. Upgrade to Pro to use it.',
    });
    expect((await read(md)).json().low_stock_enabled).toBe(true);
  });

  it('lets the MD of a Pro business turn each alert off and set the hour, with one audit entry a change', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md);
    const changed = { low_stock_enabled: false, daily_summary_enabled: true, daily_summary_hour: 7 };
    const res = await save(md, changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...changed, plan_allows: true });
    expect((await read(md)).json()).toEqual({ ...changed, plan_allows: true });
    expect((await save(md, changed)).statusCode).toBe(200);

    const entries = (
      await call(t.app, md, { method: 'GET', url: '/api/audit?kind=alert_settings.changed' })
    ).json().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: ON, after: changed, record_type: 'alert_settings' });
  });

  it('refuses an hour outside 0–23 or a missing switch (422), and anyone but the MD (403)', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md);
    for (const payload of [
      { ...ON, daily_summary_hour: 24 },
      { ...ON, daily_summary_hour: -1 },
      { ...ON, daily_summary_hour: 7.5 },
      { daily_summary_enabled: true, daily_summary_hour: 7 },
      { ...ON, low_stock_enabled: 'yes' },
    ]) {
      const res = await save(md, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const hour = await save(md, { ...ON, daily_summary_hour: 24 });
    expect(hour.json().detail[0].msg).toBe('The hour must be between 0 and 23');

    const manager = (await createEmployee(t.app, md, ['settings.page.access', 'settings.edit.access']))
      .session;
    expect((await read(manager)).statusCode).toBe(403);
    expect((await save(manager, ON)).statusCode).toBe(403);
  });
});
