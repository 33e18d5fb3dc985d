import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, storedFiles, vendorProducts, vendors } from '../../platform/db/schema/index.ts';
import {
  call,
  createEmployee,
  createTestApp,
  makePro,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
  firstMessage,
} from '../../test/test-app.ts';
import {
  multipart,
  png,
  product,
  registration,
  REQUIRED_DOCUMENTS,
  type TFilePart,
} from './testing/vendor-forms.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A PNG padded past `bytes` (the signature is what makes it an image). */
const bigPng = (field: string, bytes: number, filename = 'big.png'): TFilePart => ({
  field,
  filename,
  content: Buffer.concat([PNG_BYTES, Buffer.alloc(bytes + 1 - PNG_BYTES.length)]),
});
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64)]);

const register = (session: TSession, fields = registration(), files = REQUIRED_DOCUMENTS) =>
  call(t.app, session, { method: 'POST', url: '/api/vendors/register', ...multipart(fields, files) });

const upload = (session: TSession, fields = product(), files: TFilePart[] = [png('images', 'front.png')]) =>
  call(t.app, session, { method: 'POST', url: '/api/vendors/products', ...multipart(fields, files) });

async function vendorBusiness(fields = registration()) {
  const business = await registerBusiness(t.app);
  const res = await register(business.md, fields);
  expect(res.statusCode, res.body).toBe(201);
  return { ...business, vendorId: res.json().vendor.vendor_id as number };
}

const db = () => t.database.db;
const approveVendor = (id: number) =>
  db().update(vendors).set({ status: 'approved' }).where(eq(vendors.id, id));
const approveProduct = (id: number) =>
  db().update(vendorProducts).set({ status: 'approved' }).where(eq(vendorProducts.id, id));
const filesOf = async (tenantId: number) =>
  db().select().from(storedFiles).where(eq(storedFiles.tenantId, tenantId));
const tenantOf = async (vendorId: number) =>
  (await db().select().from(vendors).where(eq(vendors.id, vendorId)))[0]!.tenantId;
const filesOnDisk = async (tenantId: number) =>
  readdir(path.join(t.config.dataDir, 'uploads', String(tenantId))).catch(() => [] as string[]);

