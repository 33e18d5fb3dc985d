import { randomBytes } from 'node:crypto';
import { BUSINESS_TIME_ZONE } from '@app/domain/dates/business-date';
import { formatNaira, koboToNaira } from '@app/domain/money/money';
import {
  buildPlans,
  FREE_TRANSACTION_LIMIT,
  freeTransactionsRemaining,
  isProActive,
  type TPlanPrices,
  yearlySavingKobo,
} from '@app/domain/plans/plans';
import type {
  TInitializePayment,
  TPaidPlanKey,
  TPlanPayment,
  TPlanRenewal,
  TVerifyPayment,
} from '@app/domain/schemas/billing';
import type { TActor } from '../../platform/auth/access.ts';
import { writeAudit, type TAuditChange } from '../../platform/audit/audit-trail.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createOutboxRepository } from '../../platform/mail/outbox.repository.ts';
import { createTenantsRepository } from '../../platform/tenancy/tenants.repository.ts';
import { createBillingRepository, type TPlanPaymentRow } from './billing.repository.ts';
import {
  isWebhookSignatureValid,
  PaystackError,
  type TPaystackApi,
  type TPaystackTransaction,
} from './paystack.client.ts';

const DAY_MS = 86_400_000;
/** A renewal is charged this long before the plan ends, and not for a plan that ended longer ago than the grace. */
export const RENEW_AHEAD_MS = DAY_MS;
const RENEWAL_GRACE_MS = 3 * DAY_MS;
const RENEWALS_PER_RUN = 50;
const NOT_FOUND = 'Payment not found';
const UNCHANGED = 'Your plan is unchanged.';

/** How a payment stands after its provider was asked. */
type TOutcome =
  | { kind: 'active'; payment: TPlanPaymentRow }
  | { kind: 'not_paid'; status: string; reason: string }
  | { kind: 'mismatch'; reason: string };

/** A pending payment is asked about again after an hour (its MD may never have come back from the checkout). */
const STALE_AFTER_MS = 3_600_000;
/** A checkout the provider still calls unfinished after a day is closed as abandoned (a later payment still counts). */
const ABANDON_AFTER_MS = 24 * 3_600_000;
export const CHECKOUT_NOT_COMPLETED = 'The checkout was not completed within a day';
const STALE_BATCH = 50;

/** What a 502 says when the provider failed (the screens put their own "Failed to …" before it). */
const providerTrouble = (error: PaystackError) =>
  error.httpStatus === null ? error.message : `The card payment provider answered: ${error.message}`;

const longDate = (at: Date) =>
  at.toLocaleDateString('en-NG', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: BUSINESS_TIME_ZONE,
  });

/** Why a provider's transaction cannot start this payment's plan, or null when everything matches. */
function mismatchOf(payment: TPlanPaymentRow, transaction: TPaystackTransaction): string | null {
  if (transaction.reference !== payment.reference) return 'the payment reference does not match';
  if (transaction.amount !== payment.amountKobo)
    return `the amount paid (${formatNaira(transaction.amount)}) is not the plan's price (${formatNaira(payment.amountKobo)})`;
  if (transaction.currency !== 'NGN') return `the payment was made in ${transaction.currency}, not NGN`;
  return null;
}

/** A plan payment's audit entry, under the user who paid (the MD when nobody pressed anything). */
async function auditPayment(
  tx: Executor,
  payment: TPlanPaymentRow,
  change: Pick<TAuditChange, 'kind' | 'before' | 'after'>,
): Promise<void> {
  const md = await createBillingRepository(tx).managingDirector(payment.tenantId);
  await writeAudit(
    tx,
    { tenantId: payment.tenantId, userId: payment.userId ?? md.id, username: md.name },
    { ...change, recordType: 'plan', recordId: payment.reference },
  );
}

