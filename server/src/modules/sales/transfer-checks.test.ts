import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxBankCredits, transferChecks } from '../../platform/db/schema/index.ts';
import { saleRequest, salesApi, today } from '../../test/sales-fixtures.ts';
import { startMonoServer } from '../../test/mono-server.ts';
import {
  call,
  createEmployee,
  createStockFixture,
  createTestApp,
  makePro,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { createMonoClient, type TMonoClient } from '../settings/mono-client.ts';
import { createMonoSandbox } from '../settings/mono-sandbox.ts';
import { createTransferChecksService, transferWindow } from './transfer-checks.service.ts';

const ACCESS_CODE = '271828';
let t: TTestApp;
const api = salesApi(() => t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A pro shop with stock and a linked test bank account. */
async function shopWithBank() {
  const shop = await api.proShop(100, 1000);
  await call(t.app, shop.md, {
    method: 'PUT',
    url: '/api/settings/access-code',
    payload: { code: ACCESS_CODE },
  });
  const code = (
    await api.post(shop.md, '/api/settings/mono/test-code', { test_account_key: 'access-1' })
  ).json().code;
  const linked = await api.post(shop.md, '/api/settings/mono/link', { code, access_code: ACCESS_CODE });
  expect(linked.statusCode).toBe(200);
  return { ...shop, account: linked.json().account as { account_id: number; mono_account_id: string } };
}

/** A sale of `quantity` × ₦`price` (no VAT) paid in full by transfer. */
async function transferSale(shop: Awaited<ReturnType<typeof shopWithBank>>, price: number, overrides = {}) {
  const res = await api.post(
    shop.md,
    '/api/sales/batch',
    saleRequest(shop, {
      items: [{ item_id: shop.itemId, quantity: 1, unit_price: price, warehouse_name: shop.warehouse }],
      apply_vat: false,
      payment_method: 'transfer',
      ...overrides,
    }),
  );
  expect(res.statusCode).toBe(201);
  return res.json().sale_id as number;
}

const testTransfer = async (shop: Awaited<ReturnType<typeof shopWithBank>>, amount: number) => {
  const res = await api.post(shop.md, '/api/settings/mono/test-credits', {
    account_id: shop.account.account_id,
    amount,
  });
  expect(res.statusCode).toBe(201);
  return res.json().credit_id as string;
};

const check = (session: TSession, payload: object) =>
  api.post(session, '/api/sales/transfer-checks', payload);

describe('Has this transfer arrived?', () => {
  it('verifies a sale paid by transfer when a credit of exactly its amount arrived, and the list shows it', async () => {
    const shop = await shopWithBank();
    const saleId = await transferSale(shop, 4750.25);
    const listed = (await api.get(shop.md, '/api/sales')).json();
    expect(listed[0].transfer_check).toEqual({ status: 'unchecked', checked_at: null });
    const creditId = await testTransfer(shop, 4750.25);
    const res = await check(shop.md, { sale_id: saleId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sale_id: saleId,
      message: 'Transfer received: ₦4,750.25 arrived in the linked bank account',
      transfer_check: { status: 'verified' },
      checks: [
        {
          target_type: 'sale',
          target_id: saleId,
          amount: 4750.25,
          status: 'verified',
          credit: { id: creditId },
        },
      ],
    });
    const [row] = (await api.get(shop.md, '/api/sales')).json();
    expect(row.transfer_check).toMatchObject({ status: 'verified', checked_at: expect.any(String) });
    const [stored] = await t.database.db
      .select()
      .from(transferChecks)
      .where(eq(transferChecks.targetId, saleId));
    expect(stored).toMatchObject({ status: 'verified', creditId, amountKobo: 475_025 });
  });

  it('does not take a credit of another amount, or one outside the window', async () => {
    const shop = await shopWithBank();
    const saleId = await transferSale(shop, 3000);
    await testTransfer(shop, 2999.99);
    await t.database.db.insert(sandboxBankCredits).values({
      providerAccountId: shop.account.mono_account_id,
      amountKobo: 300_000,
      narration: 'TOO EARLY',
      occurredAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const res = await check(shop.md, { sale_id: saleId });
    expect(res.json()).toMatchObject({
      message: 'No transfer of ₦3,000.00 has arrived yet',
      transfer_check: { status: 'not_found' },
      checks: [{ status: 'not_found', credit: null }],
    });
    const pending = (await api.get(shop.md, '/api/sales')).json();
    expect(pending[0].transfer_check.status).toBe('not_found');
    await testTransfer(shop, 3000);
    expect((await check(shop.md, { sale_id: saleId })).json().transfer_check.status).toBe('verified');
  });

  it('never lets one credit verify two payments: the second is matched elsewhere', async () => {
    const shop = await shopWithBank();
    const first = await transferSale(shop, 1500);
    const second = await transferSale(shop, 1500);
    const creditId = await testTransfer(shop, 1500);
    expect((await check(shop.md, { sale_id: first })).json().transfer_check.status).toBe('verified');
    const res = await check(shop.md, { sale_id: second });
    expect(res.json()).toMatchObject({
      message: 'A credit of ₦1,500.00 arrived, but it already verified another payment',
      transfer_check: { status: 'matched_elsewhere' },
      checks: [{ status: 'matched_elsewhere', credit: { id: creditId } }],
    });
    expect((await check(shop.md, { sale_id: first })).json().transfer_check.status).toBe('verified');
  });

  it('gives one credit to one payment when two checks run at once', async () => {
    const shop = await shopWithBank();
    const sales = [await transferSale(shop, 2200), await transferSale(shop, 2200)];
    await testTransfer(shop, 2200);
    const answers = await Promise.all(sales.map((saleId) => check(shop.md, { sale_id: saleId })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().transfer_check.status).sort()).toEqual([
      'matched_elsewhere',
      'verified',
    ]);
    const verified = await t.database.db
      .select()
      .from(transferChecks)
      .where(eq(transferChecks.status, 'verified'));
    expect(verified.filter((row) => sales.includes(row.targetId))).toHaveLength(1);
  });

  it('answers matched elsewhere when two checks read the credit as free and both try to take it', async () => {
    const shop = await shopWithBank();
    const sales = [await transferSale(shop, 3300), await transferSale(shop, 3300)];
    await testTransfer(shop, 3300);
    const me = (await api.get(shop.md, '/api/users/me')).json();
    const actor: TActor = {
      userId: me.user_id,
      tenantId: me.tenant_id,
      role: 'md',
      username: me.username,
      email: 'md@example.com',
      tenantName: me.username,
      sessionId: 'test',
      permissions: [],
      permissionCodes: [],
    };
    // Both checks read the bank before either keeps an answer: the unique index alone decides.
    const sandbox = createMonoSandbox({ db: t.database.db, secret: t.config.jwtSecret });
    const bank = createMonoClient(sandbox.transport);
    let waiting: (() => void)[] = [];
    const bothRead = () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) {
          waiting.forEach((release) => release());
          waiting = [];
        }
      });
    const mono: TMonoClient = {
      ...bank,
      credits: async (accountId, range) => {
        const credits = await bank.credits(accountId, range);
        await bothRead();
        return credits;
      },
    };
    const service = createTransferChecksService({ db: t.database.db, mono });
    const answers = await Promise.all(sales.map((saleId) => service.check(actor, { sale_id: saleId })));
    expect(answers.map((a) => a.transfer_check.status).sort()).toEqual(['matched_elsewhere', 'verified']);
  });

  it('checks a later payment by transfer on its own, and the Pending tab shows the sale’s state', async () => {
    const shop = await shopWithBank();
    const saleId = await transferSale(shop, 5000, {
      payment_method: 'none',
      payment_status: 'credit',
      due_date: today,
    });
    const paid = await api.post(shop.md, `/api/sales/${saleId}/payments`, {
      amount: 1200,
      payment_method: 'transfer',
      payment_date: today,
    });
    expect(paid.statusCode).toBe(201);
    const [pendingBefore] = (await api.get(shop.md, '/api/sales/pending')).json();
    expect(pendingBefore.transfer_check).toEqual({ status: 'unchecked', checked_at: null });
    await testTransfer(shop, 1200);
    const res = await check(shop.md, { sale_id: saleId });
    expect(res.json()).toMatchObject({
      transfer_check: { status: 'verified' },
      checks: [{ target_type: 'payment', amount: 1200, status: 'verified' }],
    });
    const laterId = res.json().checks[0].target_id as number;
    expect((await check(shop.md, { payment_id: laterId })).json().checks).toHaveLength(1);
    const [pendingAfter] = (await api.get(shop.md, '/api/sales/pending')).json();
    expect(pendingAfter.transfer_check.status).toBe('verified');
  });

  it('refuses what cannot be checked: no transfer, no linked bank, the free plan, another business’s sale', async () => {
    const shop = await shopWithBank();
    const cashSale = await transferSale(shop, 800, { payment_method: 'cash' });
    const cash = await check(shop.md, { sale_id: cashSale });
    expect(cash.statusCode).toBe(400);
    expect(cash.json().detail).toBe('This sale has no payment by transfer to check');
    expect((await api.get(shop.md, '/api/sales')).json()[0].transfer_check).toBeNull();

    const stranger = await shopWithBank();
    expect((await check(stranger.md, { sale_id: cashSale })).statusCode).toBe(404);
    expect((await check(stranger.md, { payment_id: 2_000_000_000 })).statusCode).toBe(404);

    const noBank = await api.proShop();
    const noBankSale = await api.post(
      noBank.md,
      '/api/sales/batch',
      saleRequest(noBank, { payment_method: 'transfer' }),
    );
    const unlinked = await check(noBank.md, { sale_id: noBankSale.json().sale_id });
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json().detail).toBe(
      'No bank account is linked. The MD can link one under Settings → Bank & POS.',
    );

    const { md: freeMd } = await registerBusiness(t.app);
    const free = await check(freeMd, { sale_id: 1 });
    expect(free.statusCode).toBe(403);
    expect(free.json().detail).toBe('Bank and POS linking is a Pro feature. Upgrade to Pro to use it.');

    expect((await check(shop.md, {})).statusCode).toBe(422);
    expect((await check(shop.md, { sale_id: 1, payment_id: 1 })).statusCode).toBe(422);
  });

  it('is asked by whoever may open the sales screen', async () => {
    const shop = await shopWithBank();
    const saleId = await transferSale(shop, 900);
    await testTransfer(shop, 900);
    const clerk = await createEmployee(t.app, shop.md, ['sales.page.access']);
    await api.post(shop.md, `/api/settings/employee-warehouses/${clerk.employeeId}`, [
      { warehouse_id: shop.warehouseId, can_access: true },
    ]);
    const stranger = (await createEmployee(t.app, shop.md, ['inventory.page.access'])).session;
    expect((await check(stranger, { sale_id: saleId })).statusCode).toBe(403);
    expect((await check(clerk.session, { sale_id: saleId })).json().transfer_check.status).toBe('verified');
  });
});

