import { eq } from 'drizzle-orm';
import {
  ADMIN_GRANT_REQUIRED,
  INVALID_ADMIN_CODE,
  DELETION_REASON_REQUIRED,
  REJECTION_REASON_REQUIRED,
  TOO_MANY_ADMIN_CODES,
  VENDOR_ADMIN_CLOSED,
} from '@app/domain/schemas/vendor-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { auditEntries, outboxEmails, vendorProducts, vendors } from '../../platform/db/schema/index.ts';
import {
  call,
  createEmployee,
  createTestApp,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
  firstMessage,
} from '../../test/test-app.ts';
import { seedPendingVendor } from './testing/seed-vendor.ts';

const ADMIN_CODE = 'open-sesame-42';

let t: TTestApp;
let admin: TSession;
let vendorBusiness: Awaited<ReturnType<typeof registerBusiness>>;
let grant: string;

const withGrant = (value: string) => ({ headers: { 'x-admin-grant': value } });

/** A new business with a pending vendor and product (one vendor per business). */
async function newVendor(options: { name?: string; productName?: string } = {}) {
  const business = await registerBusiness(t.app);
  return { business, ...(await seedPendingVendor(t, business.md, options)) };
}

async function unlock(md: TSession, code: string) {
  return call(t.app, md, { method: 'POST', url: '/api/vendor-admin/unlock', payload: { code } });
}

beforeAll(async () => {
  t = await createTestApp({
    config: {
      adminAccessCode: ADMIN_CODE,
      loginLimits: { perAccount: 3, perAddress: 1000, windowMinutes: 15 },
    },
  });
  admin = (await registerBusiness(t.app)).md;
  await makePro(t, admin);
  vendorBusiness = await registerBusiness(t.app);
  const res = await unlock(admin, ADMIN_CODE);
  expect(res.statusCode).toBe(200);
  grant = res.json().grant as string;
});
afterAll(() => t.close());

