/**
 * "Has this transfer arrived?": a payment recorded as a bank transfer (a sale's first payment, or a later
 * payment) is looked for among the credits of the business's linked accounts (Mono, or the test stand-in).
 * The rule (docs/decisions.md): a credit of exactly the payment's amount in kobo, dated within its window
 * (from the start of the day before its business date to 48 hours after it was recorded), that verified no
 * other payment; the closest in time wins. One credit verifies one payment: the partial unique index on
 * `transfer_checks` refuses a second, so of two checks at once one is verified and the other matched elsewhere.
 */
import { businessDayStart } from '@app/domain/dates/business-date';
import { formatNaira, koboToNaira } from '@app/domain/money/money';
import {
  saleTransferState,
  type TTransferCheck,
  type TTransferCheckRequest,
  type TTransferCheckResult,
  type TTransferCheckState,
} from '@app/domain/schemas/bank';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { requirePlanFeature } from '../../platform/tenancy/plan-features.ts';
import { createLinkedAccountsRepository, monoRefusal, type TMonoClient } from '../settings/index.ts';
import { salesScope } from './sale-recording.ts';
import { createTransferChecksRepository, type TTransferTarget } from './transfer-checks.repository.ts';

const HOUR_MS = 3_600_000;
/** How long after a payment was recorded its credit may still arrive (slow interbank transfers). */
const AFTER_RECORDED_MS = 48 * HOUR_MS;
export const NO_LINKED_ACCOUNT =
  'No bank account is linked. The MD can link one under Settings → Bank & POS.';
const BANK_UNREADABLE = 'Could not read the linked bank account’s transactions. Please try again.';

/** Where a payment's credit may be dated: from the start of the day before its business date to 48 h after it was recorded. */
export function transferWindow(target: { recordedAt: Date; businessDate: string }): { from: Date; to: Date } {
  const dayBefore = businessDayStart(target.businessDate, -1);
  const recordedDayBefore = new Date(target.recordedAt.getTime() - 24 * HOUR_MS);
  return {
    from: dayBefore < recordedDayBefore ? dayBefore : recordedDayBefore,
    to: new Date(target.recordedAt.getTime() + AFTER_RECORDED_MS),
  };
}

type TCredit = {
  id: string;
  amountKobo: number;
  narration: string | null;
  date: Date;
  linkedAccountId: number;
};

function checkView(target: TTransferTarget): TTransferCheck {
  return {
    target_type: target.targetType,
    target_id: target.targetId,
    amount: koboToNaira(target.amountKobo),
    status: target.status,
    checked_at: target.checkedAt?.toISOString() ?? null,
    credit: target.creditId
      ? {
          id: target.creditId,
          date: target.creditAt?.toISOString() ?? null,
          narration: target.creditNarration,
        }
      : null,
  };
}

function messageOf(state: TTransferCheckState, targets: TTransferTarget[]): string {
  const amount = formatNaira((targets.find((t) => t.status === state) ?? targets[0]!).amountKobo);
  switch (state) {
    case 'verified':
      return `Transfer received: ${amount} arrived in the linked bank account`;
    case 'matched_elsewhere':
      return `A credit of ${amount} arrived, but it already verified another payment`;
    default:
      return `No transfer of ${amount} has arrived yet`;
  }
}

export function createTransferChecksService(deps: { db: Database; mono: TMonoClient }) {
  const { db } = deps;

  /** Looks for the credit of one payment among `credits`, and keeps the answer with its audit entry. */
  async function settle(actor: TActor, target: TTransferTarget, credits: readonly TCredit[]) {
    const { from, to } = transferWindow(target);
    const distance = (credit: TCredit) => Math.abs(credit.date.getTime() - target.recordedAt.getTime());
    const candidates = credits
      .filter((c) => c.amountKobo === target.amountKobo && c.date >= from && c.date <= to)
      .sort((a, b) => distance(a) - distance(b));
    const taken = await createTransferChecksRepository(db).creditsTaken(
      actor.tenantId,
      candidates.map((c) => c.id),
      target,
    );
    const keep = (status: Exclude<TTransferCheckState, 'unchecked'>, credit: TCredit | null) =>
      db.transaction(async (tx) => {
        await createTransferChecksRepository(tx).save({
          tenantId: actor.tenantId,
          target,
          status,
          linkedAccountId: credit?.linkedAccountId ?? null,
          credit,
          userId: actor.userId,
        });
        await writeAudit(tx, actor, {
          kind: 'sale.transfer_checked',
          recordType: 'sale',
          recordId: target.saleId,
          before: { target_type: target.targetType, target_id: target.targetId, status: target.status },
          after: {
            target_type: target.targetType,
            target_id: target.targetId,
            amount: koboToNaira(target.amountKobo),
            status,
            credit_id: credit?.id ?? null,
          },
        });
      });
    for (const credit of candidates.filter((c) => !taken.has(c.id))) {
      try {
        return await keep('verified', credit);
      } catch (error) {
        if (!isUniqueViolation(error, 'transfer_checks_credit_uq')) throw error;
      }
    }
    await keep(candidates.length > 0 ? 'matched_elsewhere' : 'not_found', candidates[0] ?? null);
  }

  async function check(actor: TActor, input: TTransferCheckRequest): Promise<TTransferCheckResult> {
    await requirePlanFeature(db, actor.tenantId, 'bank_linking');
    const scope = await salesScope(db, actor);
    const repo = createTransferChecksRepository(db);
    const saleId = input.sale_id ?? (await repo.saleOfPayment(scope, input.payment_id!));
    if (saleId === null) throw notFound('Payment not found');
    if (input.sale_id !== undefined && !(await repo.saleExists(scope, saleId)))
      throw notFound('Sale not found');
    const named = (targets: TTransferTarget[]) =>
      input.payment_id === undefined
        ? targets
        : targets.filter((t) => t.targetType === 'payment' && t.targetId === input.payment_id);
    const targets = named(await repo.targets(scope, [saleId]));
    if (targets.length === 0) {
      throw new AppError(
        'bad_request',
        input.payment_id === undefined
          ? 'This sale has no payment by transfer to check'
          : 'This payment was not made by transfer',
      );
    }
    const accounts = await createLinkedAccountsRepository(db).list(actor.tenantId);
    if (accounts.length === 0) throw new AppError('bad_request', NO_LINKED_ACCOUNT);
    const pending = targets.filter((t) => t.status !== 'verified');
    if (pending.length > 0) {
      const windows = pending.map(transferWindow);
      const range = {
        from: new Date(Math.min(...windows.map((w) => w.from.getTime()))),
        to: new Date(Math.max(...windows.map((w) => w.to.getTime()))),
      };
      const credits = (
        await Promise.all(
          accounts.map((account) =>
            deps.mono
              .credits(account.mono_account_id, range)
              .then((found) => found.map((c) => ({ ...c, linkedAccountId: account.account_id }))),
          ),
        ).catch((error: unknown) => monoRefusal(error, BANK_UNREADABLE))
      ).flat();
      for (const target of pending) await settle(actor, target, credits);
    }
    const checked = named(await repo.targets(scope, [saleId]));
    const state = saleTransferState(checked.map((t) => t.status));
    const times = checked.flatMap((t) => (t.checkedAt ? [t.checkedAt.getTime()] : []));
    return {
      sale_id: saleId,
      message: messageOf(state, checked),
      transfer_check: {
        status: state,
        checked_at: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
      },
      checks: checked.map(checkView),
    };
  }

  return { check };
}

export type TTransferChecksService = ReturnType<typeof createTransferChecksService>;
