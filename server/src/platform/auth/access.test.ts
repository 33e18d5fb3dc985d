import { businessDate } from '@app/domain/dates/business-date';
import { deniedMessage, DENIED_MESSAGES } from '@app/domain/permissions/denied';
import { ADMIN_GRANT_REQUIRED } from '@app/domain/schemas/vendor-admin';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

/**
 * Walks every registered /api route and proves the access each one declares:
 * signed out → 401; an employee without the key → 403; with it → allowed;
 * another business's MD never reaches a record of this one (404).
 * A later area plugs in by declaring access on its routes and, for a path parameter,
 * a fixture below that creates the record in business A.
 */
type TFixtures = Record<string, (t: TTestApp, ownerMd: TSession) => Promise<string | number>>;

let stock: Awaited<ReturnType<typeof createStockFixture>> | null = null;
const stockOf = async (t: TTestApp, md: TSession) => (stock ??= await createStockFixture(t.app, md));

let customersMade = 0;

let requisitionStock: ReturnType<typeof createStockFixture> | undefined;
const PARAM_FIXTURES: TFixtures = {
  employee_id: async (t, md) => (await createEmployee(t.app, md)).employeeId,
  warehouse_id: async (t, md) => (await stockOf(t, md)).warehouseId,
  warehouse: async (t, md) => encodeURIComponent((await stockOf(t, md)).warehouse),
  item_id: async (t, md) => (await stockOf(t, md)).itemId,
  purchase_id: async (t, md) => (await stockOf(t, md)).purchaseId,
  reference: async (t, md) => {
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/dashboard/initialize-payment?plan_key=monthly_pro',
    });
    return res.json().reference as string;
  },
  expense_id: async (t, md) => {
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/expenses/json',
      payload: {
        vendor_name: 'Ikeja Electric',
        total_amount: 100,
        expense_date: businessDate(),
        payment_status: 'credit',
        payment_method: 'cash',
        due_date: businessDate(),
      },
    });
    return res.json().expense_id as number;
  },
  requisition_id: async (t, md) => {
    // Made once: a later call (after the walk deleted a requisition) asks from the same stock.
    requisitionStock ??= createStockFixture(t.app, md, {
      warehouse: 'Requisition Store',
      item: 'Requisition Rice',
    });
    const { warehouse, item } = await requisitionStock;
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/requisitions/batch',
      payload: { warehouse_name: warehouse, reason: 'Kitchen', items: [{ item, quantity: 1 }] },
    });
    return res.json().requisitions[0].requisition_id as number;
  },
  officer_id: async (t, md) => {
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/settings/inventory-officers',
      payload: { officer_name: 'Bola', officer_email: 'bola@example.com' },
    });
    return res.json().officer_id as number;
  },
  file_id: async (t, md) => {
    const upload = multipartBody('invoice_file', 'invoice.png', PNG_BYTES);
    const res = await call(t.app, md, { method: 'POST', url: '/api/restock/upload-invoice', ...upload });
    return String(res.json().file_id);
  },
  // Sales and proformas get their own item: the walk deletes the shared one before it reaches them.
  sale_id: async (t, md) => {
    const { warehouse, itemId } = await createStockFixture(t.app, md);
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/sales/batch',
      payload: {
        sale_date: businessDate(),
        customer_name: 'Ada',
        customer_phone: '08031234567',
        warehouse_name: warehouse,
        items: [{ item_id: itemId, quantity: 1, unit_price: 10 }],
        payment_status: 'credit',
        payment_method: 'none',
        due_date: businessDate(),
      },
    });
    return res.json().sale_id as number;
  },
  proforma_id: async (t, md) => {
    const { warehouse, itemId } = await createStockFixture(t.app, md);
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/sales/proforma',
      payload: {
        customer_name: 'Ada',
        warehouse_name: warehouse,
        items: [{ item_id: itemId, quantity: 1, unit_price: 10 }],
      },
    });
    return res.json().proforma_id as number;
  },
  customer_id: async (t, md) => {
    const phone = `0803 111 ${String((customersMade += 1)).padStart(4, '0')}`;
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/customers',
      payload: { name: 'Ada', phone },
    });
    return res.json().customer_id as number;
  },
  account_id: async (t, md) => {
    await call(t.app, md, { method: 'PUT', url: '/api/settings/access-code', payload: { code: '9999' } });
    const code = await call(t.app, md, {
      method: 'POST',
      url: '/api/settings/mono/test-code',
      payload: { test_account_key: 'gtb-1' },
    });
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/settings/mono/link',
      payload: { code: code.json().code, access_code: '9999' },
    });
    return res.json().account.account_id as number;
  },
  // The link of a shared proforma, for the public document routes.
  token: async (t, md) => {
    const proformaId = await PARAM_FIXTURES.proforma_id!(t, md);
    const res = await call(t.app, md, { method: 'POST', url: `/api/sales/proforma/${proformaId}/share` });
    return new URL(res.json().url as string).pathname.split('/').pop()!;
  },
  email_id: async (t, md) => {
    const { warehouse, itemId } = await createStockFixture(t.app, md);
    await call(t.app, md, {
      method: 'POST',
      url: '/api/sales/batch',
      payload: {
        sale_date: businessDate(),
        customer_name: 'Receipt Ada',
        customer_phone: '08031234567',
        warehouse_name: warehouse,
        items: [{ item_id: itemId, quantity: 1, unit_price: 10 }],
        payment_status: 'credit',
        payment_method: 'none',
        due_date: businessDate(),
      },
    });
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/sales/receipt/email',
      payload: {
        customer_email: 'ada@example.com',
        customer_name: 'Receipt Ada',
        sale_date: businessDate(),
        pdf_format: 'A4',
      },
    });
    return res.json().email_id as number;
  },
  flag_id: async (t, md) => {
    await createStockFixture(t.app, md);
    const unverified = await call(t.app, md, {
      method: 'GET',
      url: '/api/admin-review/unverified-purchases',
    });
    const [purchase] = unverified.json().records as { record_id: number }[];
    await call(t.app, md, {
      method: 'POST',
      url: '/api/admin-review/marks',
      payload: {
        record_type: 'purchase',
        record_id: purchase!.record_id,
        state: 'flagged',
        note: 'Check it',
      },
    });
    const flags = await call(t.app, md, { method: 'GET', url: '/api/admin-review/flags' });
    return flags.json().flags[0].id as number;
  },
  // The marketplace's image route is public (no business to probe): any product id and image index.
  product_id: async () => 1,
  index: async () => 0,
  // Vendor Admin's vendor routes refuse every caller without an admin grant before any record is read.
  vendor_id: async () => 1,
};

