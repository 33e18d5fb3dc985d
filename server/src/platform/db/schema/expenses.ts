import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newPublicId } from '@app/domain/ids/public-id';
import { storedFiles } from './files.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './restock.ts';
import { tenants, users } from './tenancy.ts';

/**
 * An expense: a money document with no lines (spec 3 §2.2). `amount_paid_kobo` is what was paid when it was
 * recorded (or as last edited) plus its live later payments (see the payables module).
 */
export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id')
      .notNull()
      .default(sql`gen_random_uuid()`)
      .$defaultFn(newPublicId),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    vendorName: text('vendor_name').notNull(),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    invoiceNumber: text('invoice_number'),
    /** The uploaded invoice (a stored file of the business), shown as its URL. */
    invoiceFileId: text('invoice_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    amountPaidKobo: bigint('amount_paid_kobo', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    /** Whom the expense is for: one of the business's people. */
    employeeId: integer('employee_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Money is never hard-deleted: a deleted expense is marked, with who deleted it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
  },
  (t) => [
    uniqueIndex('expenses_public_id_uq').on(t.tenantId, t.publicId),
    // The file's record (who may open it) and the upload sweep's question "does a record name it?".
    index('expenses_invoice_file_idx')
      .on(t.invoiceFileId)
      .where(sql`${t.invoiceFileId} is not null`),
    index('expenses_tenant_date_idx')
      .on(t.tenantId, t.expenseDate, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('expenses_pending_idx')
      .on(t.tenantId, t.expenseDate, t.id)
      .where(sql`${t.deletedAt} is null and ${t.paymentStatus} <> 'paid'`),
    // The list's search (any part of the vendor or the invoice number, any case): pg_trgm.
    index('expenses_vendor_trgm_idx').using('gin', sql`${t.vendorName} gin_trgm_ops`),
    index('expenses_invoice_trgm_idx').using('gin', sql`${t.invoiceNumber} gin_trgm_ops`),
  ],
);

/**
 * Expenses per business day, kept in the expense's transaction (created, edited, paid, deleted): the sales
 * report reads its expense figures here instead of scanning expenses.
 */
export const expenseDaily = pgTable(
  'expense_daily',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.expenseDate] })],
);

/** Settings → Officers: the people who get an e-mail for every requisition (spec 1 §2). */
export const inventoryOfficers = pgTable(
  'inventory_officers',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inventory_officers_tenant_idx').on(t.tenantId, t.id)],
);
