import { formatNaira, nairaToKobo } from '@app/domain/money/money';
import type {
  TLinkedAccount,
  TMonoConfig,
  TMonoLinkRequest,
  TMonoLinked,
  TTestBank,
  TTestCredit,
  TTestCreditRequest,
} from '@app/domain/schemas/bank';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { TAccessCodes } from '../../platform/tenancy/access-code.ts';
import { requirePlanFeature } from '../../platform/tenancy/plan-features.ts';
import { MonoError, type TMonoClient } from './mono-client.ts';
import type { TMonoSandbox } from './mono-sandbox.ts';
import { createLinkedAccountsRepository } from './linked-accounts.repository.ts';

export const ACCOUNT_NOT_FOUND = 'Linked account not found';
const CODE_REFUSED = 'The bank connection code has expired or is not valid. Please connect your bank again.';
const MONO_UNAVAILABLE = 'The bank connection service did not answer. Please try again in a few minutes.';
const TEST_MODE_ONLY = 'Test banks are only available when Mono is not configured (test mode)';

/** What a failed Mono call means to the person linking: their code was refused, or Mono is down. */
export function monoRefusal(error: unknown, refused: string): never {
  if (error instanceof MonoError) {
    if (error.status >= 400 && error.status < 500) throw new AppError('bad_request', refused);
    throw new AppError('bad_gateway', MONO_UNAVAILABLE);
  }
  throw error;
}

/** Settings → Bank & POS: bank accounts linked through Mono (or the embedded test widget). */
export function createLinkedAccountsService(deps: {
  db: Database;
  mono: TMonoClient;
  /** The embedded stand-in, when no MONO_SECRET_KEY is set. */
  sandbox: TMonoSandbox | null;
  publicKey: string | null;
  accessCodes: TAccessCodes;
}) {
  const repo = createLinkedAccountsRepository(deps.db);

  function requireSandbox(): TMonoSandbox {
    if (!deps.sandbox) throw notFound(TEST_MODE_ONLY);
    return deps.sandbox;
  }

  const list = (actor: TActor): Promise<TLinkedAccount[]> => repo.list(actor.tenantId);

  async function link(actor: TActor, input: TMonoLinkRequest): Promise<TMonoLinked> {
    await requirePlanFeature(deps.db, actor.tenantId, 'bank_linking');
    await deps.accessCodes.verify(actor.tenantId, input.access_code);
    const details = await deps.mono
      .exchangeCode(input.code)
      .then((accountId) => deps.mono.account(accountId))
      .catch((error: unknown) => monoRefusal(error, CODE_REFUSED));
    if (deps.sandbox && !deps.sandbox.belongsTo(details.id, actor.tenantId))
      throw new AppError('bad_request', CODE_REFUSED);
    return deps.db.transaction(async (tx) => {
      const { account, relinked } = await createLinkedAccountsRepository(tx).upsert({
        tenantId: actor.tenantId,
        providerAccountId: details.id,
        bankName: details.bankName,
        accountName: details.name,
        accountNumber: details.accountNumber,
        currency: details.currency,
        userId: actor.userId,
      });
      await writeAudit(tx, actor, {
        kind: 'linked_account.linked',
        recordType: 'linked_account',
        recordId: account.account_id,
        after: { ...account, relinked },
      });
      return {
        msg: relinked ? 'Account details refreshed: it was already linked' : 'Account linked successfully',
        account,
      };
    });
  }

  /**
   * Mono is told first (unless another linked account is the same Mono account): when it cannot be reached
   * nothing changes (502, try again); when it refuses (already unlinked, key revoked) the account still goes.
   */
  async function remove(actor: TActor, accountId: number) {
    const account = await repo.find(actor.tenantId, accountId);
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    if (!(await repo.sharedElsewhere(account.mono_account_id, accountId))) {
      await deps.mono.unlink(account.mono_account_id).catch((error: unknown) => {
        if (!(error instanceof MonoError && error.status >= 400 && error.status < 500))
          monoRefusal(error, MONO_UNAVAILABLE);
      });
    }
    await deps.db.transaction(async (tx) => {
      const before = await createLinkedAccountsRepository(tx).remove(actor.tenantId, accountId);
      if (!before) throw notFound(ACCOUNT_NOT_FOUND);
      await writeAudit(tx, actor, {
        kind: 'linked_account.disconnected',
        recordType: 'linked_account',
        recordId: accountId,
        before,
      });
    });
    return { msg: 'Account disconnected' };
  }

  function config(): TMonoConfig {
    return deps.sandbox ? { mode: 'test', public_key: null } : { mode: 'live', public_key: deps.publicKey };
  }

  function testBanks(actor: TActor): TTestBank[] {
    return requireSandbox().banks(actor.tenantId, actor.tenantName);
  }

  function testCode(actor: TActor, testAccountKey: string): { code: string } {
    const code = requireSandbox().issueCode(actor.tenantId, testAccountKey);
    if (!code) throw notFound('Test account not found');
    return { code };
  }

  /** "Send a test transfer": a credit into one of the business's linked test accounts, dated now. */
  async function testCredit(actor: TActor, input: TTestCreditRequest): Promise<TTestCredit> {
    const sandbox = requireSandbox();
    const account = await repo.find(actor.tenantId, input.account_id);
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    if (!sandbox.isTestAccount(account.mono_account_id))
      throw new AppError('bad_request', 'Test transfers go to test accounts only');
    const amountKobo = nairaToKobo(input.amount);
    const narration =
      input.narration ?? `TEST TRANSFER ${formatNaira(amountKobo)} TO ${account.account_name}`;
    const credit = await sandbox.addCredit(deps.db, {
      accountId: account.mono_account_id,
      amountKobo,
      narration,
    });
    return {
      msg: `Test transfer of ${formatNaira(amountKobo)} sent to ${account.bank_name} ${account.account_number}`,
      credit_id: credit.id,
      amount: input.amount,
      narration,
      date: credit.date.toISOString(),
    };
  }

  return { list, link, remove, config, testBanks, testCode, testCredit };
}

export type TLinkedAccountsService = ReturnType<typeof createLinkedAccountsService>;
