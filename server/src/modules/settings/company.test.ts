import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createEmployee,
  createTestApp,
  loginMd,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';
import { LOGO_NOT_IMAGE } from './company.service.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (session: TSession) => call(t.app, session, { method: 'GET', url: '/api/sales/company' });
const put = (session: TSession, payload: object) =>
  call(t.app, session, { method: 'PUT', url: '/api/sales/company', payload });
const uploadLogo = (session: TSession, content: Buffer, field = 'logo_file') =>
  call(t.app, session, {
    method: 'POST',
    url: '/api/sales/company/logo',
    ...multipartBody(field, 'logo.png', content),
  });

const details = {
  tenant_name: 'Mama Nkechi Provisions',
  phone_number: '0803 555 1234',
  address: '12 Balogun Street, Lagos',
  account_number: '0123456789',
  bank_name: 'GTBank',
  account_name: 'Mama Nkechi Provisions Ltd',
};

describe('Settings → Company', () => {
  it('shows the business name and empty details before anything is saved', async () => {
    const { name, md } = await registerBusiness(t.app);
    const res = await get(md);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tenant_name: name,
      phone_number: null,
      address: null,
      account_number: null,
      bank_name: null,
      account_name: null,
      logo_url: null,
    });
  });

  it('saves the details (again and again) without renaming the sign-in name', async () => {
    const business = await registerBusiness(t.app);
    const first = await put(business.md, details);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...details, logo_url: null });

    const second = await put(business.md, { tenant_name: '  Nkechi Stores  ', bank_name: '' });
    expect(second.json()).toEqual({
      tenant_name: 'Nkechi Stores',
      phone_number: null,
      address: null,
      account_number: null,
      bank_name: null,
      account_name: null,
      logo_url: null,
    });
    expect((await get(business.md)).json().tenant_name).toBe('Nkechi Stores');
    await expect(loginMd(t.app, business.name, business.password)).resolves.toHaveProperty('token');
  });

  it('refuses a missing name and an account number with letters (422)', async () => {
    const { md } = await registerBusiness(t.app);
    const noName = await put(md, { ...details, tenant_name: ' ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().detail[0].msg).toBe('Business name is required');
    const letters = await put(md, { ...details, account_number: '01234abc' });
    expect(letters.statusCode).toBe(422);
    expect(letters.json().detail[0].msg).toBe('Account number is digits only');
    const notAPhone = await put(md, { ...details, phone_number: 'call the shop' });
    expect(notAPhone.statusCode).toBe(422);
    expect(notAPhone.json().detail[0].msg).toBe('Phone may hold digits, spaces, +, - and brackets only');
    const tooShort = await put(md, { ...details, phone_number: '0803' });
    expect(tooShort.json().detail[0].msg).toBe('Phone number is too short (at least 5 digits)');
    expect((await get(md)).json().phone_number).toBeNull();
  });

  it('stores a PNG logo, serves it, and keeps the details saved before', async () => {
    const { md } = await registerBusiness(t.app);
    await put(md, details);
    const res = await uploadLogo(md, PNG_BYTES);
    expect(res.statusCode).toBe(201);
    const company = res.json();
    expect(company).toMatchObject({
      ...details,
      logo_url: expect.stringMatching(/^\/api\/files\/[0-9a-f-]{36}$/),
    });
    const file = await call(t.app, md, { method: 'GET', url: company.logo_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await get(md)).json().logo_url).toBe(company.logo_url);
  });

  it('gives a business without a profile one named after it when the logo comes first', async () => {
    const { name, md } = await registerBusiness(t.app);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const res = await uploadLogo(md, jpeg);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tenant_name: name, logo_url: expect.any(String) });
  });

  it('refuses a PDF or any other file as a logo (415), judged by content', async () => {
    const { md } = await registerBusiness(t.app);
    const pdf = await uploadLogo(md, Buffer.from('%PDF-1.4 a document'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ detail: LOGO_NOT_IMAGE });
    const text = await uploadLogo(md, Buffer.from('just some text'));
    expect([text.statusCode, text.json().detail]).toEqual([415, LOGO_NOT_IMAGE]);
    const wrongField = await uploadLogo(md, PNG_BYTES, 'invoice_file');
    expect([wrongField.statusCode, wrongField.json().detail]).toEqual([400, 'Please select a logo file']);
    expect((await get(md)).json().logo_url).toBeNull();
  });

  it('lets employees read the details but only the MD change them; each business sees its own', async () => {
    const owner = await registerBusiness(t.app);
    await put(owner.md, details);
    const employee = (await createEmployee(t.app, owner.md, ['sales.page.access'])).session;
    expect((await get(employee)).json()).toMatchObject(details);
    expect((await put(employee, details)).statusCode).toBe(403);
    expect((await uploadLogo(employee, PNG_BYTES)).statusCode).toBe(403);
    const other = await registerBusiness(t.app);
    expect((await get(other.md)).json().tenant_name).toBe(other.name);
    expect((await call(t.app, null, { method: 'GET', url: '/api/sales/company' })).statusCode).toBe(401);
  });
});
