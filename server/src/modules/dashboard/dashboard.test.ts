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
import { saleRequest } from '../../test/sales-fixtures.ts';

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

describe('an employee’s figures', () => {
  it('count the sales and items of the warehouses open to them, as their own screens do', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md);
    const open = await createStockFixture(t.app, md, { warehouse: 'Ikeja' });
    const closed = await createStockFixture(t.app, md, { warehouse: 'Lekki' });
    await call(t.app, md, {
      method: 'PUT',
      url: `/api/warehouses/${open.warehouseId}/access`,
      payload: { access_all: true },
    });
    for (const fixture of [open, closed]) {
      const sold = await call(t.app, md, {
        method: 'POST',
        url: '/api/sales/batch',
        payload: saleRequest(fixture),
      });
      expect(sold.statusCode, sold.body).toBe(201);
    }
    const stats = async (session: typeof md) =>
      (await call(t.app, session, { method: 'GET', url: '/api/dashboard/dashboard-stats' })).json();
    expect(await stats(md)).toMatchObject({ total_sales: 8600, inventory_items: 2 });
    const { session } = await createEmployee(t.app, md, ['dashboard.page.access', 'dashboard.kpi.access']);
    expect(await stats(session)).toMatchObject({ total_sales: 4300, inventory_items: 1 });
    // "Everything the MD can do": every warehouse, as the MD.
    const deputy = await createEmployee(t.app, md, ['admin.full_access']);
    expect(await stats(deputy.session)).toMatchObject({ total_sales: 8600, inventory_items: 2 });
    const warehouses = (await call(t.app, deputy.session, { method: 'GET', url: '/api/warehouses' })).json();
    expect(warehouses.map((w: { warehouse_name: string }) => w.warehouse_name).sort()).toEqual([
      'Ikeja',
      'Lekki',
    ]);
  });
});

describe('who sees which figure', () => {
  it('needs the dashboard key; each figure needs the KPI key or the key of the screen it sums', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md);
    const { warehouseId } = await createStockFixture(t.app, md);
    // Open to every employee: what this test varies is the keys, not the warehouses.
    await call(t.app, md, {
      method: 'PUT',
      url: `/api/warehouses/${warehouseId}/access`,
      payload: { access_all: true },
    });
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
