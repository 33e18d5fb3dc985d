import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, linkedAccounts } from '../../platform/db/schema/index.ts';
import { startMonoServer } from '../../test/mono-server.ts';
import {
  call,
  createEmployee,
  createTestApp,
  makePro,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

const ACCESS_CODE = '482913';
const send = (
  t: TTestApp,
  session: TSession,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => call(t.app, session, { method, url, ...(payload ? { payload } : {}) });

/** A pro business whose MD set the access code. */
async function proBusiness(t: TTestApp) {
  const business = await registerBusiness(t.app);
  await makePro(t, business.md);
  const set = await send(t, business.md, 'PUT' as 'POST', '/api/settings/access-code', { code: ACCESS_CODE });
  expect(set.statusCode).toBe(200);
  return business;
}

const storedAccounts = (t: TTestApp) => t.database.db.select().from(linkedAccounts);

describe('Bank & POS in test mode (no MONO_SECRET_KEY): the embedded test widget', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function testCode(md: TSession, key = 'gtb-1') {
    const res = await send(t, md, 'POST', '/api/settings/mono/test-code', { test_account_key: key });
    expect(res.statusCode).toBe(200);
    return res.json().code as string;
  }

  it('links a test account with the access code, lists it, and disconnects it, with audit entries', async () => {
    const { md, name } = await proBusiness(t);
    expect((await send(t, md, 'GET', '/api/settings/mono/config')).json()).toEqual({
      mode: 'test',
      public_key: null,
    });
    const banks = (await send(t, md, 'GET', '/api/settings/mono/test-banks')).json();
    expect(banks.map((b: { bank_name: string }) => b.bank_name)).toEqual([
      'GTBank (Test)',
      'Access Bank (Test)',
      'Kuda (Test)',
    ]);
    const offered = banks[0].accounts[0];
    expect(offered.account_name).toBe(`${name} (Current)`);

    const linked = await send(t, md, 'POST', '/api/settings/mono/link', {
      code: await testCode(md),
      access_code: ACCESS_CODE,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().msg).toBe('Account linked successfully');
    const list = (await send(t, md, 'GET', '/api/settings/linked-accounts')).json();
    expect(list).toEqual([
      {
        account_id: expect.any(Number),
        bank_name: 'GTBank (Test)',
        account_name: `${name} (Current)`,
        account_number: offered.account_number,
        currency: 'NGN',
        mono_account_id: expect.stringMatching(/^sbx_\d+_gtb_1$/),
        linked_at: expect.any(String),
      },
    ]);
    const accountId = list[0].account_id as number;
    const entries = await t.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.recordType, 'linked_account'), eq(auditEntries.recordId, String(accountId))),
      );
    expect(entries.map((e) => e.kind)).toEqual(['linked_account.linked']);

    const gone = await send(t, md, 'DELETE', `/api/settings/linked-accounts/${accountId}`);
    expect(gone.json()).toEqual({ msg: 'Account disconnected' });
    expect((await send(t, md, 'GET', '/api/settings/linked-accounts')).json()).toEqual([]);
    const after = await t.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.recordType, 'linked_account'), eq(auditEntries.recordId, String(accountId))),
      );
    expect(after.map((e) => e.kind).sort()).toEqual(['linked_account.disconnected', 'linked_account.linked']);
  });

  it('asks for the access code, refuses a wrong one, and stores nothing', async () => {
    const { md } = await proBusiness(t);
    const code = await testCode(md);
    const missing = await send(t, md, 'POST', '/api/settings/mono/link', { code, access_code: '' });
    expect(missing.statusCode).toBe(422);
    expect(JSON.stringify(missing.json().detail)).toContain('Please enter your access code');
    const wrong = await send(t, md, 'POST', '/api/settings/mono/link', { code, access_code: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe('Invalid access code');
    expect((await send(t, md, 'GET', '/api/settings/linked-accounts')).json()).toEqual([]);
  });

  it('refuses a forged or tampered code with a clear 400', async () => {
    const { md } = await proBusiness(t);
    const code = await testCode(md);
    const tampered = `${code.slice(0, -3)}abc`;
    for (const bad of [tampered, 'test_code_bm9wZQ.c2ln', 'anything']) {
      const res = await send(t, md, 'POST', '/api/settings/mono/link', {
        code: bad,
        access_code: ACCESS_CODE,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().detail).toBe(
        'The bank connection code has expired or is not valid. Please connect your bank again.',
      );
    }
    expect((await send(t, md, 'GET', '/api/settings/linked-accounts')).json()).toEqual([]);
  });

  it('is a Pro feature: the free plan is refused and nothing is stored', async () => {
    const { md } = await registerBusiness(t.app);
    await send(t, md, 'PUT' as 'POST', '/api/settings/access-code', { code: ACCESS_CODE });
    const res = await send(t, md, 'POST', '/api/settings/mono/link', {
      code: await testCode(md),
      access_code: ACCESS_CODE,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Bank and POS linking is a Pro feature. Upgrade to Pro to use it.');
    expect((await send(t, md, 'GET', '/api/settings/linked-accounts')).json()).toEqual([]);
  });

  it('keeps each business’s accounts its own (404), and the tab is the MD’s', async () => {
    const owner = await proBusiness(t);
    const stranger = await proBusiness(t);
    await send(t, owner.md, 'POST', '/api/settings/mono/link', {
      code: await testCode(owner.md, 'kuda-2'),
      access_code: ACCESS_CODE,
    });
    const [account] = (await send(t, owner.md, 'GET', '/api/settings/linked-accounts')).json();
    expect((await send(t, stranger.md, 'GET', '/api/settings/linked-accounts')).json()).toEqual([]);
    const ownersCode = await testCode(owner.md, 'gtb-2');
    const borrowed = await send(t, stranger.md, 'POST', '/api/settings/mono/link', {
      code: ownersCode,
      access_code: ACCESS_CODE,
    });
    expect(borrowed.statusCode).toBe(400);
    expect((await send(t, stranger.md, 'GET', '/api/settings/linked-accounts')).json()).toEqual([]);
    const del = await send(t, stranger.md, 'DELETE', `/api/settings/linked-accounts/${account.account_id}`);
    expect(del.statusCode).toBe(404);
    expect(del.json().detail).toBe('Linked account not found');
    const credit = await send(t, stranger.md, 'POST', '/api/settings/mono/test-credits', {
      account_id: account.account_id,
      amount: 5000,
    });
    expect(credit.statusCode).toBe(404);
    const employee = (await createEmployee(t.app, owner.md, ['settings.page.access', 'settings.edit.access']))
      .session;
    expect((await send(t, employee, 'GET', '/api/settings/linked-accounts')).statusCode).toBe(403);
    expect(
      (await send(t, employee, 'DELETE', `/api/settings/linked-accounts/${account.account_id}`)).statusCode,
    ).toBe(403);
    expect((await send(t, owner.md, 'GET', '/api/settings/linked-accounts')).json()).toHaveLength(1);
  });

  it('sends a test transfer into a linked test account', async () => {
    const { md } = await proBusiness(t);
    await send(t, md, 'POST', '/api/settings/mono/link', {
      code: await testCode(md),
      access_code: ACCESS_CODE,
    });
    const [account] = (await send(t, md, 'GET', '/api/settings/linked-accounts')).json();
    const res = await send(t, md, 'POST', '/api/settings/mono/test-credits', {
      account_id: account.account_id,
      amount: 12500.5,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      msg: `Test transfer of ₦12,500.50 sent to GTBank (Test) ${account.account_number}`,
      amount: 12500.5,
    });
    const zero = await send(t, md, 'POST', '/api/settings/mono/test-credits', {
      account_id: account.account_id,
      amount: 0,
    });
    expect(zero.statusCode).toBe(422);
  });
});

describe('Bank & POS with MONO_SECRET_KEY: Mono’s API', () => {
  const SECRET = 'live_sk_for_the_loopback_mono';
  let t: TTestApp;
  let mono: Awaited<ReturnType<typeof startMonoServer>>;
  beforeAll(async () => {
    mono = await startMonoServer(SECRET);
    t = await createTestApp({
      config: { mono: { secretKey: SECRET, publicKey: 'live_pk_widget_key', baseUrl: mono.baseUrl } },
    });
    mono.addAccount({
      id: '66141b98aaa34e17e8cfdb76',
      name: 'CHIDI PROVISIONS',
      account_number: '0099887766',
      bank: 'Access Bank',
      bank_code: '044',
    });
  });
  afterAll(async () => {
    await t.close();
    await mono.close();
  });

  it('serves the public key, exchanges the widget’s code and stores Mono’s account details', async () => {
    const { md } = await proBusiness(t);
    expect((await send(t, md, 'GET', '/api/settings/mono/config')).json()).toEqual({
      mode: 'live',
      public_key: 'live_pk_widget_key',
    });
    expect((await send(t, md, 'GET', '/api/settings/mono/test-banks')).statusCode).toBe(404);
    const res = await send(t, md, 'POST', '/api/settings/mono/link', {
      code: mono.issueCode('66141b98aaa34e17e8cfdb76'),
      access_code: ACCESS_CODE,
    });
    expect(res.statusCode).toBe(200);
    expect((await send(t, md, 'GET', '/api/settings/linked-accounts')).json()).toEqual([
      expect.objectContaining({
        bank_name: 'Access Bank',
        account_name: 'CHIDI PROVISIONS',
        account_number: '0099887766',
        mono_account_id: '66141b98aaa34e17e8cfdb76',
      }),
    ]);
    expect(mono.requests.every((r) => r.key === SECRET)).toBe(true);
  });

  it('unlinks the account at Mono on disconnect; Mono down keeps it linked (502)', async () => {
    const { md } = await proBusiness(t);
    mono.addAccount({
      id: 'acc_to_unlink',
      name: 'TEMI FOODS',
      account_number: '0555666777',
      bank: 'Kuda',
      bank_code: '50211',
    });
    await send(t, md, 'POST', '/api/settings/mono/link', {
      code: mono.issueCode('acc_to_unlink'),
      access_code: ACCESS_CODE,
    });
    const [account] = (await send(t, md, 'GET', '/api/settings/linked-accounts')).json();
    mono.setFailing(true);
    const down = await send(t, md, 'DELETE', `/api/settings/linked-accounts/${account.account_id}`);
    mono.setFailing(false);
    expect(down.statusCode).toBe(502);
    expect((await send(t, md, 'GET', '/api/settings/linked-accounts')).json()).toHaveLength(1);
    const gone = await send(t, md, 'DELETE', `/api/settings/linked-accounts/${account.account_id}`);
    expect(gone.statusCode).toBe(200);
    expect(
      mono.requests.filter((r) => r.method === 'POST' && r.url === '/v2/accounts/acc_to_unlink/unlink'),
    ).toHaveLength(2);
    expect((await send(t, md, 'GET', '/api/settings/linked-accounts')).json()).toEqual([]);
  });

  it('answers an expired code with a clear 400 and stores nothing', async () => {
    const { md } = await proBusiness(t);
    const before = (await storedAccounts(t)).length;
    const res = await send(t, md, 'POST', '/api/settings/mono/link', {
      code: mono.issueCode('66141b98aaa34e17e8cfdb76', -1000),
      access_code: ACCESS_CODE,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'The bank connection code has expired or is not valid. Please connect your bank again.',
    );
    expect(await storedAccounts(t)).toHaveLength(before);
  });

  it('answers 502 when Mono fails, and stores nothing', async () => {
    const { md } = await proBusiness(t);
    const before = (await storedAccounts(t)).length;
    mono.setFailing(true);
    const res = await send(t, md, 'POST', '/api/settings/mono/link', {
      code: mono.issueCode('66141b98aaa34e17e8cfdb76'),
      access_code: ACCESS_CODE,
    });
    mono.setFailing(false);
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toBe(
      'The bank connection service did not answer. Please try again in a few minutes.',
    );
    expect(await storedAccounts(t)).toHaveLength(before);
  });
});