/**
 * Vendor Admin (modules/vendor-admin), the platform operator's cross-tenant console: the MD's routes that
 * also need an admin grant (X-Admin-Grant). No business's MD reaches them without one; they review every
 * business's vendors, so the cross-tenant probe below does not apply to them.
 */
const ADMIN_GRANT_ROUTES = new Set([
  'GET /api/vendor-admin/stats',
  'GET /api/vendors/pending',
  'GET /api/vendors/products/pending',
  'PUT /api/vendors/:vendor_id/approve',
  'PUT /api/vendors/:vendor_id/reject',
  'PUT /api/vendors/products/:product_id/approve',
  'PUT /api/vendors/products/:product_id/reject',
  'DELETE /api/vendors/products/:product_id',
  'GET /api/vendor-admin/files/:file_id',
]);
const ADMIN_CODE = 'walker-admin-code';

/** A valid body for routes whose cross-tenant probe must get past validation to reach the record. */
const SAMPLE_BODIES: Record<string, unknown> = {
  'POST /api/settings/employee-permissions/:employee_id': [],
  'POST /api/settings/employee-warehouses/:employee_id': [],
  'PUT /api/warehouses/:warehouse_id/access': { access_all: false },
  'PATCH /api/inventory/update/:item_id': { log_date: businessDate(), supplied_quantity: 20 },
  'POST /api/restock/:purchase_id/payments': {
    amount: 1,
    payment_method: 'cash',
    payment_date: businessDate(),
  },
  'DELETE /api/inventory/item/:item_id': undefined,
  'PUT /api/customers/:customer_id': { name: 'Ada', phone: '0803 000 0000' },
  'PUT /api/expenses/:expense_id': { vendor_name: 'Ikeja Electric' },
  'PUT /api/requisitions/:requisition_id': {
    warehouse_name: 'Requisition Store',
    item: 'Requisition Rice',
    quantity: 1,
    reason: 'Kitchen',
  },
  'PUT /api/requisitions/:requisition_id/remark': { remark: 'Collect at 9am' },
  'POST /api/requisitions/:requisition_id/approve': undefined,
  'POST /api/requisitions/:requisition_id/reject': undefined,
  'PUT /api/settings/inventory-officers/:officer_id': {
    officer_name: 'Bola',
    officer_email: 'b@example.com',
  },
  'POST /api/sales/:sale_id/payments': { amount: 1, payment_method: 'cash', payment_date: businessDate() },
  'POST /api/sales/proforma/:proforma_id/convert': undefined,
  'POST /api/sales/:sale_id/receipt/share': undefined,
  'POST /api/sales/proforma/:proforma_id/share': undefined,
  'PUT /api/admin-review/flags/:flag_id/resolve': undefined,
};

