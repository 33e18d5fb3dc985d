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

  it('keeps one officer per e-mail, whatever its case, and lets an officer keep their own', async () => {
    const { md } = await registerBusiness(t.app);
    const tunde = (
      await send(md, 'POST', URL, { officer_name: 'Tunde', officer_email: 'tunde@example.com' })
    ).json();
    const again = await send(md, 'POST', URL, {
      officer_name: 'Tunde Two',
      officer_email: ' TUNDE@example.com',
    });
    expect([again.statusCode, again.json().detail]).toEqual([
      409,
      'An officer with this e-mail already exists',
    ]);
    const ada = (
      await send(md, 'POST', URL, { officer_name: 'Ada', officer_email: 'ada@example.com' })
    ).json();
    const renamed = await send(md, 'PUT', `${URL}/${ada.officer_id}`, {
      officer_name: 'Ada',
      officer_email: 'Tunde@Example.com',
    });
    expect([renamed.statusCode, renamed.json().detail]).toEqual([
      409,
      'An officer with this e-mail already exists',
    ]);
    const kept = await send(md, 'PUT', `${URL}/${tunde.officer_id}`, {
      officer_name: 'Tunde Bakare',
      officer_email: 'TUNDE@example.com',
    });
    expect(kept.statusCode).toBe(200);
    expect((await send(md, 'GET', URL)).json()).toHaveLength(2);
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
