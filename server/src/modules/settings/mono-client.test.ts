import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMonoServer } from '../../test/mono-server.ts';
import { createMonoClient, MonoError, monoHttpTransport } from './mono-client.ts';

const SECRET = 'test_sk_mono_client_secret';
let mono: Awaited<ReturnType<typeof startMonoServer>>;
let client: ReturnType<typeof createMonoClient>;

beforeAll(async () => {
  mono = await startMonoServer(SECRET);
  client = createMonoClient(monoHttpTransport({ secretKey: SECRET, baseUrl: mono.baseUrl }));
  mono.addAccount({
    id: '65c4c03aa66a95b572cb5a86',
    name: 'ADA STORES LTD',
    account_number: '0123456789',
    bank: 'GTBank',
    bank_code: '058',
  });
});
afterAll(() => mono.close());

describe('the Mono client against Mono’s documented API', () => {
  it('exchanges the Connect code for the account id, with the secret key, once', async () => {
    const code = mono.issueCode('65c4c03aa66a95b572cb5a86');
    expect(await client.exchangeCode(code)).toBe('65c4c03aa66a95b572cb5a86');
    const sent = mono.requests.at(-1)!;
    expect(sent).toEqual({ method: 'POST', url: '/v2/accounts/auth', key: SECRET });
    await expect(client.exchangeCode(code)).rejects.toMatchObject({ status: 400 });
  });

  it('refuses an expired or unknown code with Mono’s 4xx', async () => {
    const expired = mono.issueCode('65c4c03aa66a95b572cb5a86', -1);
    const error = await client.exchangeCode(expired).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MonoError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid or expired code' });
    await expect(client.exchangeCode('code_never_issued')).rejects.toMatchObject({ status: 400 });
  });

  it('reads the account’s details', async () => {
    expect(await client.account('65c4c03aa66a95b572cb5a86')).toEqual({
      id: '65c4c03aa66a95b572cb5a86',
      name: 'ADA STORES LTD',
      accountNumber: '0123456789',
      currency: 'NGN',
      bankName: 'GTBank',
      bankCode: '058',
    });
    await expect(client.account('unknown')).rejects.toMatchObject({ status: 404 });
  });

  it('reads every page of credits in the range, and only credits', async () => {
    mono.addAccount({
      id: 'acc_paged',
      name: 'PAGED',
      account_number: '2222222222',
      bank: 'Kuda',
      bank_code: '50211',
    });
    const from = new Date('2026-03-10T00:00:00Z');
    for (let i = 0; i < 230; i += 1) {
      mono.addTransaction('acc_paged', {
        id: `credit_${i}`,
        amount: 100_000 + i,
        type: 'credit',
        narration: `NIP/TRANSFER ${i}`,
        date: new Date(from.getTime() + i * 60_000).toISOString(),
      });
    }
    mono.addTransaction('acc_paged', {
      id: 'debit_1',
      amount: 100_005,
      type: 'debit',
      narration: 'POS',
      date: new Date(from.getTime() + 5 * 60_000).toISOString(),
    });
    mono.addTransaction('acc_paged', {
      id: 'credit_outside',
      amount: 100_000,
      type: 'credit',
      narration: 'earlier',
      date: '2026-03-01T10:00:00Z',
    });
    const before = mono.requests.length;
    const credits = await client.credits('acc_paged', { from, to: new Date('2026-03-11T23:00:00Z') });
    expect(credits).toHaveLength(230);
    expect(new Set(credits.map((c) => c.id)).size).toBe(230);
    expect(credits.find((c) => c.id === 'credit_7')).toEqual({
      id: 'credit_7',
      amountKobo: 100_007,
      narration: 'NIP/TRANSFER 7',
      date: new Date(from.getTime() + 7 * 60_000),
    });
    const asked = mono.requests.slice(before).map((r) => new URL(r.url, 'http://x'));
    expect(asked).toHaveLength(3);
    expect(asked.map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);
    expect(asked[0]!.pathname).toBe('/v2/accounts/acc_paged/transactions');
    expect(Object.fromEntries(asked[0]!.searchParams)).toMatchObject({
      type: 'credit',
      start: '10-03-2026',
      end: '11-03-2026',
      paginate: 'true',
    });
  });

  it('says why when the key is wrong or Mono cannot be reached', async () => {
    const wrongKey = createMonoClient(
      monoHttpTransport({ secretKey: 'wrong_key_123', baseUrl: mono.baseUrl }),
    );
    await expect(wrongKey.account('65c4c03aa66a95b572cb5a86')).rejects.toMatchObject({ status: 401 });
    mono.setFailing(true);
    await expect(client.account('65c4c03aa66a95b572cb5a86')).rejects.toMatchObject({ status: 503 });
    mono.setFailing(false);
    const down = createMonoClient(monoHttpTransport({ secretKey: SECRET, baseUrl: 'http://127.0.0.1:1' }));
    await expect(down.exchangeCode('code_x')).rejects.toMatchObject({ status: 0 });
  });
});
