import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, outboxEmails, tenants } from '../../platform/db/schema/index.ts';
import { createTestApp, form, formBody, registerBusiness, type TTestApp } from '../../test/test-app.ts';
import { createAuthRepository } from './auth.repository.ts';
import { DEVICE_COOKIE } from './auth.routes.ts';
import { tooManyAttempts } from './auth.service.ts';

const LIMITS = { perAccount: 3, perAddress: 6, windowMinutes: 15 };
const SLOWDOWN_SECONDS = 30;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { loginLimits: LIMITS, loginSlowdownSeconds: SLOWDOWN_SECONDS } });
});
afterAll(() => t.close());

type TAttempt = { username: string; password: string; ip?: string; device?: string | null };

function signIn({ username, password, ip = '10.0.0.1', device = null }: TAttempt) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/token',
    headers: { ...form, ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
    remoteAddress: ip,
    payload: formBody({ username, password }),
  });
}

/** Signs in from a new browser and answers the device cookie the server gave it. */
async function browserOf(username: string, password: string, ip = '10.0.0.1'): Promise<string> {
  const res = await signIn({ username, password, ip });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
  return cookie!.value;
}

/** Moves an account's (or address's) failures back in time, as if the wait had passed. */
async function age(seconds: number) {
  await t.database.db.execute(
    sql`update ${loginAttempts} set created_at = created_at - make_interval(secs => ${seconds})`,
  );
}

async function fail(times: number, attempt: Omit<TAttempt, 'password'>) {
  for (let i = 0; i < times; i += 1) {
    expect((await signIn({ ...attempt, password: `wrong guess ${i}` })).statusCode).toBe(401);
  }
}

describe('failing sign-ins', () => {
  it("slow strangers down progressively but never refuse the owner's browser", async () => {
    const { name, password } = await registerBusiness(t.app);
    const owner = await browserOf(name, password);
    await fail(LIMITS.perAccount, { username: name, ip: '10.0.0.66' });

    const stranger = await signIn({ username: name, password, ip: '10.0.0.67' });
    expect(stranger.statusCode).toBe(429);
    // The message says the wait the header gives.
    expect(stranger.json()).toEqual({
      detail: `Too many failed login attempts. Please wait ${stranger.headers['retry-after']} seconds and try again.`,
    });
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(SLOWDOWN_SECONDS - 3);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(SLOWDOWN_SECONDS);

    const ownerAgain = await signIn({ username: name, password, ip: '10.0.0.66', device: owner });
    expect(ownerAgain.statusCode).toBe(200);
    // A cookie the server never gave counts for nothing.
    const forged = await signIn({ username: name, password, device: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(429);

    // Once the wait has passed one more guess is heard, and the next wait is twice as long.
    await age(SLOWDOWN_SECONDS);
    expect((await signIn({ username: name, password: 'one more guess' })).statusCode).toBe(401);
    const slower = await signIn({ username: name, password });
    expect(slower.statusCode).toBe(429);
    expect(Number(slower.headers['retry-after'])).toBeGreaterThan(2 * SLOWDOWN_SECONDS - 3);
  });

  it('lets the owner in from a shared connection that strangers have exhausted', async () => {
    const { name, password } = await registerBusiness(t.app);
    const sharedIp = '10.1.1.1';
    const owner = await browserOf(name, password, sharedIp);
    for (let i = 0; i < LIMITS.perAddress; i += 1) {
      const res = await signIn({ username: `No Such Shop ${i}`, password: 'x', ip: sharedIp });
      expect(res.statusCode).toBe(401);
    }
    expect((await signIn({ username: name, password, ip: sharedIp })).statusCode).toBe(429);
    expect((await signIn({ username: name, password, ip: sharedIp, device: owner })).statusCode).toBe(200);
    expect((await signIn({ username: name, password, ip: '10.1.1.2' })).statusCode).toBe(200);
  });

  it("does not count the owner's own mistakes from a known browser against anyone", async () => {
    const { name, password } = await registerBusiness(t.app);
    const owner = await browserOf(name, password, '10.2.2.2');
    await fail(LIMITS.perAccount + 2, { username: name, ip: '10.2.2.2', device: owner });
    expect((await signIn({ username: name, password, ip: '10.2.2.3' })).statusCode).toBe(200);
  });

  it('tells the owner by e-mail once when someone keeps failing', async () => {
    const { name, password, email } = await registerBusiness(t.app);
    await fail(LIMITS.perAccount - 1, { username: name, ip: '10.3.3.3' });
    const sent = () =>
      t.database.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.kind, 'login_failures'), eq(outboxEmails.toAddress, email)));
    expect(await sent()).toHaveLength(0);
    await fail(1, { username: name, ip: '10.3.3.3' });
    await age(SLOWDOWN_SECONDS);
    await fail(1, { username: name, ip: '10.3.3.4' });
    const emails = await sent();
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe(`Someone keeps failing to sign in as ${name}`);
    expect(emails[0]!.textBody).toContain(`${LIMITS.perAccount} failed sign-ins`);
    expect(emails[0]!.textBody).toContain('10.3.3.3');
    expect((await signIn({ username: name, password, ip: '10.3.3.9' })).statusCode).toBe(429);
  });
});

