import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { tenants, users } from './tenancy.ts';

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Open to every employee; otherwise only to those granted in warehouse_access. */
    accessAll: boolean('access_all').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('warehouses_name_uq').on(t.tenantId, sql`lower(${t.name})`)],
);

export const warehouseAccess = pgTable(
  'warehouse_access',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.userId] }),
    index('warehouse_access_user_idx').on(t.userId),
  ],
);

export const items = pgTable(
  'items',
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
    name: text('name').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    /** The lowest price an employee allowed to sell below the price may charge (issue 17 §4); null: no floor. */
    minPriceKobo: bigint('min_price_kobo', { mode: 'number' }),
    barcode: text('barcode'),
    reorderLevel: integer('reorder_level').notNull().default(0),
    description: text('description'),
    /** The last closing balance: kept with every ledger entry, under the item's row lock. */
    onHand: integer('on_hand').notNull().default(0),
    /** The latest day with movement: entries on or after it touch no later day (the ledger's fast path). */
    lastMovementDate: date('last_movement_date', { mode: 'string' }),
    /** The first day with movement: the daily log of a date lists (and counts) the items whose history began by then. */
    firstMovementDate: date('first_movement_date', { mode: 'string' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('items_name_uq')
      .on(t.warehouseId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    // A barcode names one product: the same in every warehouse of the business, once per warehouse.
    uniqueIndex('items_warehouse_barcode_uq')
      .on(t.warehouseId, t.barcode)
      .where(sql`${t.deletedAt} is null and ${t.barcode} is not null`),
    index('items_barcode_idx')
      .on(t.tenantId, t.barcode)
      .where(sql`${t.deletedAt} is null and ${t.barcode} is not null`),
    uniqueIndex('items_public_id_uq').on(t.tenantId, t.publicId),
    index('items_tenant_idx').on(t.tenantId, t.warehouseId),
    // The daily log's count: the items of a warehouse whose history began by a date, read from the index alone.
    index('items_history_idx')
      .on(t.tenantId, t.warehouseId, t.firstMovementDate)
      .where(sql`${t.deletedAt} is null`),
    // The daily log of a past date keeps the items deleted after it: are there any?
    index('items_deleted_idx')
      .on(t.tenantId, t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    // The inventory daily log pages by name: read in this order, a page needs no sort of every item.
    index('items_tenant_name_idx')
      .on(t.tenantId, t.name, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The item pickers' search (any part of the name, any case): pg_trgm, migration 0008.
    index('items_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const STOCK_KINDS = ['supplied', 'returned', 'stock_out'] as const;
export type TStockKind = (typeof STOCK_KINDS)[number];

/** The append-only stock ledger: every change of stock, with the record that caused it. */
export const stockEntries = pgTable(
  'stock_entries',
  {
    id: serial('id').primaryKey(),
    /** Its item's business (no key of its own: the item's key holds it, and a sale checks one key fewer per line). */
    tenantId: integer('tenant_id').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: STOCK_KINDS }).notNull(),
    /** Signed: a correction of an earlier entry is negative within its kind. */
    quantity: integer('quantity').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id'),
    /** Who made the entry, kept as written (users are never deleted, and an append-only row is never rewritten). */
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_entries_item_idx').on(t.itemId, t.businessDate),
    index('stock_entries_source_idx').on(t.tenantId, t.sourceType, t.sourceId),
  ],
);

/**
 * The daily log derived from the ledger, one row per item and day with movement, kept in the same
 * transaction as each entry: that day's totals and the closing balance (open = closing − in + out).
 */
export const stockDaily = pgTable(
  'stock_daily',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    supplied: integer('supplied').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    stockOut: integer('stock_out').notNull().default(0),
    closing: integer('closing').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.businessDate] }),
    index('stock_daily_tenant_date_idx').on(t.tenantId, t.businessDate),
  ],
);

/** Edits of a past day (Edit Inventory), with the figure before and after. */
export const inventoryAdjustments = pgTable(
  'inventory_adjustments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    field: text('field', { enum: STOCK_KINDS }).notNull(),
    oldValue: integer('old_value').notNull(),
    newValue: integer('new_value').notNull(),
    notes: text('notes'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inventory_adjustments_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** Returns to stock (the Return item form). */
export const stockReturns = pgTable(
  'stock_returns',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_returns_tenant_idx').on(t.tenantId, t.createdAt)],
);