/** Routes that take a file: the probe sends a small PNG as multipart. */
/** Routes that change a record one way only (a requisition approved cannot be rejected): each gets a fresh one. */
const ONE_WAY_ROUTES: Record<string, string> = {
  'POST /api/requisitions/:requisition_id/approve': 'requisition_id',
  'POST /api/requisitions/:requisition_id/reject': 'requisition_id',
  // The walk converts the shared proforma, and a converted one is kept.
  'DELETE /api/sales/proforma/:proforma_id': 'proforma_id',
  // The walk deletes the shared sale and proforma before it reaches their share routes.
  'POST /api/sales/:sale_id/receipt/share': 'sale_id',
  'POST /api/sales/proforma/:proforma_id/share': 'proforma_id',
};
const SAMPLE_UPLOADS = new Set(['POST /api/sales/proforma/:proforma_id/upload-invoice']);
const requestBody = (key: string) =>
  SAMPLE_UPLOADS.has(key)
    ? multipartBody('invoice_file', 'invoice.png', PNG_BYTES)
    : SAMPLE_BODIES[key] === undefined
      ? {}
      : { payload: SAMPLE_BODIES[key] as object };

let t: TTestApp;
let ownerMd: TSession;
let strangerMd: TSession;
let bareEmployee: TSession;
let fullEmployee: TSession;
const paramValues: Record<string, string> = {};

const routes = () => (t.app as FastifyInstance).apiRoutes;
const pathParams = (url: string) => [...url.matchAll(/:([a-z_]+)/g)].map((m) => m[1]!);
const fill = (url: string, values: Record<string, string>) =>
  url.replace(/:([a-z_]+)/g, (_m, name: string) => values[name] ?? '1');

async function createParamValues() {
  for (const name of new Set(routes().flatMap((r) => pathParams(r.url)))) {
    const fixture = PARAM_FIXTURES[name];
    if (!fixture) throw new Error(`No fixture for path parameter :${name}; add one to PARAM_FIXTURES`);
    paramValues[name] = String(await fixture(t, ownerMd));
  }
}

beforeAll(async () => {
  t = await createTestApp({ config: { adminAccessCode: ADMIN_CODE } });
  const owner = await registerBusiness(t.app);
  ownerMd = owner.md;
  await makePro(t, ownerMd);
  strangerMd = (await registerBusiness(t.app)).md;
  bareEmployee = (await createEmployee(t.app, ownerMd)).session;
  const declaredKeys = routes().flatMap((r) => (r.access.kind === 'permission' ? r.access.keys : []));
  fullEmployee = (await createEmployee(t.app, ownerMd, [...new Set(declaredKeys)])).session;
  await createParamValues();
});
afterAll(() => t.close());

