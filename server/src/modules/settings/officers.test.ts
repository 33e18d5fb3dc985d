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

const URL = '/api/settings/inventory-officers';
const send = (session: TSession, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(t.app, session, { method, url, ...(payload ? { payload } : {}) });

describe('inventory officers', () => {
  it('lets the MD list, add, change and remove officers', async () => {
    const { md } = await registerBusiness(t.app);
    expect((await send(md, 'GET', URL)).json()).toEqual([]);
    const added = await send(md, 'POST', URL, {
      officer_name: ' Bola Ade ',
      officer_email: 'bola@example.com',
    });
    expect(added.statusCode).toBe(201);
    const officer = added.json();
    expect(officer).toEqual({
      officer_id: expect.any(Number),
      officer_name: 'Bola Ade',
      officer_email: 'bola@example.com',
    });
    const changed = await send(md, 'PUT', `${URL}/${officer.officer_id}`, {
      officer_name: 'Bola Adeyemi',
      officer_email: 'stores@example.com',
    });
    expect(changed.json()).toMatchObject({
      officer_name: 'Bola Adeyemi',
      officer_email: 'stores@example.com',
    });
    expect((await send(md, 'GET', URL)).json()).toEqual([changed.json()]);
    expect((await send(md, 'DELETE', `${URL}/${officer.officer_id}`)).statusCode).toBe(200);
    expect((await send(md, 'GET', URL)).json()).toEqual([]);
  });

  it.each([
    [{ officer_name: '', officer_email: 'a@example.com' }, 'Officer name is required'],
    [{ officer_name: 'Bola', officer_email: '' }, 'Officer e-mail is required'],
    [{ officer_name: 'Bola', officer_email: 'not-an-email' }, 'Enter a valid e-mail address'],
  ])('refuses %j with 422 "%s"', async (payload, message) => {
    const { md } = await registerBusiness(t.app);
    const res = await send(md, 'POST', URL, payload);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain(message);
  });

  it('keeps each business’s officers to itself and needs the settings keys', async () => {
    const { md } = await registerBusiness(t.app);
    await makePro(t, md);
    const other = await registerBusiness(t.app);
    const theirs = (
      await send(other.md, 'POST', URL, { officer_name: 'Tunde', officer_email: 't@example.com' })
    ).json();
    expect((await send(md, 'GET', URL)).json()).toEqual([]);
    expect(
      (
        await send(md, 'PUT', `${URL}/${theirs.officer_id}`, {
          officer_name: 'X',
          officer_email: 'x@example.com',
        })
      ).statusCode,
    ).toBe(404);
    expect((await send(md, 'DELETE', `${URL}/${theirs.officer_id}`)).statusCode).toBe(404);

    const viewer = await createEmployee(t.app, md, ['settings.page.access']);
    expect((await send(viewer.session, 'GET', URL)).statusCode).toBe(200);
    expect(
      (await send(viewer.session, 'POST', URL, { officer_name: 'A', officer_email: 'a@example.com' }))
        .statusCode,
    ).toBe(403);
    const clerk = await createEmployee(t.app, md, ['sales.page.access']);
    expect((await send(clerk.session, 'GET', URL)).statusCode).toBe(403);
  });
});
