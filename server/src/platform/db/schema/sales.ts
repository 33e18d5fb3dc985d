import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
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
import { PAYMENT_STATUSES } from './restock.ts';
import { items, warehouses } from './stock.ts';
import { tenants, users } from './tenancy.ts';

export const SALE_PAYMENT_METHODS = ['cash', 'card', 'transfer', 'cheque', 'none'] as const;
export const DISCOUNT_TYPES = ['none', 'percentage', 'fixed'] as const;

/** A customer of the business (the Customers screen); a sale with a new phone adds one. */
export const customers = pgTable(
  'customers',
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
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** The phone as it is compared (`phoneKey` in the domain; the SQL function phone_key_of, migration 0033). */
    phoneKey: text('phone_key')
      .notNull()
      .generatedAlwaysAs(sql`phone_key_of(phone)`),
    email: text('email'),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_phone_uq').on(t.tenantId, t.phone),
    // Not unique: customers added before 0033 may share a key; the writes refuse (or reuse) a known one.
    index('customers_phone_key_idx').on(t.tenantId, t.phoneKey),
    index('customers_phone_key_trgm_idx').using('gin', sql`${t.phoneKey} gin_trgm_ops`),
    uniqueIndex('customers_public_id_uq').on(t.tenantId, t.publicId),
    index('customers_tenant_idx').on(t.tenantId, t.id),
    // The customer search (any part of the name or phone, any case): pg_trgm, migration 0008.
    index('customers_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('customers_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

/**
 * How many customers a business has, kept by every insert and delete of one in its transaction: the customers
 * list's total and the dashboard's count read this, not a count of a million rows.
 */
export const customerCounts = pgTable('customer_counts', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  total: integer('total').notNull(),
});

/** A sale: one customer, one warehouse, its pricing and payment. Deleting sets deleted_at. */
export const sales = pgTable(
  'sales',
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
    /** The business's own number for the sale, from 1 with no gaps: what its receipts print. */
    number: integer('number').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    /** The customer-list entry it was made for: the one named, or the one its phone belongs to (walk-ins: none). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    invoiceNumber: text('invoice_number'),
    notes: text('notes'),
    subtotalKobo: bigint('subtotal_kobo', { mode: 'number' }).notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    vatKobo: bigint('vat_kobo', { mode: 'number' }).notNull(),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull(),
    discountValue: numeric('discount_value', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull(),
    grandTotalKobo: bigint('grand_total_kobo', { mode: 'number' }).notNull(),
    amountPaidKobo: bigint('amount_paid_kobo', { mode: 'number' }).notNull(),
    /** What the customer handed over for a paid sale (change = tendered − total). */
    tenderedKobo: bigint('tendered_kobo', { mode: 'number' }),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull(),
    paymentMethod: text('payment_method', { enum: SALE_PAYMENT_METHODS }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    /** The uploaded invoice (a stored file of the business), shown as its URL. */
    invoiceFileId: text('invoice_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    proformaId: integer('proforma_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    employeeName: text('employee_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The report and the lists read live sales of a business by date.
    index('sales_tenant_date_idx')
      .on(t.tenantId, t.saleDate, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('sales_pending_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.deletedAt} is null and ${t.paymentStatus} <> 'paid'`),
    index('sales_customer_idx').on(t.tenantId, sql`lower(${t.customerName})`, t.saleDate),
    uniqueIndex('sales_tenant_number_idx').on(t.tenantId, t.number),
    uniqueIndex('sales_public_id_uq').on(t.tenantId, t.publicId),
    // The file's record (who may open it) and the upload sweep's question "does a record name it?".
    index('sales_invoice_file_idx')
      .on(t.invoiceFileId)
      .where(sql`${t.invoiceFileId} is not null`),
  ],
);

export const saleLines = pgTable(
  'sale_lines',
  {
    id: serial('id').primaryKey(),
    /** Its sale's business (no key of its own: the sale's key holds it, and a sale checks one key fewer per line). */
    tenantId: integer('tenant_id').notNull(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [index('sale_lines_sale_idx').on(t.saleId), index('sale_lines_item_idx').on(t.itemId)],
);

/**
 * Units and revenue sold per item and day, kept in the sale's transaction (under the item's row lock
 * the ledger already holds): the report's top products and cost of goods sold read this, not the lines.
 */
export const salesItemDaily = pgTable(
  'sales_item_daily',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    revenueKobo: bigint('revenue_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.saleDate] }),
    index('sales_item_daily_tenant_idx').on(t.tenantId, t.saleDate),
  ],
);

/** The same per item and month (its first day): a year's report reads twelve rows per item, not 365. */
export const salesItemMonthly = pgTable(
  'sales_item_monthly',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    revenueKobo: bigint('revenue_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.month] }),
    index('sales_item_monthly_tenant_idx').on(t.tenantId, t.month),
  ],
);

/**
 * Live sales' figures per warehouse, day and payment method, kept by every write to a sale (recording,
 * a later payment, deleting) in its transaction: the report's totals, days and methods read these.
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method', { enum: SALE_PAYMENT_METHODS }).notNull(),
    saleCount: integer('sale_count').notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull(),
    /** What was paid when each sale was recorded (its amount paid less its later payments). */
    paidAtSaleKobo: bigint('paid_at_sale_kobo', { mode: 'number' }).notNull(),
    paidAtSaleCount: integer('paid_at_sale_count').notNull(),
    owingCount: integer('owing_count').notNull(),
    vatKobo: bigint('vat_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.saleDate, t.warehouseId, t.paymentMethod] })],
);

/** Live sales per warehouse, month and customer name (case aside), kept with salesDaily: top customers. */
export const salesCustomerMonthly = pgTable(
  'sales_customer_monthly',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    /** lower(customer_name) */
    customerKey: text('customer_key').notNull(),
    /** The name as first written (the least of its spellings). */
    customerName: text('customer_name').notNull(),
    saleCount: integer('sale_count').notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.month, t.warehouseId, t.customerKey] })],
);

export const proformas = pgTable(
  'proformas',
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
    /** The business's own number for the proforma, from 1 with no gaps. */
    number: integer('number').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    proformaDate: date('proforma_date', { mode: 'string' }).notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    /** The customer-list entry it was made for: the one named, or the one its phone belongs to (walk-ins: none). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    notes: text('notes'),
    subtotalKobo: bigint('subtotal_kobo', { mode: 'number' }).notNull(),
    applyVat: boolean('apply_vat').notNull(),
    vatRate: numeric('vat_rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    vatKobo: bigint('vat_kobo', { mode: 'number' }).notNull(),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull(),
    discountValue: numeric('discount_value', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull(),
    grandTotalKobo: bigint('grand_total_kobo', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'converted'] })
      .notNull()
      .default('pending'),
    /** The uploaded invoice (a stored file of the business), shown as its URL. */
    invoiceFileId: text('invoice_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A money document is never hard-deleted: a deleted proforma is marked, with who deleted it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
  },
  (t) => [
    index('proformas_tenant_idx').on(t.tenantId, t.id),
    uniqueIndex('proformas_public_id_uq').on(t.tenantId, t.publicId),
    index('proformas_customer_idx').on(t.tenantId, sql`lower(${t.customerName})`),
    uniqueIndex('proformas_tenant_number_idx').on(t.tenantId, t.number),
    index('proformas_invoice_file_idx')
      .on(t.invoiceFileId)
      .where(sql`${t.invoiceFileId} is not null`),
  ],
);

export const proformaLines = pgTable(
  'proforma_lines',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    proformaId: integer('proforma_id')
      .notNull()
      .references(() => proformas.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [index('proforma_lines_proforma_idx').on(t.proformaId)],
);

/** The business's details on receipts and proformas (Settings → Company). */
export const companyProfiles = pgTable('company_profiles', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
  phoneNumber: text('phone_number'),
  address: text('address'),
  accountNumber: text('account_number'),
  bankName: text('bank_name'),
  accountName: text('account_name'),
  logoFileId: text('logo_file_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number a business gave each kind of document it shows its customers ("sale", "proforma"). A
 * document takes the next one in its own transaction, so a refused or failed attempt leaves no gap.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);

/** The business's limits on what staff take off a sale (Settings → Discounts, issue 17 §4). */
export const salesSettings = pgTable('sales_settings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** The largest discount an employee may give, in percent of the sale's total before the discount; null: none. */
  maxDiscountPercent: numeric('max_discount_percent', { precision: 5, scale: 2, mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per sale that sold a line below its item's price or gave a discount, written in the sale's own
 * transaction (before its writing statement): what the sales report counts as overrides. A deleted sale's row
 * stays; the report reads live sales only.
 */
export const salePriceOverrides = pgTable(
  'sale_price_overrides',
  {
    saleId: integer('sale_id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id').notNull(),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    userId: integer('user_id'),
    employeeName: text('employee_name'),
    /** Lines sold below their item's price, and what they took off the items' prices (kobo). */
    belowPriceLines: integer('below_price_lines').notNull(),
    belowPriceKobo: bigint('below_price_kobo', { mode: 'number' }).notNull(),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sale_price_overrides_date_idx').on(t.tenantId, t.saleDate)],
);
