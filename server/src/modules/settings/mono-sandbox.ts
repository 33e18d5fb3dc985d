/**
 * The embedded Mono stand-in (no MONO_SECRET_KEY): test banks and accounts of our own, offered by the test
 * widget, answering Mono's routes (mono-client.ts) in Mono's shapes from its own data. Codes are signed with
 * the server's secret and live 10 minutes, as Mono's do; a test account belongs to one business (its id
 * carries the business), and its credits are rows of `sandbox_bank_credits` that "Send a test transfer" adds.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TTestBank } from '@app/domain/schemas/bank';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { sandboxBankCredits, tenants } from '../../platform/db/schema/index.ts';
import type { TMonoRequest, TMonoResponse, TMonoTransport } from './mono-client.ts';

const CODE_TTL_MS = 10 * 60_000;
const TEST_BANKS = [
  { key: 'gtb', name: 'GTBank (Test)', code: '058', digit: '1' },
  { key: 'access', name: 'Access Bank (Test)', code: '044', digit: '2' },
  { key: 'kuda', name: 'Kuda (Test)', code: '50211', digit: '3' },
] as const;
const TEST_ACCOUNT_TYPES = [
  { n: 1, label: 'Current' },
  { n: 2, label: 'Savings' },
] as const;

/** `sbx_<business>_<bank>_<n>`: Mono's account id of a test account. */
const ACCOUNT_ID = /^sbx_(\d{1,10})_([a-z]+)_(\d)$/;
const CREDIT_ID_PREFIX = 'sbxcredit_';

function testAccount(tenantId: number, testAccountKey: string) {
  const [bankKey, n] = testAccountKey.split('-');
  const bank = TEST_BANKS.find((b) => b.key === bankKey);
  const type = TEST_ACCOUNT_TYPES.find((t) => String(t.n) === n);
  if (!bank || !type) return null;
  return {
    id: `sbx_${tenantId}_${bank.key}_${type.n}`,
    bank,
    type,
    accountNumber: `${bank.digit}${type.n}${String(tenantId).padStart(8, '0').slice(-8)}`,
  };
}

const ok = (message: string, data: unknown, extra: object = {}): TMonoResponse => ({
  status: 200,
  body: { status: 'successful', message, timestamp: new Date().toISOString(), data, ...extra },
});
const failed = (status: number, message: string): TMonoResponse => ({
  status,
  body: { status: 'failed', message, timestamp: new Date().toISOString(), data: null },
});

/** dd-mm-yyyy → the instant that day starts (UTC), or null. */
function fromMonoDate(text: string | undefined, endOfDay: boolean): Date | null {
  const match = text?.match(/^(\d{2})-(\d{2})-(\d{4})$/);
  if (!match) return null;
  const start = Date.parse(`${match[3]}-${match[2]}-${match[1]}T00:00:00Z`);
  return Number.isNaN(start) ? null : new Date(start + (endOfDay ? 86_400_000 - 1 : 0));
}