describe('the transfer window', () => {
  it('runs from the start of the day before the payment’s date to 48 hours after it was recorded', () => {
    const recordedAt = new Date('2026-05-10T09:30:00Z');
    expect(transferWindow({ recordedAt, businessDate: '2026-05-10' })).toEqual({
      from: new Date('2026-05-08T23:00:00Z'),
      to: new Date('2026-05-12T09:30:00Z'),
    });
    expect(transferWindow({ recordedAt, businessDate: '2026-05-01' }).from).toEqual(
      new Date('2026-04-29T23:00:00Z'),
    );
  });
});

describe('transfer checks through Mono’s API (MONO_SECRET_KEY set)', () => {
  const SECRET = 'live_sk_transfer_checks';
  let live: TTestApp;
  let mono: Awaited<ReturnType<typeof startMonoServer>>;
  beforeAll(async () => {
    mono = await startMonoServer(SECRET);
    live = await createTestApp({
      config: { mono: { secretKey: SECRET, publicKey: undefined, baseUrl: mono.baseUrl } },
    });
  });
  afterAll(async () => {
    await live.close();
    await mono.close();
  });

  it('finds the credit among the account’s transactions, page after page', async () => {
    const { md } = await registerBusiness(live.app);
    await makePro(live, md);
    const stock = await createStockFixture(live.app, md, { quantity: 10 });
    await call(live.app, md, {
      method: 'PUT',
      url: '/api/settings/access-code',
      payload: { code: ACCESS_CODE },
    });
    mono.addAccount({
      id: 'mono_acc_1',
      name: 'OBI STORES',
      account_number: '0011223344',
      bank: 'GTBank',
      bank_code: '058',
    });
    const linked = await call(live.app, md, {
      method: 'POST',
      url: '/api/settings/mono/link',
      payload: { code: mono.issueCode('mono_acc_1'), access_code: ACCESS_CODE },
    });
    expect(linked.statusCode).toBe(200);
    const sale = await call(live.app, md, {
      method: 'POST',
      url: '/api/sales/batch',
      payload: saleRequest(stock, {
        items: [{ item_id: stock.itemId, quantity: 1, unit_price: 6100, warehouse_name: stock.warehouse }],
        apply_vat: false,
        payment_method: 'transfer',
      }),
    });
    const now = Date.now();
    for (let i = 0; i < 150; i += 1) {
      mono.addTransaction('mono_acc_1', {
        id: `noise_${i}`,
        amount: 100_000 + i,
        type: 'credit',
        narration: 'NIP/OTHER',
        date: new Date(now - i * 60_000).toISOString(),
      });
    }
    mono.addTransaction('mono_acc_1', {
      id: 'the_credit',
      amount: 610_000,
      type: 'credit',
      narration: 'NIP/FCMB/ADA OBI/TRANSFER',
      date: new Date(now - 200 * 60_000).toISOString(),
    });
    const res = await call(live.app, md, {
      method: 'POST',
      url: '/api/sales/transfer-checks',
      payload: { sale_id: sale.json().sale_id },
    });
    expect(res.json()).toMatchObject({
      transfer_check: { status: 'verified' },
      checks: [{ status: 'verified', credit: { id: 'the_credit', narration: 'NIP/FCMB/ADA OBI/TRANSFER' } }],
    });
    const pages = mono.requests.filter((r) => r.url.startsWith('/v2/accounts/mono_acc_1/transactions'));
    expect(pages.length).toBeGreaterThan(1);
  });
});
