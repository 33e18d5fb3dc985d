import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy.ts';

/** The paid plans a payment can buy (DESIGN.md §4 Plans). */
export const PAID_PLAN_KEYS = ['monthly_pro', 'yearly'] as const;
export const PLAN_PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const;

/**
 * A card payment for a plan: a checkout the MD started, or a renewal charged from the saved card. The
 * reference is ours and is the provider's transaction reference. `activated_at` is set once, in the
 * transaction that extends the plan, so a payment reported twice (return and webhook) starts it once.
 */
export const planPayments = pgTable(
  'plan_payments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    kind: text('kind', { enum: ['checkout', 'renewal'] }).notNull(),
    planKey: text('plan_key', { enum: PAID_PLAN_KEYS }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: PLAN_PAYMENT_STATUSES }).notNull().default('pending'),
    failureReason: text('failure_reason'),
    /** The provider's saved-card authorization, for renewals; never sent to the browser. */
    authorizationCode: text('authorization_code'),
    customerEmail: text('customer_email'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the plan renewer last took this pending payment to verify with the provider (null: never). Its
     * sweep takes the least recently checked first, so a payment that stays pending cannot starve the others.
     */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('plan_payments_reference_uq').on(t.reference),
    index('plan_payments_tenant_idx').on(t.tenantId, t.id),
    index('plan_payments_pending_checked_idx')
      .on(t.lastCheckedAt.asc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * How a business's Pro plan renews: the card authorization of its last successful payment, whether the
 * MD cancelled renewal, and the last renewal attempt (so a renewal is tried once per period).
 */
export const planRenewals = pgTable('plan_renewals', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  planKey: text('plan_key', { enum: PAID_PLAN_KEYS }).notNull(),
  authorizationCode: text('authorization_code'),
  email: text('email'),
  autoRenew: boolean('auto_renew').notNull().default(true),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  lastAttemptFor: timestamp('last_attempt_for', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A bank account linked through Mono (Settings → Bank & POS). */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Mono's account id. */
    providerAccountId: text('provider_account_id').notNull(),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    currency: text('currency').notNull().default('NGN'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('linked_accounts_provider_uq').on(t.tenantId, t.providerAccountId)],
);

export const TRANSFER_CHECK_TARGETS = ['sale', 'payment'] as const;
export const TRANSFER_CHECK_STATUSES = ['verified', 'not_found', 'matched_elsewhere'] as const;

/**
 * The last answer to "Has this transfer arrived?" for a sale's first payment or a later payment made by
 * transfer. A bank credit verifies one payment only: the partial unique index on the credit refuses a
 * second verified check of the same credit, even from two checks at once.
 */
export const transferChecks = pgTable(
  'transfer_checks',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: TRANSFER_CHECK_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: TRANSFER_CHECK_STATUSES }).notNull(),
    linkedAccountId: integer('linked_account_id').references(() => linkedAccounts.id, {
      onDelete: 'set null',
    }),
    /** The provider's id of the matching credit (verified), or of the credit already used (matched_elsewhere). */
    creditId: text('credit_id'),
    creditAt: timestamp('credit_at', { withTimezone: true }),
    creditNarration: text('credit_narration'),
    checkedBy: integer('checked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transfer_checks_target_uq').on(t.tenantId, t.targetType, t.targetId),
    uniqueIndex('transfer_checks_credit_uq')
      .on(t.tenantId, t.creditId)
      .where(sql`${t.status} = 'verified'`),
  ],
);

/** Which alerts a business gets (Settings → Alerts), and the hour (Lagos) of its daily summary. */
export const alertSettings = pgTable('alert_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  lowStockEnabled: boolean('low_stock_enabled').notNull().default(true),
  dailySummaryEnabled: boolean('daily_summary_enabled').notNull().default(true),
  dailySummaryHour: smallint('daily_summary_hour').notNull().default(20),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per alert sent: a low-stock e-mail per item per business day, a daily summary per day. The
 * unique key is what makes "once a day" hold across retries and processes.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['low_stock', 'daily_summary'] }).notNull(),
    /** The item of a low-stock alert; 0 for a daily summary. */
    subjectId: integer('subject_id').notNull().default(0),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_deliveries_uq').on(t.tenantId, t.kind, t.subjectId, t.businessDate)],
);

export const SHARED_DOCUMENT_TYPES = ['receipt', 'proforma'] as const;

/**
 * A public link to one receipt or proforma (shared on WhatsApp). Only the SHA-256 of the token is kept;
 * revoking sets `revoked_at`, after which the link answers 404.
 */
export const documentShares = pgTable(
  'document_shares',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    documentType: text('document_type', { enum: SHARED_DOCUMENT_TYPES }).notNull(),
    documentId: integer('document_id').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('document_shares_token_uq').on(t.tokenHash),
    index('document_shares_document_idx').on(t.tenantId, t.documentType, t.documentId),
  ],
);

/**
 * The embedded Paystack stand-in's own transactions (no PAYSTACK_SECRET_KEY): what Paystack would hold,
 * answered through the same initialize/verify shapes, so our code reads it as it reads Paystack.
 */
export const sandboxCardTransactions = pgTable('sandbox_card_transactions', {
  reference: text('reference').primaryKey(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  currency: text('currency').notNull().default('NGN'),
  email: text('email').notNull(),
  status: text('status', { enum: ['ongoing', 'success', 'failed', 'abandoned'] })
    .notNull()
    .default('ongoing'),
  authorizationCode: text('authorization_code'),
  metadata: text('metadata'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The embedded Mono stand-in's test credits, per test account, that transfer checks read. */
export const sandboxBankCredits = pgTable(
  'sandbox_bank_credits',
  {
    id: serial('id').primaryKey(),
    providerAccountId: text('provider_account_id').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    narration: text('narration').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_bank_credits_account_idx').on(t.providerAccountId, t.occurredAt)],
);