describe('vendor registration', () => {
  it('serves the terms page to anyone, framable by the app itself for the Terms modal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/vendors/terms' });
    expect([res.statusCode, res.headers['x-frame-options']]).toEqual([200, 'SAMEORIGIN']);
    expect(res.body).toContain('1. Registration');
  });

  it('registers the business as a pending vendor with its documents and shows it back', async () => {
    const { md } = await registerBusiness(t.app);
    const res = await register(md, registration({ show_phone: 'true' }), [
      ...REQUIRED_DOCUMENTS,
      png('cac_cert'),
      png('warehouse'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Vendor registration submitted successfully! Awaiting approval.');
    const me = (await call(t.app, md, { method: 'GET', url: '/api/vendors/me' })).json().vendor;
    expect(me).toMatchObject({
      name: 'Adaeze Fabrics',
      status: 'pending',
      show_phone: true,
      nin: '12345678901',
    });
    for (const url of [
      'gov_id_url',
      'cac_url',
      'location_proof_url',
      'bulk_invoice_url',
      'warehouse_photo_url',
    ])
      expect(me[url]).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const file = await call(t.app, md, { method: 'GET', url: me.gov_id_url });
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/png']);
    const audit = await db().select().from(auditEntries).where(eq(auditEntries.kind, 'vendor.registered'));
    expect(audit.some((entry) => entry.recordId === String(me.vendor_id))).toBe(true);
  });

  it('answers null before registering', async () => {
    const { md } = await registerBusiness(t.app);
    const me = await call(t.app, md, { method: 'GET', url: '/api/vendors/me' });
    expect(me.json()).toEqual({ vendor: null });
  });

  it('refuses without the terms, a required document, or a valid phone, storing nothing', async () => {
    const { md } = await registerBusiness(t.app);
    const refusals = [
      [
        registration({ accept_vendor_terms: 'false' }),
        REQUIRED_DOCUMENTS,
        'You must accept the vendor terms and conditions',
      ],
      [
        Object.fromEntries(
          Object.entries(registration()).filter(([name]) => name !== 'accept_vendor_terms'),
        ) as ReturnType<typeof registration>,
        REQUIRED_DOCUMENTS,
        'You must accept the vendor terms and conditions',
      ],
      [registration(), [png('gov_id'), png('location_proof')], 'Bulk Purchase Invoice is required'],
      [registration(), [png('location_proof'), png('bulk_proof')], 'Government ID is required'],
      [registration({ vendor_phone: '12345' }), REQUIRED_DOCUMENTS, 'Enter a valid Nigerian phone number'],
      [
        registration({ contact_link: 'not a link' }),
        REQUIRED_DOCUMENTS,
        'Contact link must be a valid URL (https://...)',
      ],
    ] as const;
    for (const [fields, files, detail] of refusals) {
      const res = await register(md, fields, [...files]);
      expect([res.statusCode, firstMessage(res.json().detail)]).toEqual([422, detail]);
    }
    const me = await call(t.app, md, { method: 'GET', url: '/api/vendors/me' });
    expect(me.json().vendor).toBeNull();
  });

  it('refuses a disguised script or page and an image over 10 MB, storing no row and no file', async () => {
    const { md } = await registerBusiness(t.app);
    const script = { field: 'gov_id', filename: 'id.png', content: Buffer.from('#!/bin/sh\nrm -rf /\n') };
    const page = {
      field: 'bulk_proof',
      filename: 'invoice.png',
      content: Buffer.from('<html><script>alert(1)</script></html>'),
    };
    const disguised = await register(md, registration(), [script, png('location_proof'), png('bulk_proof')]);
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().detail).toBe('id.png: Please upload an image (PNG or JPG)');
    const html = await register(md, registration(), [png('gov_id'), png('location_proof'), page]);
    expect(html.statusCode).toBe(415);
    const big = await register(md, registration(), [
      bigPng('gov_id', 10 * 1024 * 1024),
      png('location_proof'),
      png('bulk_proof'),
    ]);
    expect([big.statusCode, big.json().detail]).toEqual([413, 'File size must be less than 10MB']);
    const vendorRows = await db()
      .select()
      .from(vendors)
      .where(sql`${vendors.name} = 'Adaeze Fabrics' and ${vendors.userId} = ${md.userId}`);
    expect(vendorRows).toHaveLength(0);
    const [anyOwn] = await db().select().from(storedFiles).where(eq(storedFiles.userId, md.userId));
    expect(anyOwn).toBeUndefined();
  });

  it('keeps one vendor profile per business; a rejected vendor may register again and is pending again', async () => {
    const { md, vendorId } = await vendorBusiness();
    const again = await register(md);
    expect([again.statusCode, again.json().detail]).toEqual([
      409,
      'This business is already registered as a vendor',
    ]);
    await db()
      .update(vendors)
      .set({ status: 'rejected', rejectionReason: 'Blurry ID' })
      .where(eq(vendors.id, vendorId));
    const rejected = (await call(t.app, md, { method: 'GET', url: '/api/vendors/me' })).json().vendor;
    expect([rejected.status, rejected.rejection_reason]).toEqual(['rejected', 'Blurry ID']);
    const resubmitted = await register(md, registration({ name: 'Adaeze Fabrics Ltd' }));
    expect(resubmitted.statusCode, resubmitted.body).toBe(201);
    expect(resubmitted.json().vendor).toMatchObject({
      vendor_id: vendorId,
      name: 'Adaeze Fabrics Ltd',
      status: 'pending',
      rejection_reason: null,
    });
  });

  it('is for the MD or a holder of the Vendors key', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md);
    const clerk = await createEmployee(t.app, md, ['sales.page.access']);
    expect((await register(clerk.session)).statusCode).toBe(403);
    const buyer = await createEmployee(t.app, md, ['vendors.page.access']);
    expect((await register(buyer.session)).statusCode).toBe(201);
  });
});

