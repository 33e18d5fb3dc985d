import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
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