export function createMonoSandbox(deps: { db: Executor; secret: string }) {
  const sign = (payload: string) =>
    createHmac('sha256', `mono-sandbox:${deps.secret}`).update(payload).digest('base64url');

  function accountIdOfCode(code: string): string | null {
    const [payload, signature] = code.replace(/^test_code_/, '').split('.');
    if (!payload || !signature) return null;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      account: string;
      expires: number;
    };
    return parsed.expires > Date.now() ? parsed.account : null;
  }

  async function accountDetails(accountId: string): Promise<TMonoResponse> {
    const match = accountId.match(ACCOUNT_ID);
    const tenantId = match ? Number(match[1]) : NaN;
    const account = match ? testAccount(tenantId, `${match[2]}-${match[3]}`) : null;
    const [tenant] = account
      ? await deps.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId))
      : [];
    if (!account || !tenant) return failed(404, 'Account not found');
    return ok('Request was succesfully completed', {
      account: {
        id: account.id,
        name: `${tenant.name} (${account.type.label})`,
        currency: 'NGN',
        type: `${account.type.label} Account`,
        account_number: account.accountNumber,
        balance: 0,
        bvn: '0000',
        institution: { name: account.bank.name, bank_code: account.bank.code, type: 'BUSINESS_BANKING' },
      },
      customer: { id: `sbx_customer_${tenantId}` },
      meta: { data_status: 'AVAILABLE', auth_method: 'internet_banking', retrieved_data: ['transactions'] },
    });
  }

  async function transactions(accountId: string, query: Record<string, string>): Promise<TMonoResponse> {
    if (!ACCOUNT_ID.test(accountId)) return failed(404, 'Account not found');
    const start = fromMonoDate(query.start, false);
    const end = fromMonoDate(query.end, true);
    const limit = Math.min(Math.max(Number(query.limit) || 20, 1), 100);
    const page = Math.max(Number(query.page) || 1, 1);
    const rows =
      query.type === 'debit'
        ? []
        : await deps.db
            .select()
            .from(sandboxBankCredits)
            .where(
              and(
                eq(sandboxBankCredits.providerAccountId, accountId),
                start ? gte(sandboxBankCredits.occurredAt, start) : undefined,
                end ? lte(sandboxBankCredits.occurredAt, end) : undefined,
              ),
            )
            .orderBy(asc(sandboxBankCredits.occurredAt), asc(sandboxBankCredits.id));
    const pageRows = rows.slice((page - 1) * limit, page * limit);
    const next = page * limit < rows.length ? page + 1 : null;
    return ok(
      'Transaction retrieved successfully',
      pageRows.map((row) => ({
        id: `${CREDIT_ID_PREFIX}${row.id}`,
        narration: row.narration,
        amount: row.amountKobo,
        type: 'credit',
        balance: 0,
        date: row.occurredAt.toISOString(),
        category: 'transfer',
      })),
      {
        meta: {
          total: rows.length,
          page,
          previous: page > 1 ? `/v2/accounts/${accountId}/transactions?page=${page - 1}` : null,
          next: next ? `/v2/accounts/${accountId}/transactions?page=${next}` : null,
        },
      },
    );
  }

  const transport: TMonoTransport = async (request: TMonoRequest) => {
    if (request.method === 'POST' && request.path === '/v2/accounts/auth') {
      const code = (request.body as { code?: unknown } | undefined)?.code;
      const accountId = typeof code === 'string' ? accountIdOfCode(code) : null;
      return accountId
        ? ok('Request was succesfully completed', { id: accountId })
        : failed(400, 'Invalid or expired code');
    }
    const unlink = request.path.match(/^\/v2\/accounts\/([^/]+)\/unlink$/);
    if (request.method === 'POST' && unlink) {
      return ACCOUNT_ID.test(decodeURIComponent(unlink[1]!))
        ? ok('Account unlinked successfully', null)
        : failed(404, 'Account not found');
    }
    const path = request.path.match(/^\/v2\/accounts\/([^/]+)(\/transactions)?$/);
    if (request.method === 'GET' && path) {
      const accountId = decodeURIComponent(path[1]!);
      return path[2] ? transactions(accountId, request.query ?? {}) : accountDetails(accountId);
    }
    return failed(404, 'Not found');
  };

  return {
    transport,

    /** The banks and accounts the test widget offers this business. */
    banks(tenantId: number, businessName: string): TTestBank[] {
      return TEST_BANKS.map((bank) => ({
        bank_key: bank.key,
        bank_name: bank.name,
        accounts: TEST_ACCOUNT_TYPES.map((type) => ({
          test_account_key: `${bank.key}-${type.n}`,
          account_name: `${businessName} (${type.label})`,
          account_number: testAccount(tenantId, `${bank.key}-${type.n}`)!.accountNumber,
        })),
      }));
    },

    /** What the test widget hands back, as Mono Connect's onSuccess does: a code for one account. */
    issueCode(tenantId: number, testAccountKey: string): string | null {
      const account = testAccount(tenantId, testAccountKey);
      if (!account) return null;
      const payload = Buffer.from(
        JSON.stringify({
          account: account.id,
          expires: Date.now() + CODE_TTL_MS,
          nonce: randomBytes(6).toString('hex'),
        }),
      ).toString('base64url');
      return `test_code_${payload}.${sign(payload)}`;
    },

    /** A test credit into a test account, dated now. */
    async addCredit(db: Executor, credit: { accountId: string; amountKobo: number; narration: string }) {
      const [row] = await db
        .insert(sandboxBankCredits)
        .values({
          providerAccountId: credit.accountId,
          amountKobo: credit.amountKobo,
          narration: credit.narration,
          occurredAt: new Date(),
        })
        .returning();
      return { id: `${CREDIT_ID_PREFIX}${row!.id}`, date: row!.occurredAt };
    },

    isTestAccount: (accountId: string) => ACCOUNT_ID.test(accountId),

    /** Whether a test account is this business's (a code handed to one business links nothing for another). */
    belongsTo: (accountId: string, tenantId: number) => accountId.match(ACCOUNT_ID)?.[1] === String(tenantId),
  };
}

export type TMonoSandbox = ReturnType<typeof createMonoSandbox>;