describe('product upload', () => {
  it('uploads a pending product under the own vendor and lists it with its state', async () => {
    const { md } = await vendorBusiness();
    const res = await upload(md, product(), [
      png('images', 'front.png'),
      png('images', 'back.png'),
      { field: 'video', filename: 'clip.mp4', content: MP4 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Product uploaded successfully! Awaiting approval.');
    const mine = (await call(t.app, md, { method: 'GET', url: '/api/vendors/products/mine' })).json();
    expect(mine.products[0]).toMatchObject({
      product_name: 'Ankara print 6 yards',
      price: 15000.5,
      discount_type: 'Percentage',
      discount_value: 10,
      final_price: 13500.45,
      colors: ['red', 'gold'],
      product_size: ['6 yards'],
      within_state_fee: 1500,
      status: 'pending',
    });
    expect(mine.products[0].product_images).toHaveLength(2);
    expect(mine.products[0].video_url).toMatch(/^\/api\/files\//);
    const [row] = await db().select().from(vendorProducts).where(eq(vendorProducts.id, mine.products[0].id));
    expect([row!.priceKobo, row!.discountValue, row!.withinStateFeeKobo]).toEqual([1_500_050, 1000, 150_000]);
  });

  it('refuses without a vendor profile, and every bad file, storing no row and no file', async () => {
    const { md } = await registerBusiness(t.app);
    const none = await upload(md);
    expect([none.statusCode, none.json().detail]).toEqual([
      409,
      'Register your business as a vendor before uploading products',
    ]);

    const vendor = await vendorBusiness();
    const tenantId = await tenantOf(vendor.vendorId);
    const before = { rows: (await filesOf(tenantId)).length, disk: (await filesOnDisk(tenantId)).length };
    const refusals: [TFilePart[], number, string][] = [
      [[], 422, 'At least one product image is required'],
      [
        [png('images', 'a.png'), png('images', 'b.png'), png('images', 'c.png')],
        422,
        'Maximum 2 images allowed',
      ],
      [[bigPng('images', 10 * 1024 * 1024, 'huge.png')], 413, 'huge.png is too large (max 10MB)'],
      [
        [{ field: 'images', filename: 'x.png', content: Buffer.from('<!doctype html><p>hi</p>') }],
        415,
        'x.png: Please upload an image (PNG or JPG)',
      ],
      [
        [
          png('images'),
          {
            field: 'video',
            filename: 'v.mp4',
            content: Buffer.concat([MP4, Buffer.alloc(15 * 1024 * 1024)]),
          },
        ],
        413,
        'Video size must be less than 15MB',
      ],
      [
        [png('images'), { field: 'video', filename: 'v.mp4', content: Buffer.from('#!/bin/sh\necho') }],
        415,
        'Please upload an MP4 or WebM video',
      ],
    ];
    for (const [files, status, detail] of refusals) {
      const res = await upload(vendor.md, product(), files);
      expect([res.statusCode, res.json().detail], detail).toEqual([status, detail]);
    }
    const fieldRefusals = [
      [product({ max_quantity: '' }), 'Maximum quantity is required'],
      [product({ seller_state: 'Atlantis' }), 'Choose a seller state from the list'],
      [product({ discount_value: '120' }), 'A percentage discount must be between 0 and 100'],
      [product({ price: '-1' }), 'Price cannot be negative'],
    ] as const;
    for (const [fields, detail] of fieldRefusals) {
      const res = await upload(vendor.md, fields);
      expect([res.statusCode, firstMessage(res.json().detail)]).toEqual([422, detail]);
    }
    expect(
      await db().select().from(vendorProducts).where(eq(vendorProducts.tenantId, tenantId)),
    ).toHaveLength(0);
    expect((await filesOf(tenantId)).length).toBe(before.rows);
    expect((await filesOnDisk(tenantId)).length).toBe(before.disk);
  });

  it('replays an upload sent again with its key, and refuses the key with another product or image (409)', async () => {
    const { md } = await vendorBusiness();
    const sendWithKey = async (fields = product(), files: TFilePart[] = [png('images', 'front.png')]) => {
      const body = multipart(fields, files);
      return call(t.app, md, {
        method: 'POST',
        url: '/api/vendors/products',
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': 'product-1' },
      });
    };
    const first = await sendWithKey();
    expect(first.statusCode, first.body).toBe(201);
    const again = await sendWithKey();
    expect(again.json().product.product_id).toBe(first.json().product.product_id);
    const otherName = await sendWithKey(product({ product_name: 'Lace 5 yards' }));
    const otherImage = await sendWithKey(product(), [bigPng('images', 2_000, 'front.png')]);
    expect([otherName.statusCode, otherImage.statusCode]).toEqual([409, 409]);
    const mine = (await call(t.app, md, { method: 'GET', url: '/api/vendors/products/mine' })).json();
    expect(mine.products).toHaveLength(1);
  });

  it('puts a product only under the caller’s own vendor', async () => {
    const first = await vendorBusiness();
    const second = await vendorBusiness(registration({ name: 'Emeka Electronics', category: 'Electronics' }));
    const res = await upload(second.md, product({ vendor_id: String(first.vendorId) }));
    expect(res.statusCode).toBe(201);
    const [row] = await db()
      .select()
      .from(vendorProducts)
      .where(eq(vendorProducts.id, res.json().product.id));
    expect(row!.vendorId).toBe(second.vendorId);
    const firstMine = (
      await call(t.app, first.md, { method: 'GET', url: '/api/vendors/products/mine' })
    ).json();
    expect(firstMine.products).toHaveLength(0);
  });
});

describe('the public marketplace', () => {
  it('shows only approved products of approved vendors, without private fields, with public images', async () => {
    const stamp = randomBytes(3).toString('hex');
    const shown = await vendorBusiness(registration({ name: `Shown ${stamp}` }));
    const hidden = await vendorBusiness(registration({ name: `Hidden ${stamp}`, show_phone: 'true' }));
    const live = (await upload(shown.md, product({ product_name: `Lace ${stamp}` }))).json().product
      .id as number;
    const waiting = (await upload(shown.md, product({ product_name: `Lace pending ${stamp}` }))).json()
      .product.id as number;
    const ofPending = (await upload(hidden.md, product({ product_name: `Lace hidden ${stamp}` }))).json()
      .product.id as number;
    await approveVendor(shown.vendorId);
    await approveProduct(live);
    await approveProduct(ofPending);

    const res = await t.app.inject({ method: 'GET', url: `/api/marketplace/products?search=${stamp}` });
    expect(res.statusCode).toBe(200);
    const ids = res.json().products.map((p: { id: number }) => p.id);
    expect(ids).toEqual([live]);
    expect(ids).not.toContain(waiting);
    for (const secret of [
      '"nin"',
      '"cac"',
      'gov_id',
      'proof',
      '/api/files/',
      '12345678901',
      'RC123456',
      '8031234567',
    ])
      expect(res.body).not.toContain(secret);
    expect(res.json().products[0].vendor).toEqual({
      name: `Shown ${stamp}`,
      location: '12 Balogun Street, Lagos Island',
      delivery_scope: 'Anywhere in Nigeria',
      phone: null,
      contact_url: 'https://adaeze.example.com',
    });

    const image = await t.app.inject({ method: 'GET', url: res.json().products[0].product_images[0] });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(image.headers['cache-control']).toContain('public');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
    for (const id of [waiting, ofPending])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/marketplace/products/${id}/images/0` })).statusCode,
      ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/marketplace/products/${live}/images/1` })).statusCode,
    ).toBe(404);

    await approveVendor(hidden.vendorId);
    const withPhone = (
      await t.app.inject({ method: 'GET', url: `/api/marketplace/products?search=hidden ${stamp}` })
    ).json();
    expect(withPhone.products[0].vendor.phone).toBe('0803 123 4567');
    expect(withPhone.products[0].vendor.contact_url).toMatch(/^https:\/\/wa\.me\/2348031234567\?text=/);

    await db()
      .update(vendorProducts)
      .set({ deletedAt: new Date(), deletionReason: 'Counterfeit' })
      .where(eq(vendorProducts.id, live));
    const afterDelete = (
      await t.app.inject({ method: 'GET', url: `/api/marketplace/products?search=${stamp}` })
    ).json();
    expect(afterDelete.products.map((p: { id: number }) => p.id)).toEqual([ofPending]);
  });

  it('filters by category and state and pages by keyset', async () => {
    const stamp = randomBytes(3).toString('hex');
    const vendor = await vendorBusiness();
    const ids: number[] = [];
    for (const [category, state] of [
      ['Fashion', 'Lagos'],
      ['Electronics', 'Kano'],
      ['Fashion', 'Kano'],
      ['Fashion', 'FCT'],
    ] as const) {
      const res = await upload(
        vendor.md,
        product({ product_name: `Item ${stamp} ${category} ${state}`, category, seller_state: state }),
      );
      ids.push(res.json().product.id as number);
      await approveProduct(res.json().product.id as number);
    }
    await approveVendor(vendor.vendorId);
    const list = async (query: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/api/marketplace/products?search=${stamp}&${query}` })
      ).json();
    expect((await list('category=Fashion')).products.map((p: { id: number }) => p.id)).toEqual([
      ids[3],
      ids[2],
      ids[0],
    ]);
    expect((await list('state=Kano')).products.map((p: { id: number }) => p.id)).toEqual([ids[2], ids[1]]);
    expect((await list('category=Fashion&state=Kano')).products.map((p: { id: number }) => p.id)).toEqual([
      ids[2],
    ]);
    const first = await list('limit=3');
    expect(first.products.map((p: { id: number }) => p.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(first.next_before).toBe(ids[1]);
    const second = await list(`limit=3&before=${first.next_before}`);
    expect([second.products.map((p: { id: number }) => p.id), second.next_before]).toEqual([[ids[0]], null]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/marketplace/products?state=Atlantis' });
    expect([bad.statusCode, JSON.stringify(bad.json().detail)]).toEqual([
      422,
      expect.stringContaining('Unknown state'),
    ]);
  });
});