describe('every /api route', () => {
  it('is listed with its access', () => {
    expect(routes().length).toBeGreaterThan(15);
    expect(
      routes()
        .filter((r) => r.access.kind === 'public')
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual(expect.arrayContaining(['POST /api/auth/token', 'POST /api/auth/register', 'GET /api/']));
  });

  it('answers 401 to a signed-out caller unless public', async () => {
    for (const route of routes().filter((r) => r.access.kind !== 'public')) {
      const res = await call(t.app, null, {
        method: route.method as 'GET',
        url: fill(route.url, paramValues),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toHaveProperty('detail');
    }
  });

  it('reads nothing of the business to an employee without keys but their own account, plan and the terms', async () => {
    const signedInByDesign = routes()
      .filter((r) => r.access.kind === 'signed_in')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(signedInByDesign).toEqual([
      'GET /api/auth/me',
      'GET /api/auth/my-permissions',
      'GET /api/dashboard/plans',
      'GET /api/dashboard/subscription-status',
      'GET /api/permissions/check',
      'GET /api/users/me',
      'POST /api/auth/logout',
      'POST /api/feedback',
    ]);
    for (const url of ['/api/sales/company', '/api/warehouses', '/api/dashboard/dashboard-stats']) {
      expect((await call(t.app, bareEmployee, { method: 'GET', url })).statusCode, url).toBe(403);
    }
  });

  it('lets "Everything the MD can do" (admin.full_access) through every key, but not the MD\'s own acts', async () => {
    const fullAccess = (await createEmployee(t.app, ownerMd, ['admin.full_access'])).session;
    for (const route of routes().filter((r) => r.access.kind === 'permission' && r.method === 'GET')) {
      const res = await call(t.app, fullAccess, { method: 'GET', url: fill(route.url, paramValues) });
      expect(res.statusCode, `GET ${route.url}`).not.toBe(403);
    }
    const md = routes().find((r) => r.access.kind === 'md' && r.method === 'GET')!;
    expect(
      (await call(t.app, fullAccess, { method: 'GET', url: fill(md.url, paramValues) })).statusCode,
    ).toBe(403);
  });

  it('refuses in the spec’s words the calls whose keys have them', async () => {
    const refused = new Set(
      routes().flatMap((route) =>
        route.access.kind === 'permission' ? route.access.keys.filter((key) => key in DENIED_MESSAGES) : [],
      ),
    );
    // Spec 2 §5 names these; the other keys' words are the screens' own (exports made in the browser).
    for (const key of [
      'sales.delete_proforma.access',
      'customers.edit.access',
      'customers.delete.access',
      'customers.export.access',
      'inventory.delete_button.access',
      'requisitions.approve',
    ])
      expect(refused, key).toContain(key);
    const [deleteCustomer] = routes().filter(
      (route) => route.method === 'DELETE' && route.url === '/api/customers/:customer_id',
    );
    const res = await call(t.app, bareEmployee, {
      method: 'DELETE',
      url: fill(deleteCustomer!.url, paramValues),
    });
    expect(res.json()).toEqual({ detail: 'You do not have permission to delete customers' });
  });

  it('answers 403 to an employee without the key, and lets one with it through', async () => {
    for (const route of routes().filter((r) => r.access.kind === 'md' || r.access.kind === 'permission')) {
      const url = fill(route.url, paramValues);
      const denied = await call(t.app, bareEmployee, { method: route.method as 'GET', url });
      expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
      if (route.access.kind === 'permission')
        // In the words of the action the key allows, where the spec gives them ("… delete customers").
        expect(denied.json().detail, `${route.method} ${route.url}`).toBe(deniedMessage(route.access.keys));
      const granted = await call(t.app, fullEmployee, { method: route.method as 'GET', url });
      const expected = route.access.kind === 'md' ? 403 : expect.not.toBeOneOf([401, 403]);
      expect(granted.statusCode, `${route.method} ${route.url} with its key`).toEqual(expected);
      expect(granted.statusCode, `${route.method} ${route.url} never a 500`).toBeLessThan(500);
    }
  });

  it('never shows or changes another business’s record (404)', async () => {
    // The employee with every key deleted some records in the test before (a customer): start afresh.
    await createParamValues();
    const withParams = routes().filter(
      (r) =>
        r.access.kind !== 'public' &&
        pathParams(r.url).length > 0 &&
        !ADMIN_GRANT_ROUTES.has(`${r.method} ${r.url}`),
    );
    expect(withParams.length).toBeGreaterThan(0);
    for (const route of withParams) {
      const key = `${route.method} ${route.url}`;
      if (!['GET', 'DELETE'].includes(route.method) && !(key in SAMPLE_BODIES) && !SAMPLE_UPLOADS.has(key))
        throw new Error(`Add a sample body for ${key}`);
      const fresh = ONE_WAY_ROUTES[key];
      if (fresh) paramValues[fresh] = String(await PARAM_FIXTURES[fresh]!(t, ownerMd));
      const url = fill(route.url, paramValues);
      const res = await call(t.app, strangerMd, { method: route.method as 'GET', url, ...requestBody(key) });
      expect(res.statusCode, key).toBe(404);
      const own = await call(t.app, ownerMd, { method: route.method as 'GET', url, ...requestBody(key) });
      expect(own.statusCode, `${key} by its owner`).toBeLessThan(300);
    }
  });

  it('refuses Vendor Admin’s platform-wide routes to every MD without an admin grant, and opens them with one', async () => {
    const needingGrant: string[] = [];
    for (const route of routes().filter((r) => r.access.kind === 'md')) {
      const url = fill(route.url, paramValues);
      const res = await call(t.app, strangerMd, { method: route.method as 'GET', url });
      if (res.statusCode === 403 && res.json().detail === ADMIN_GRANT_REQUIRED)
        needingGrant.push(`${route.method} ${route.url}`);
    }
    expect(needingGrant.sort()).toEqual([...ADMIN_GRANT_ROUTES].sort());
    const unlocked = await call(t.app, ownerMd, {
      method: 'POST',
      url: '/api/vendor-admin/unlock',
      payload: { code: ADMIN_CODE },
    });
    const headers = { 'x-admin-grant': unlocked.json().grant as string };
    for (const key of ADMIN_GRANT_ROUTES) {
      const [method, path] = key.split(' ') as ['GET', string];
      const res = await call(t.app, ownerMd, { method, url: fill(path, paramValues), headers });
      expect(res.statusCode, key).not.toBeOneOf([401, 403]);
      expect(res.statusCode, key).toBeLessThan(500);
      const other = await call(t.app, strangerMd, { method, url: fill(path, paramValues), headers });
      expect(other.statusCode, `${key} with another MD's grant`).toBe(403);
    }
  });
});
