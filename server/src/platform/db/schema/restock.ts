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
import { storedFiles } from './files.ts';
import { items, warehouses } from './stock.ts';
import { tenants, users } from './tenancy.ts';

export const PAYMENT_STATUSES = ['paid', 'partial', 'credit'] as const;
export const PAYMENT_METHODS = ['cash', 'transfer', 'cheque', 'card'] as const;

/**
 * A purchase from a supplier: the header of a money document (a restock batch is one purchase with its
 * lines). `amount_paid_kobo` is the sum of its live payments (see the payables module).
 */
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
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    supplierName: text('supplier_name').notNull(),
    supplierPhone: text('supplier_phone'),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    amountPaidKobo: bigint('amount_paid_kobo', { mode: 'number' }).notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    /** The uploaded invoice (a stored file of the business), shown as its URL. */
    invoiceFileId: text('invoice_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
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
    // The file's record (who may open it) and the upload sweep's question "does a record name it?".
    index('purchases_invoice_file_idx')
      .on(t.invoiceFileId)
      .where(sql`${t.invoiceFileId} is not null`),
  ],
);

/**
 * A line of a purchase: one item, its quantity and price. Its id is the `purchase_id` of the restock API's
 * rows (a line of a batch recorded before purchases had lines kept its id). `amount_paid_kobo` is the
 * purchase's paid amount spread over its lines in proportion to their totals, kept by every payment.
 */
export const purchaseLines = pgTable(
  'purchase_lines',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    amountPaidKobo: bigint('amount_paid_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('purchase_lines_purchase_idx').on(t.purchaseId),
    index('purchase_lines_item_idx').on(t.itemId),
  ],
);