export function createBillingService(deps: {
  db: Database;
  prices: TPlanPrices;
  paystack: TPaystackApi;
  log: { warn: (details: object, message: string) => void };
}) {
  const { db, paystack } = deps;
  const tenants = createTenantsRepository(db);
  const repo = createBillingRepository(db);
  const paidPlans = buildPlans(deps.prices);
  const planOf = (key: TPaidPlanKey) => paidPlans.find((plan) => plan.key === key)!;
  const newReference = () => `pln-${randomBytes(12).toString('hex')}`;

  async function subscriptionStatus(actor: TActor) {
    const plan = await tenants.plan(actor.tenantId);
    const active = isProActive(plan, new Date());
    return {
      plan: plan.plan,
      is_active: plan.plan === 'free' ? true : active,
      expires_at: plan.expires_at?.toISOString() ?? null,
      created_at: plan.createdAt.toISOString(),
      transaction_count: plan.transaction_count,
      transaction_limit: active ? null : FREE_TRANSACTION_LIMIT,
      transactions_remaining: active ? null : freeTransactionsRemaining(plan.transaction_count),
    };
  }

  function plans() {
    return {
      plans: buildPlans(deps.prices).map(({ price_kobo, ...plan }) => ({
        ...plan,
        price: koboToNaira(price_kobo),
      })),
      yearly_saving: koboToNaira(yearlySavingKobo(deps.prices)),
    };
  }

  /** Starts a card checkout for a plan; the browser returns to `{appUrl}/dashboard?reference=…`. */
  async function initializePayment(
    actor: TActor,
    planKey: TPaidPlanKey,
    appUrl: string,
  ): Promise<TInitializePayment> {
    const plan = planOf(planKey);
    const payment = await repo.insertPayment({
      tenantId: actor.tenantId,
      reference: newReference(),
      kind: 'checkout',
      planKey,
      amountKobo: plan.price_kobo,
      customerEmail: actor.email,
      userId: actor.userId,
    });
    try {
      return await paystack.initialize({
        email: actor.email,
        amountKobo: plan.price_kobo,
        reference: payment.reference,
        callbackUrl: `${appUrl}/dashboard`,
        metadata: { tenant_id: actor.tenantId, plan_key: planKey, plan_name: plan.name },
      });
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      await repo.closeUnactivatedPayment(payment.id, 'failed', error.message);
      throw new AppError('bad_gateway', providerTrouble(error));
    }
  }

  /** Starts the payment's plan once, under the payment's row lock: a second report finds it started. */
  async function activate(
    payment: TPlanPaymentRow,
    transaction: TPaystackTransaction,
  ): Promise<TPlanPaymentRow> {
    return db.transaction(async (tx) => {
      const billing = createBillingRepository(tx);
      const locked = await billing.lockPayment(payment.id);
      if (locked.activatedAt) return locked;
      const before = await createTenantsRepository(tx).lockPlan(payment.tenantId);
      const now = new Date();
      const start = isProActive(before, now) && before.expires_at ? before.expires_at : now;
      const end = new Date(start.getTime() + planOf(payment.planKey).duration_days! * DAY_MS);
      await billing.startPlan(payment.tenantId, payment.planKey, end);
      const card = transaction.authorization?.reusable ? transaction.authorization.authorization_code : null;
      const values = {
        status: 'success' as const,
        failureReason: null,
        paidAt: transaction.paid_at ? new Date(transaction.paid_at) : now,
        activatedAt: now,
        periodStart: start,
        periodEnd: end,
        authorizationCode: card,
        customerEmail: transaction.customer?.email ?? locked.customerEmail,
      };
      await billing.updatePayment(payment.id, values);
      await billing.saveRenewal(payment.tenantId, {
        planKey: payment.planKey,
        authorizationCode: card,
        email: values.customerEmail,
        resume: payment.kind === 'checkout',
      });
      await auditPayment(tx, payment, {
        kind: 'plan.activated',
        before: {
          plan: before.plan,
          plan_key: before.plan_key ?? null,
          expires_at: before.expires_at?.toISOString() ?? null,
        },
        after: {
          plan: 'pro',
          plan_key: payment.planKey,
          expires_at: end.toISOString(),
          amount: koboToNaira(payment.amountKobo),
          reference: payment.reference,
          kind: payment.kind,
        },
      });
      return { ...locked, ...values };
    });
  }

  /** Reads a provider's answer for a payment: starts its plan when everything matches, else closes it. */
  async function settle(payment: TPlanPaymentRow, transaction: TPaystackTransaction): Promise<TOutcome> {
    if (transaction.status !== 'success') {
      const reason = transaction.gateway_response || `the payment is ${transaction.status}`;
      if (
        transaction.status === 'failed' ||
        transaction.status === 'abandoned' ||
        transaction.status === 'reversed'
      ) {
        await repo.closeUnactivatedPayment(
          payment.id,
          transaction.status === 'abandoned' ? 'abandoned' : 'failed',
          reason,
        );
      }
      return { kind: 'not_paid', status: transaction.status, reason };
    }
    const mismatch = mismatchOf(payment, transaction);
    if (mismatch) {
      await repo.closeUnactivatedPayment(payment.id, 'failed', mismatch);
      deps.log.warn({ reference: payment.reference, mismatch }, 'plan payment refused');
      return { kind: 'mismatch', reason: mismatch };
    }
    return { kind: 'active', payment: await activate(payment, transaction) };
  }

  /** Asks the provider about a payment (GET /transaction/verify/:reference) and settles it. */
  async function confirm(payment: TPlanPaymentRow): Promise<TOutcome> {
    if (payment.activatedAt) return { kind: 'active', payment };
    let transaction: TPaystackTransaction;
    try {
      transaction = await paystack.verify(payment.reference);
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      if (error.httpStatus === 400 || error.httpStatus === 404)
        return { kind: 'not_paid', status: 'unknown', reason: error.message };
      throw new AppError('bad_gateway', providerTrouble(error));
    }
    return settle(payment, transaction);
  }

  function outcomeMessage(outcome: TOutcome): TVerifyPayment {
    if (outcome.kind === 'active') {
      const { planKey, periodEnd } = outcome.payment;
      return {
        success: true,
        message: `Payment verified. Your ${planOf(planKey).name} plan is active until ${longDate(periodEnd!)}.`,
      };
    }
    if (outcome.kind === 'mismatch')
      return {
        success: false,
        message: `The payment could not be accepted: ${outcome.reason}. ${UNCHANGED}`,
      };
    if (outcome.status === 'abandoned')
      return { success: false, message: `The payment was not completed. ${UNCHANGED}` };
    if (outcome.status === 'failed' || outcome.status === 'reversed')
      return { success: false, message: `The payment failed: ${outcome.reason}. ${UNCHANGED}` };
    return { success: false, message: `The payment is not complete yet. ${UNCHANGED}` };
  }

  /** GET /dashboard/verify-payment: the MD back from the checkout. */
  async function verifyPayment(actor: TActor, reference: string): Promise<TVerifyPayment> {
    const payment = await repo.paymentByReference(reference);
    if (!payment || payment.tenantId !== actor.tenantId) throw new AppError('not_found', NOT_FOUND);
    return outcomeMessage(await confirm(payment));
  }

  /**
   * POST /billing/paystack/webhook: only a body signed with our secret is read; a `charge.success` for one
   * of our payments is verified with the provider and settled like a return to the dashboard.
   */
  async function receiveWebhook(
    rawBody: Buffer,
    signature: string | string[] | undefined,
  ): Promise<{ received: boolean }> {
    if (!isWebhookSignatureValid(rawBody, signature, paystack.webhookSecret))
      throw new AppError('unauthorized', 'Invalid webhook signature');
    let event: { event?: unknown; data?: { reference?: unknown } };
    try {
      event = JSON.parse(rawBody.toString('utf8')) as typeof event;
    } catch {
      throw new AppError('bad_request', 'The webhook body is not JSON');
    }
    if (event?.event !== 'charge.success' || typeof event.data?.reference !== 'string')
      return { received: true };
    const payment = await repo.paymentByReference(event.data.reference);
    if (payment) await confirm(payment);
    return { received: true };
  }

  function paymentView(row: TPlanPaymentRow): TPlanPayment {
    return {
      id: row.id,
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      kind: row.kind,
      plan_key: row.planKey,
      plan_name: planOf(row.planKey).name,
      amount: koboToNaira(row.amountKobo),
      currency: row.currency,
      reference: row.reference,
      status: row.status,
      failure_reason: row.failureReason,
      period_start: row.periodStart?.toISOString() ?? null,
      period_end: row.periodEnd?.toISOString() ?? null,
    };
  }

  async function payments(
    actor: TActor,
    query: { before?: number | undefined; limit: number; count: boolean },
  ) {
    const page = await repo.paymentsPage(actor.tenantId, query);
    return { rows: page.rows.map(paymentView), nextBefore: page.nextBefore, total: page.total };
  }

  async function renewal(actor: TActor): Promise<TPlanRenewal> {
    const [row, plan] = await Promise.all([repo.renewal(actor.tenantId), tenants.plan(actor.tenantId)]);
    return {
      plan_key: row?.planKey ?? plan.plan_key ?? null,
      auto_renew: row?.autoRenew ?? false,
      card_saved: Boolean(row?.authorizationCode),
      expires_at: plan.plan === 'pro' ? (plan.expires_at?.toISOString() ?? null) : null,
    };
  }

  /** PUT /billing/renewal: the MD cancels or resumes automatic renewal (one audit entry when it changes). */
  async function setAutoRenew(actor: TActor, autoRenew: boolean): Promise<TPlanRenewal> {
    await db.transaction(async (tx) => {
      const billing = createBillingRepository(tx);
      const row = await billing.lockRenewal(actor.tenantId);
      if (!row) throw new AppError('conflict', 'There is no paid plan to renew yet');
      if (row.autoRenew === autoRenew) return;
      await billing.setAutoRenew(actor.tenantId, autoRenew);
      await writeAudit(
        tx,
        { tenantId: actor.tenantId, userId: actor.userId, username: actor.username },
        {
          kind: autoRenew ? 'plan.renewal_resumed' : 'plan.renewal_cancelled',
          recordType: 'plan',
          recordId: actor.tenantId,
          before: { auto_renew: row.autoRenew },
          after: { auto_renew: autoRenew },
        },
      );
    });
    return renewal(actor);
  }

  /** Tells the MD a renewal failed: the plan runs to its end, then locks until they pay again. */
  async function noticeRenewalFailed(
    tenantId: number,
    planKey: TPaidPlanKey,
    amountKobo: number,
    reason: string,
    endsAt: Date,
  ) {
    const md = await repo.managingDirector(tenantId);
    const name = planOf(planKey).name;
    await createOutboxRepository(db).enqueue({
      tenantId,
      kind: 'plan_renewal_failed',
      to: md.email,
      subject: `Your ${name} plan could not be renewed`,
      text: [
        `Hello ${md.name},`,
        '',
        `We tried to renew your ${name} plan (${formatNaira(amountKobo)}) from your saved card, but the payment did not go through: ${reason}.`,
        '',
        `Your plan stays active until ${longDate(endsAt)}. To keep Pro after that, open your dashboard, choose "View Subscription Plans" and pay by card.`,
      ].join('\n'),
    });
  }

  /** Charges the saved card of every Pro plan ending within a day, once per plan period. */
  async function renewDue(now = new Date()): Promise<number> {
    const due = await repo.dueRenewals(now, RENEW_AHEAD_MS, RENEWAL_GRACE_MS, RENEWALS_PER_RUN);
    let tried = 0;
    for (const renewalDue of due) {
      const plan = planOf(renewalDue.planKey);
      const payment = await db.transaction(async (tx) => {
        const billing = createBillingRepository(tx);
        if (!(await billing.claimRenewal(renewalDue.tenantId, renewalDue.expiresAt, now))) return null;
        const renewalRow = await billing.renewal(renewalDue.tenantId);
        return billing.insertPayment({
          tenantId: renewalDue.tenantId,
          reference: newReference(),
          kind: 'renewal',
          planKey: renewalDue.planKey,
          amountKobo: plan.price_kobo,
          customerEmail: renewalRow?.email ?? null,
        });
      });
      if (!payment) continue;
      tried += 1;
      let outcome: TOutcome;
      try {
        const email = payment.customerEmail ?? (await repo.managingDirector(payment.tenantId)).email;
        const charged = await paystack.chargeAuthorization({
          email,
          amountKobo: payment.amountKobo,
          authorizationCode: renewalDue.authorizationCode,
          reference: payment.reference,
          metadata: {
            tenant_id: payment.tenantId,
            plan_key: payment.planKey,
            plan_name: plan.name,
            renewal: true,
          },
        });
        outcome = await settle(payment, charged);
      } catch (error) {
        if (!(error instanceof PaystackError)) throw error;
        await repo.closeUnactivatedPayment(payment.id, 'failed', error.message);
        outcome = { kind: 'not_paid', status: 'failed', reason: error.message };
      }
      if (outcome.kind !== 'active') {
        const reason = outcome.reason;
        if (outcome.kind === 'not_paid' && outcome.status !== 'failed' && outcome.status !== 'abandoned')
          await repo.closeUnactivatedPayment(payment.id, 'failed', reason);
        await noticeRenewalFailed(
          payment.tenantId,
          payment.planKey,
          payment.amountKobo,
          reason,
          renewalDue.expiresAt,
        );
      }
    }
    return tried;
  }

  /**
   * Closes a checkout the provider still calls unfinished after a day as abandoned, with its audit entry in the
   * same transaction (under the MD's name: nobody pressed anything). False when it was settled meanwhile.
   */
  async function abandonCheckout(payment: TPlanPaymentRow): Promise<boolean> {
    return db.transaction(async (tx) => {
      const billing = createBillingRepository(tx);
      const before = await billing.abandonPendingPayment(payment.id, CHECKOUT_NOT_COMPLETED);
      if (!before) return false;
      await auditPayment(tx, payment, {
        kind: 'plan.checkout_abandoned',
        before: { status: before.status, failure_reason: before.failureReason },
        after: {
          status: 'abandoned',
          failure_reason: CHECKOUT_NOT_COMPLETED,
          plan_key: payment.planKey,
          amount: koboToNaira(payment.amountKobo),
          reference: payment.reference,
        },
      });
      return true;
    });
  }

  /**
   * Settles the payments left pending (the MD closed the checkout instead of coming back): each is verified
   * with the provider like a return to the dashboard; a checkout still unfinished after a day is abandoned.
   * Each pass takes the least recently checked first, so payments that never settle (a renewal the provider
   * keeps calling pending, a reference it cannot be reached for) wait behind the others instead of holding
   * the batch; and one that fails is logged without stopping the pass. Run by the plan renewer.
   */
  async function settleStalePayments(now = new Date()): Promise<number> {
    const stale = await db.transaction((tx) =>
      createBillingRepository(tx).takeStalePendingPayments(
        new Date(now.getTime() - STALE_AFTER_MS),
        now,
        STALE_BATCH,
      ),
    );
    for (const payment of stale) {
      try {
        const outcome = await confirm(payment);
        const unfinished =
          outcome.kind === 'not_paid' && !['failed', 'abandoned', 'reversed'].includes(outcome.status);
        const given = now.getTime() - payment.createdAt.getTime() > ABANDON_AFTER_MS;
        if (unfinished && given && payment.kind === 'checkout') await abandonCheckout(payment);
      } catch (error) {
        deps.log.warn({ reference: payment.reference, err: error }, 'stale plan payment not verified');
      }
    }
    return stale.length;
  }

  return {
    subscriptionStatus,
    plans,
    initializePayment,
    verifyPayment,
    receiveWebhook,
    payments,
    renewal,
    setAutoRenew,
    renewDue,
    settleStalePayments,
  };
}

export type TBillingService = ReturnType<typeof createBillingService>;