describe('the admin code', () => {
  it('answers a grant for 15 minutes to the right code, with the spec’s words', async () => {
    const res = await unlock(admin, ADMIN_CODE);
    expect(res.json()).toMatchObject({ msg: 'Access granted. Welcome Admin' });
    const minutes = (Date.parse(res.json().expires_at as string) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('refuses a wrong code, counts it, and past the limit refuses even the right one (429)', async () => {
    const md = (await registerBusiness(t.app)).md;
    for (let i = 0; i < 3; i += 1) {
      const wrong = await unlock(md, 'guess-number-' + i);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().detail).toBe(INVALID_ADMIN_CODE);
    }
    const limited = await unlock(md, ADMIN_CODE);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe(TOO_MANY_ADMIN_CODES);
    // Another MD is not held back by this one's failures.
    expect((await unlock(vendorBusiness.md, ADMIN_CODE)).statusCode).toBe(200);
  });

  it('is the MD’s alone: an employee is refused before any code is looked at', async () => {
    const employee = (await createEmployee(t.app, admin, ['admin.full_access'])).session;
    const res = await unlock(employee, ADMIN_CODE);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Only the MD can do this');
    const list = await call(t.app, employee, {
      method: 'GET',
      url: '/api/vendors/pending',
      ...withGrant(grant),
    });
    expect(list.statusCode).toBe(403);
  });

  it('keeps the console closed, saying how to open it, when the server has no code', async () => {
    const closed = await createTestApp();
    try {
      const md = (await registerBusiness(closed.app)).md;
      const res = await call(closed.app, md, {
        method: 'POST',
        url: '/api/vendor-admin/unlock',
        payload: { code: 'anything-at-all' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(VENDOR_ADMIN_CLOSED);
      const list = await call(closed.app, md, { method: 'GET', url: '/api/vendors/pending' });
      expect(list.json().detail).toBe(VENDOR_ADMIN_CLOSED);
    } finally {
      await closed.close();
    }
  });
});

describe('the grant', () => {
  it('is required by every admin route, and another session’s or a forged one is refused', async () => {
    const seeded = await newVendor({ name: 'Grant Probe' });
    const adminRoutes = t.app.apiRoutes.filter(
      (r) =>
        r.url.startsWith('/api/vendor') &&
        ((r.url.startsWith('/api/vendor-admin/') && !r.url.endsWith('/unlock')) ||
          /\/pending$|\/approve$|\/reject$/.test(r.url) ||
          (r.method === 'DELETE' && r.url.startsWith('/api/vendors/products/'))),
    );
    expect(adminRoutes.length).toBe(9);
    const url = (u: string) =>
      u
        .replace(':vendor_id', String(seeded.vendorId))
        .replace(':product_id', String(seeded.productId))
        .replace(':file_id', seeded.govIdFileId);
    const [payload, signature] = grant.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: vendorBusiness.md.userId, s: 'x', e: Date.now() + 60_000 })).toString('base64url')}.${signature}`;
    for (const route of adminRoutes) {
      for (const [who, headers] of [
        ['the admin without a grant', {}],
        ['another MD with the admin’s grant', withGrant(grant)],
        ['another MD with a forged grant', withGrant(forged)],
        ['another MD with a tampered grant', withGrant(`${payload}x.${signature}`)],
      ] as const) {
        const md = who === 'the admin without a grant' ? admin : vendorBusiness.md;
        const res = await call(t.app, md, { method: route.method as 'GET', url: url(route.url), ...headers });
        expect(res.statusCode, `${route.method} ${route.url} by ${who}`).toBe(403);
        expect(res.json().detail).toBe(ADMIN_GRANT_REQUIRED);
      }
    }
    const stored = await t.database.db.select().from(vendors).where(eq(vendors.id, seeded.vendorId));
    expect(stored[0]!.status).toBe('pending');
  });
});

describe('reviewing vendors and products', () => {
  it('lists every business’s pending vendors and products with their documents and images, 5 a page', async () => {
    const seeded = await newVendor({
      name: 'Listing Foods',
      productName: 'Listing Oil',
    });
    const vendorsPage = await call(t.app, admin, {
      method: 'GET',
      url: '/api/vendors/pending?search=listing&limit=5',
      ...withGrant(grant),
    });
    expect(vendorsPage.statusCode).toBe(200);
    expect(vendorsPage.headers['x-total-count']).toBe('1');
    const [vendor] = vendorsPage.json();
    expect(vendor).toMatchObject({
      vendor_id: seeded.vendorId,
      name: 'Listing Foods',
      business_name: seeded.business.name,
      gov_id_url: `/api/vendor-admin/files/${seeded.govIdFileId}`,
      documents: [{ label: 'Government ID', url: `/api/vendor-admin/files/${seeded.govIdFileId}` }],
    });
    const products = await call(t.app, admin, {
      method: 'GET',
      url: '/api/vendors/products/pending?search=listing',
      ...withGrant(grant),
    });
    expect(products.json()[0]).toMatchObject({
      id: seeded.productId,
      price: 12500.5,
      stock_quantity: 40,
      nafdac_number: 'A1-2345',
      product_images: [`/api/vendor-admin/files/${seeded.imageFileId}`],
    });
    const file = await call(t.app, admin, { method: 'GET', url: vendor.gov_id_url, ...withGrant(grant) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('opens only vendors’ files, and no other business reaches them through the normal file route', async () => {
    const seeded = await newVendor({ name: 'Private Docs' });
    const upload = multipartBody('invoice_file', 'invoice.png', PNG_BYTES);
    const invoice = await call(t.app, seeded.business.md, {
      method: 'POST',
      url: '/api/restock/upload-invoice',
      ...upload,
    });
    const invoiceId = invoice.json().file_id as string;
    const notVendorFile = await call(t.app, admin, {
      method: 'GET',
      url: `/api/vendor-admin/files/${invoiceId}`,
      ...withGrant(grant),
    });
    expect(notVendorFile.statusCode).toBe(404);
    const stranger = await call(t.app, admin, { method: 'GET', url: `/api/files/${seeded.govIdFileId}` });
    expect(stranger.statusCode).toBe(404);
    const employee = (await createEmployee(t.app, admin, ['sales.page.access'])).session;
    const byEmployee = await call(t.app, employee, {
      method: 'GET',
      url: `/api/files/${seeded.govIdFileId}`,
    });
    expect(byEmployee.statusCode).toBe(404);
  });

  it('approves a vendor: its access code is answered once and kept only as a hash; the vendor is e-mailed', async () => {
    const seeded = await newVendor({ name: 'Approve Me' });
    const res = await call(t.app, admin, {
      method: 'PUT',
      url: `/api/vendors/${seeded.vendorId}/approve`,
      ...withGrant(grant),
    });
    expect(res.statusCode).toBe(200);
    const code = res.json().access_code as string;
    expect(res.json().msg).toBe(`Vendor approved! Access code: ${code}`);
    const [stored] = await t.database.db.select().from(vendors).where(eq(vendors.id, seeded.vendorId));
    expect(stored!.status).toBe('approved');
    expect(stored!.accessCodeHash).not.toContain(code);
    expect(await verifyPassword(stored!.accessCodeHash, code)).toBe(true);
    const mail = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, seeded.business.email));
    expect(mail.map((m) => m.subject)).toContain('Your vendor registration was approved');
    expect(mail.every((m) => !m.textBody.includes(code))).toBe(true);
    const again = await call(t.app, admin, {
      method: 'PUT',
      url: `/api/vendors/${seeded.vendorId}/approve`,
      ...withGrant(grant),
    });
    expect(again.statusCode).toBe(409);
    const audit = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.kind, 'vendor.approved'));
    expect(audit.filter((a) => a.recordId === String(seeded.vendorId))).toHaveLength(1);
    expect(audit[0]!.userId).toBe(admin.userId);
  });

  it('rejects a vendor and a product only with a reason (multipart or JSON), and deletes a product with one', async () => {
    const seeded = await newVendor({
      name: 'Reject Me',
      productName: 'Fake Cream',
    });
    const noReason = await call(t.app, admin, {
      method: 'PUT',
      url: `/api/vendors/products/${seeded.productId}/reject`,
      payload: { reason: '  ' },
      ...withGrant(grant),
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail).toEqual([
      { loc: ['body', 'reason'], msg: REJECTION_REASON_REQUIRED, type: expect.any(String) },
    ]);

    const form = multipartBody('unused', 'x.txt', Buffer.from(''), { reason: 'No NAFDAC approval' });
    const rejected = await call(t.app, admin, {
      method: 'PUT',
      url: `/api/vendors/products/${seeded.productId}/reject`,
      payload: form.payload,
      headers: { ...form.headers, 'x-admin-grant': grant },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().msg).toBe('Product rejected');
    const [product] = await t.database.db
      .select()
      .from(vendorProducts)
      .where(eq(vendorProducts.id, seeded.productId));
    expect(product).toMatchObject({ status: 'rejected', rejectionReason: 'No NAFDAC approval' });

    const vendorRejected = await call(t.app, admin, {
      method: 'PUT',
      url: `/api/vendors/${seeded.vendorId}/reject`,
      payload: { reason: 'Documents unreadable' },
      ...withGrant(grant),
    });
    expect(vendorRejected.json().msg).toBe('Vendor rejected');
    const mail = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, seeded.business.email));
    expect(mail.map((m) => m.textBody).join('\n')).toContain('Reason: Documents unreadable');

    const other = await newVendor({
      productName: 'Delete Me',
    });
    const noDeleteReason = await call(t.app, admin, {
      method: 'DELETE',
      url: `/api/vendors/products/${other.productId}`,
      payload: { reason: '' },
      ...withGrant(grant),
    });
    expect(noDeleteReason.statusCode).toBe(422);
    expect(firstMessage(noDeleteReason.json().detail)).toBe(DELETION_REASON_REQUIRED);
    const deleted = await call(t.app, admin, {
      method: 'DELETE',
      url: `/api/vendors/products/${other.productId}`,
      payload: { reason: 'Duplicate listing' },
      ...withGrant(grant),
    });
    expect(deleted.json().msg).toBe('Product deleted successfully');
    const list = await call(t.app, admin, {
      method: 'GET',
      url: '/api/vendors/products/pending?search=Delete Me',
      ...withGrant(grant),
    });
    expect(list.json()).toEqual([]);

    const stats = await call(t.app, admin, {
      method: 'GET',
      url: '/api/vendor-admin/stats',
      ...withGrant(grant),
    });
    expect(stats.json().rejected_today).toBeGreaterThanOrEqual(2);
    expect(stats.json().approved_today).toBeGreaterThanOrEqual(1);
  });
});
