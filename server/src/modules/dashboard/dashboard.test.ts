import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  makePro,
  registerBusiness,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/dashboard/dashboard-stats', () => {
  it('counts this business’s employees and items only', async () => {
    const { md } = await registerBusiness(t.app);
    const other = await registerBusiness(t.app);
    await createEmployee(t.app, other.md);
    const before = (await call(t.app, md, { method: 'GET', url: '/api/dashboard/dashboard-stats' })).json();
    expect(before).toEqual({ total_sales: 0, inventory_items: 0, active_customers: 0, employees: 0 });
    await createEmployee(t.app, md);
    await createStockFixture(t.app, md);
    await createStockFixture(t.app, other.md);
    const after = (await call(t.app, md, { method: 'GET', url: '/api/dashboard/dashboard-stats' })).json();
    expect(after).toMatchObject({ employees: 1, inventory_items: 1 });
  });
});

describe('who sees which figure', () => {
  it('needs the dashboard key; each figure needs the KPI key or the key of the screen it sums', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md);
    await createStockFixture(t.app, md);
    const stats = async (grants: string[]) => {
      const { session } = await createEmployee(t.app, md, grants);
      return call(t.app, session, { method: 'GET', url: '/api/dashboard/dashboard-stats' });
    };
    expect((await stats([])).statusCode).toBe(403);
    expect((await stats(['dashboard.page.access'])).json()).toEqual({
      total_sales: null,
      inventory_items: null,
      active_customers: null,
      employees: null,
    });
    expect((await stats(['dashboard.page.access', 'inventory.page.access'])).json()).toEqual({
      total_sales: null,
      inventory_items: 1,
      active_customers: null,
      employees: null,
    });
    expect((await stats(['dashboard.page.access', 'sales.report_tab.access'])).json()).toMatchObject({
      total_sales: 0,
      inventory_items: null,
    });
    expect((await stats(['dashboard.page.access', 'dashboard.kpi.access'])).json()).toEqual({
      total_sales: 0,
      inventory_items: 1,
      active_customers: 0,
      employees: 5,
    });
  });
});
