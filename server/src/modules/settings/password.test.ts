import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createEmployee,
  createTestApp,
  form,
  formBody,
  loginEmployee,
  loginMd,
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

const CODE = '2468';
const URL = '/api/settings/change-password';
const me = (session: TSession) => call(t.app, session, { method: 'GET', url: '/api/users/me' });
const changePassword = (session: TSession, payload: Record<string, unknown>) =>
  call(t.app, session, { method: 'POST', url: URL, payload });
const employeeLogin = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/employee/token',
    payload: formBody({ email, password }),
    headers: form,
  });
const mdLogin = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: formBody({ username, password }),
    headers: form,
  });

async function businessWithCode() {
  const business = await registerBusiness(t.app);
  await makePro(t, business.md);
  const set = await call(t.app, business.md, {
    method: 'PUT',
    url: '/api/settings/access-code',
    payload: { code: CODE },
  });
  expect(set.statusCode).toBe(200);
  return business;
}

describe('changing a password (Settings → Password)', () => {
  it('lets the MD set an employee’s password: the old one fails, the new one works, their session ends at once', async () => {
    const { md } = await businessWithCode();
    const employee = await createEmployee(t.app, md, ['sales.page.access']);
    expect((await me(employee.session)).statusCode).toBe(200);

    const res = await changePassword(md, {
      email: employee.email.toUpperCase(),
      access_code: CODE,
      new_password: 'a brand new secret',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Password changed. 1 other session was signed out.',
      sessions_ended: 1,
    });

    expect((await me(employee.session)).statusCode).toBe(401);
    expect((await employeeLogin(employee.email, employee.password)).statusCode).toBe(401);
    expect((await employeeLogin(employee.email, 'a brand new secret')).statusCode).toBe(200);
    expect((await me(md)).statusCode).toBe(200);

    const audit = (
      await call(t.app, md, { method: 'GET', url: '/api/audit?kind=account.password_changed' })
    ).json().entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      record_type: 'account',
      record_id: String(employee.employeeId),
      after: { email: employee.email, role: 'employee', sessions_ended: 1 },
    });
    expect(JSON.stringify(audit)).not.toContain('a brand new secret');
    expect(JSON.stringify(audit)).not.toContain(CODE);
  });

  it('changes the MD’s own password: another session of theirs is signed out, the one that asked keeps working', async () => {
    const { md, name, email, password } = await businessWithCode();
    const elsewhere = await loginMd(t.app, name, password);
    expect((await me(elsewhere)).statusCode).toBe(200);

    const res = await changePassword(md, { email, access_code: CODE, new_password: 'another long password' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessions_ended).toBe(1);

    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(md)).statusCode).toBe(200);
    expect((await mdLogin(name, password)).statusCode).toBe(401);
    expect((await mdLogin(name, 'another long password')).statusCode).toBe(200);
  });

  it('refuses a wrong access code and changes nothing', async () => {
    const { md } = await businessWithCode();
    const employee = await createEmployee(t.app, md);
    const res = await changePassword(md, {
      email: employee.email,
      access_code: '9999',
      new_password: 'should not be set',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Invalid access code');
    expect((await me(employee.session)).statusCode).toBe(200);
    expect((await employeeLogin(employee.email, employee.password)).statusCode).toBe(200);
    expect((await employeeLogin(employee.email, 'should not be set')).statusCode).toBe(401);
    const audit = (
      await call(t.app, md, { method: 'GET', url: '/api/audit?kind=account.password_changed' })
    ).json().entries;
    expect(audit).toEqual([]);
  });

  it('counts wrong access codes: past 10 in a row even the right one is refused with 429', async () => {
    const { md, email } = await businessWithCode();
    const attempt = (code: string) =>
      changePassword(md, { email, access_code: code, new_password: 'never set this one' });
    for (let i = 0; i < 10; i += 1) expect((await attempt(`wrong${i}`)).statusCode).toBe(403);
    const blocked = await attempt(CODE);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toContain('Too many wrong access codes');
  });

  it('asks for the access code to be set first', async () => {
    const { md, email } = await registerBusiness(t.app);
    const res = await changePassword(md, { email, access_code: '1234', new_password: 'long enough now' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('No access code is set');
  });

  it('lets an employee with the Settings page change only their own password', async () => {
    const { md, email: mdEmail, name, password } = await businessWithCode();
    const employee = await createEmployee(t.app, md, ['settings.page.access']);
    const other = await createEmployee(t.app, md);

    const theirs = await changePassword(employee.session, {
      email: other.email,
      access_code: CODE,
      new_password: 'taken over account',
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().detail).toBe('You can only change your own password');
    const mds = await changePassword(employee.session, {
      email: mdEmail,
      access_code: CODE,
      new_password: 'taken over account',
    });
    expect(mds.statusCode).toBe(403);
    expect((await mdLogin(name, password)).statusCode).toBe(200);

    const own = await changePassword(employee.session, {
      email: employee.email,
      access_code: CODE,
      new_password: 'my own new password',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await me(employee.session)).statusCode).toBe(200);
    expect((await employeeLogin(employee.email, 'my own new password')).statusCode).toBe(200);

    const bare = await createEmployee(t.app, md);
    const denied = await changePassword(bare.session, {
      email: bare.email,
      access_code: CODE,
      new_password: 'my own new password',
    });
    expect(denied.statusCode).toBe(403);
  });

  it('finds only accounts of the caller’s own business', async () => {
    const { md } = await businessWithCode();
    const stranger = await registerBusiness(t.app);
    const res = await changePassword(md, {
      email: stranger.email,
      access_code: CODE,
      new_password: 'not their password',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('No account with this e-mail in this business');
    expect((await mdLogin(stranger.name, stranger.password)).statusCode).toBe(200);
  });

  it.each([
    [{ email: '', access_code: CODE, new_password: 'long enough' }, 'E-mail is required'],
    [{ email: 'x@example.com', access_code: '', new_password: 'long enough' }, 'Access code is required'],
    [
      { email: 'x@example.com', access_code: CODE, new_password: 'short' },
      'Password must be at least 8 characters',
    ],
    [
      { email: 'not an e-mail', access_code: CODE, new_password: 'long enough' },
      'Enter a valid e-mail address',
    ],
  ])('refuses %j with 422 "%s"', async (payload, message) => {
    const { md } = await businessWithCode();
    const res = await changePassword(md, payload);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().detail)).toContain(message);
  });

  it('keeps the new password for the employee after a later login (loginEmployee helper)', async () => {
    const { md } = await businessWithCode();
    const employee = await createEmployee(t.app, md);
    await changePassword(md, { email: employee.email, access_code: CODE, new_password: 'fresh password 1' });
    const session = await loginEmployee(t.app, employee.email, 'fresh password 1');
    expect((await me(session)).json().email).toBe(employee.email);
  });
});
