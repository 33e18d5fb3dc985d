import { bigint, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy.ts';

/** The money documents that take later payments (DESIGN.md "Money"). */
export const PAYABLE_DOCUMENTS = ['sale', 'purchase', 'expense'] as const;

/**
 * A later payment against a money document's outstanding balance (the payables module is its only
 * writer). Never removed: a payment of a deleted document is marked deleted with it.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: PAYABLE_DOCUMENTS }).notNull(),
    documentId: integer('document_id').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
  },
  (t) => [
    index('payments_document_idx').on(t.documentType, t.documentId),
    index('payments_tenant_date_idx').on(t.tenantId, t.paymentDate),
  ],
);
