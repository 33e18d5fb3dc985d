import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts } from '../../platform/db/schema/index.ts';
import {
  call,
  createTestApp,
  form,
  formBody,
  loginMd,
  registerBusiness,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });

describe('POST /api/auth/register', () => {
  it('creates a business and its MD, who can then log in by business name', async () => {
    const res = await register({
      username: 'Mama Nkechi Provisions',
      email: 'nkechi@example.com',
      password: 'a long password',
      role: 'md',
      plan: 'free',
      accepted_terms: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ msg: expect.any(String) });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: form,
      payload: 'username=mama+nkechi+provisions&password=a+long+password',
    });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.username).toBe('Mama Nkechi Provisions');
    expect(body.role).toBe('md');
    expect(body.permissions).toContain('settings.page.access');
    const payload = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(Number.isInteger(payload.exp)).toBe(true);
  });

  it('takes an e-mail with spaces pasted around it, as sign-in does', async () => {
    const res = await register({
      username: 'Iya Basira Kitchen',
      email: '  basira@example.com ',
      password: 'a long password',
      accepted_terms: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const again = await register({
      username: 'Another Kitchen',
      email: 'basira@example.com',
      password: 'a long password',
      accepted_terms: true,
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers 409 for a business name taken in any letter case, and for a taken e-mail', async () => {
    const { name, email } = await registerBusiness(t.app);
    const byName = await register({
      username: name.toUpperCase(),
      email: 'other@example.com',
      password: 'password 1',
      accepted_terms: true,
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().detail).toMatch(/Business name already registered/);
    const byEmail = await register({
      username: 'Fresh Name Ltd',
      email: email.toUpperCase(),
      password: 'password 1',
      accepted_terms: true,
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().detail).toMatch(/Email already registered/);
  });

  it('rejects bad input with 422 and a detail list, and stores nothing', async () => {
    const cases: Record<string, unknown>[] = [
      {},
      { username: 'A', email: 'not-an-email', password: 'password 1', accepted_terms: true },
      { username: 'A', email: 'a@example.com', password: 'short', accepted_terms: true },
      { username: 'A', email: 'a@example.com', password: 'password 1', accepted_terms: false },
      { username: 'x'.repeat(10_000), email: 'a@example.com', password: 'password 1', accepted_terms: true },
      { username: 12, email: ['a'], password: null, accepted_terms: 'yes' },
    ];
    for (const payload of cases) {
      const res = await register(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
      expect(res.json().detail[0]).toMatchObject({ loc: expect.any(Array), msg: expect.any(String) });
    }
    const terms = await register({
      username: 'A',
      email: 'a@example.com',
      password: 'password 1',
      accepted_terms: false,
    });
    expect(terms.json().detail.map((d: { msg: string }) => d.msg)).toContain(
      'You must accept the Terms and Conditions',
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: form,
      payload: 'username=A&password=password+1',
    });
    expect(login.statusCode).toBe(401);
  });

  it('answers 400 for a body that is not JSON and 413 for a huge one', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('detail');
    const huge = await register({ username: 'y'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
  });
});

describe('logging in', () => {
  it('logs an employee in by e-mail only through the employee call', async () => {
    const { md, email, password } = await registerBusiness(t.app);
    const mdByEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/employee/token',
      headers: form,
      payload: formBody({ email, password }),
    });
    expect(mdByEmail.statusCode).toBe(401);
    expect(md.token).toBeTruthy();
  });

  it('records every attempt, failed or not, with address and user agent', async () => {
    const { name, password } = await registerBusiness(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { ...form, 'user-agent': 'TestPhone/1.0' },
      payload: formBody({ username: name, password: 'wrong password' }),
    });
    await loginMd(t.app, name, password);
    const rows = await t.database.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.identifier, name.toLowerCase()));
    const [, failed, succeeded] = rows.sort((a, b) => a.id - b.id);
    expect([failed, succeeded].map((r) => [r?.success, r?.reason])).toEqual([
      [false, 'bad_password'],
      [true, null],
    ]);
    expect(failed).toMatchObject({ ip: '127.0.0.1', userAgent: 'TestPhone/1.0', accountKind: 'md' });
    expect(succeeded?.tenantId).toBeTypeOf('number');
  });

  it('answers a wrong password and an unknown account alike with 401', async () => {
    const { name } = await registerBusiness(t.app);
    for (const username of [name, 'No Such Business']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: form,
        payload: formBody({ username, password: 'nope nope' }),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Incorrect username or password' });
    }
    // The employee form asks for an e-mail, not a username.
    const employee = await t.app.inject({
      method: 'POST',
      url: '/api/auth/employee/token',
      headers: form,
      payload: formBody({ email: 'nobody@example.com', password: 'nope nope' }),
    });
    expect(employee.statusCode).toBe(401);
    expect(employee.json()).toEqual({ detail: 'Incorrect email or password' });
  });

  it('rate-limits an account after repeated failures with 429, even with the right password', async () => {
    const { name, password } = await registerBusiness(t.app);
    for (let i = 0; i < t.config.loginLimits.perAccount; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/token',
        headers: form,
        payload: formBody({ username: name, password: 'bad guess' }),
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: form,
      payload: formBody({ username: name, password }),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(/Too many failed login attempts/);
  });

  it('rate-limits an address that tries many accounts', async () => {
    const local = await createTestApp({
      config: { loginLimits: { perAccount: 100, perAddress: 3, windowMinutes: 15 } },
    });
    try {
      const from = { ...form };
      for (let i = 0; i < 3; i += 1) {
        const res = await local.app.inject({
          method: 'POST',
          url: '/api/auth/employee/token',
          headers: from,
          remoteAddress: '10.9.8.7',
          payload: formBody({ email: `guess${i}@example.com`, password: 'x' }),
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await local.app.inject({
        method: 'POST',
        url: '/api/auth/employee/token',
        headers: from,
        remoteAddress: '10.9.8.7',
        payload: formBody({ email: 'another@example.com', password: 'x' }),
      });
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await local.app.inject({
        method: 'POST',
        url: '/api/auth/employee/token',
        headers: from,
        remoteAddress: '10.9.8.8',
        payload: formBody({ email: 'another@example.com', password: 'x' }),
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await local.close();
    }
  });

  it('rejects missing fields and JSON where a form is expected', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: form,
      payload: 'username=abc',
    });
    expect(missing.statusCode).toBe(422);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
  });
});

describe('sessions', () => {
  it('serves the caller from the token, and the token stops working after logout', async () => {
    const { md, name } = await registerBusiness(t.app);
    const me = await call(t.app, md, { method: 'GET', url: '/api/users/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user_id: md.userId, username: name, role: 'md', tenant_name: name });
    const authMe = await call(t.app, md, { method: 'GET', url: '/api/auth/me' });
    expect(authMe.json()).toMatchObject({ user_id: md.userId, access_code: null });
    const perms = await call(t.app, md, { method: 'GET', url: '/api/auth/my-permissions' });
    expect(perms.json().permissions).toContain('admin.full_access');

    const logout = await call(t.app, md, { method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(200);
    const after = await call(t.app, md, { method: 'GET', url: '/api/users/me' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Session expired or revoked' });
  });

  it('answers 401 for a missing, malformed, tampered, foreign-signed or expired token', async () => {
    const { md } = await registerBusiness(t.app);
    const [header, payload, signature] = md.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'md', sub: '999' })).toString('base64url')}.${signature}`;
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another secret of enough length!!'));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const cases: [Record<string, string>, string][] = [
      [{}, 'Not authenticated'],
      [{ authorization: 'Bearer' }, 'Not authenticated'],
      [{ authorization: `Basic ${md.token}` }, 'Not authenticated'],
      [{ authorization: 'Bearer not.a.jwt' }, 'Could not validate credentials'],
      [{ authorization: `Bearer ${tampered}` }, 'Could not validate credentials'],
      [{ authorization: `Bearer ${foreign}` }, 'Could not validate credentials'],
      [{ authorization: `Bearer ${noneAlg}` }, 'Could not validate credentials'],
      [{ authorization: `Bearer ${expired}` }, 'Token expired'],
      [{ authorization: `Bearer ${'a'.repeat(20_000)}` }, 'Could not validate credentials'],
    ];
    for (const [headers, detail] of cases) {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
      expect(res.statusCode, JSON.stringify(headers).slice(0, 60)).toBe(401);
      expect(res.json()).toEqual({ detail });
    }
  });

  it('serves the terms page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/terms' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Terms and Conditions');
  });

  it('answers the health check and 404s unknown API paths with a detail', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/' })).json()).toMatchObject({ status: 'ok' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not Found' });
  });
});
