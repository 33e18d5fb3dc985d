import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newPublicId } from '@app/domain/ids/public-id';
import { items, warehouses } from './stock.ts';
import { tenants, users } from './tenancy.ts';

export const PAYMENT_STATUSES = ['paid', 'partial', 'credit'] as const;
export const PAYMENT_METHODS = ['cash', 'transfer', 'cheque', 'card'] as const;

/** A purchase from a supplier: one item line (a batch restock records one purchase per line). */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    /** The public id (UUIDv7, may be made by the device that recorded it); the key stays the numeric id. */
    publicId: uuid('public_id')
      .notNull()
      .default(sql`gen_random_uuid()`)
      .$defaultFn(newPublicId),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    batchId: text('batch_id'),
    supplierName: text('supplier_name').notNull(),
    supplierPhone: text('supplier_phone'),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    amountPaidKobo: bigint('amount_paid_kobo', { mode: 'number' }).notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    invoiceFileUrl: text('invoice_file_url'),
    notes: text('notes'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Money is never hard-deleted: a deleted purchase is marked, with who deleted it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
  },
  (t) => [
    uniqueIndex('purchases_public_id_uq').on(t.tenantId, t.publicId),
    index('purchases_tenant_idx').on(t.tenantId, t.purchaseDate, t.id),
    index('purchases_item_idx').on(t.itemId),
  ],
);

export const purchasePayments = pgTable(
  'purchase_payments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Marked (not removed) with its purchase. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
  },
  (t) => [index('purchase_payments_purchase_idx').on(t.purchaseId)],
);
