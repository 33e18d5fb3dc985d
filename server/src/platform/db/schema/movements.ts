import { sql } from 'drizzle-orm';
import {
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
import { TRANSFER_TYPES } from '@app/domain/schemas/movements';
import { newPublicId } from '@app/domain/ids/public-id';
import { items, warehouses } from './stock.ts';
import { tenants, users } from './tenancy.ts';

/**
 * A B2B stock movement (spec 3 §2.4): a transfer between two warehouses (its source item out and its
 * destination item in), a sale to a business customer or a write-off. Its stock moves through the ledger
 * (source `movement`) in the same transaction.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id')
      .notNull()
      .default(sql`gen_random_uuid()`)
      .$defaultFn(newPublicId),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    transferType: text('transfer_type', { enum: TRANSFER_TYPES }).notNull(),
    fromWarehouseId: integer('from_warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    fromItemId: integer('from_item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    toWarehouseId: integer('to_warehouse_id').references(() => warehouses.id, { onDelete: 'cascade' }),
    toItemId: integer('to_item_id').references(() => items.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    issuedBy: text('issued_by').notNull(),
    receivedBy: text('received_by'),
    customerName: text('customer_name'),
    notes: text('notes'),
    movementDate: date('movement_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('completed'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_movements_public_id_uq').on(t.tenantId, t.publicId),
    index('stock_movements_tenant_idx').on(t.tenantId, t.id),
    index('stock_movements_type_idx').on(t.tenantId, t.transferType, t.id),
  ],
);