describe('business names that look alike', () => {
  const register = (username: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username, email, password: 'correct horse battery', accepted_terms: true },
    });

  it('refuses a name that only looks different', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const { name } = await registerBusiness(t.app, { name: `Mama Ngozi Stores ${suffix}` });
    const lookAlikes = [
      `Mama Ng\u043Ezi Stores ${suffix}`,
      `Mama\u00A0Ngozi  Stores ${suffix}`,
      `Mama Ngo\u200Bzi Stores ${suffix}`,
      `\uFF2D\uFF41\uFF4D\uFF41 Ngozi Stores ${suffix}`,
    ];
    for (const [i, lookAlike] of lookAlikes.entries()) {
      const res = await register(lookAlike, `look-${suffix}-${i}@example.com`);
      expect(res.statusCode, lookAlike).toBe(409);
      expect(res.json()).toEqual({ detail: 'Business name already registered' });
    }
    const rows = await t.database.db
      .select({ id: tenants.id })
      .from(tenants)
      .where(sql`${tenants.name} like ${'%' + suffix}`);
    expect(rows).toHaveLength(1);
    expect(name).toContain(suffix);
  });

  it('registers look-alike names sent at once only once', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const answers = await Promise.all([
      register(`Twin Traders ${suffix}`, `twin-a-${suffix}@example.com`),
      register(`Twin Trader\u0455 ${suffix}`, `twin-b-${suffix}@example.com`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('signs the owner in whichever way the name is spelled', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const { password } = await registerBusiness(t.app, { name: `Caf\u00E9 Lagos ${suffix}` });
    for (const spelling of [`Cafe\u0301 Lagos ${suffix}`, `  CAF\u00C9   lagos ${suffix} `]) {
      const res = await signIn({ username: spelling, password, ip: '10.4.4.4' });
      expect(res.statusCode, spelling).toBe(200);
      expect(res.json().username).toBe(`Caf\u00E9 Lagos ${suffix}`);
    }
  });

  it('gives businesses registered before name keys theirs at start-up, the first of two look-alikes', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const older = await registerBusiness(t.app, { name: `Old Shop ${suffix}` });
    const newer = await registerBusiness(t.app);
    const lookAlike = `Old Sh\u043Ep ${suffix}`;
    await t.database.db.update(tenants).set({ name: lookAlike }).where(eq(tenants.name, newer.name));
    await t.database.db
      .update(tenants)
      .set({ nameKey: null })
      .where(sql`${tenants.name} in (${older.name}, ${lookAlike})`);
    // Before the fill an old name signs in only as it is spelled.
    expect((await signIn({ username: `old  shop ${suffix}`, password: older.password })).statusCode).toBe(
      401,
    );

    expect(await createAuthRepository(t.database.db).fillMissingNameKeys()).toBe(1);
    const olderIn = await signIn({
      username: `old  shop ${suffix}`,
      password: older.password,
      ip: '10.5.5.5',
    });
    expect(olderIn.json().username).toBe(older.name);
    const newerIn = await signIn({ username: lookAlike, password: newer.password, ip: '10.5.5.5' });
    expect(newerIn.statusCode).toBe(200);
    expect(newerIn.json().username).toBe(lookAlike);
  });
});

describe('the wait a refused sign-in names', () => {
  it.each([
    [1, '1 second'],
    [30, '30 seconds'],
    [89, '89 seconds'],
    [90, '2 minutes'],
    [900, '15 minutes'],
  ])('%i s reads "%s"', (seconds, wait) => {
    expect(tooManyAttempts(seconds)).toBe(
      `Too many failed login attempts. Please wait ${wait} and try again.`,
    );
  });
});
