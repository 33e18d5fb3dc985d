import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newPublicId } from '@app/domain/ids/public-id';
import { storedFiles } from './files.ts';
import { tenants, users } from './tenancy.ts';

export const VENDOR_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * A business's vendor profile on the marketplace (spec 3 §2.5, §3): one per business. Its documents are the
 * business's stored files, opened only through the server (the business itself, or the platform admin).
 */
export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id')
      .notNull()
      .default(sql`gen_random_uuid()`)
      .$defaultFn(newPublicId),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').notNull(),
    location: text('location').notNull(),
    contactLink: text('contact_link'),
    description: text('description'),
    nin: text('nin'),
    cac: text('cac'),
    vendorPhone: text('vendor_phone').notNull(),
    /** Whether the marketplace may show the phone (private unless the vendor chooses). */
    showPhone: boolean('show_phone').notNull().default(false),
    deliveryScope: text('delivery_scope').notNull(),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }).notNull(),
    govIdFileId: text('gov_id_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    cacCertFileId: text('cac_cert_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    locationProofFileId: text('location_proof_file_id').references(() => storedFiles.id, {
      onDelete: 'set null',
    }),
    bulkProofFileId: text('bulk_proof_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    warehouseFileId: text('warehouse_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    status: text('status', { enum: VENDOR_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The vendor's access code, given once on approval; only its hash is kept. */
    accessCodeHash: text('access_code_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vendors_tenant_uq').on(t.tenantId), index('vendors_status_idx').on(t.status, t.id)],
);

/**
 * A product a vendor offers (spec 3 §3). Money in kobo. Public on the marketplace only when it and its
 * vendor are approved and it is not deleted; a deleted product keeps its row with the reason.
 */
export const vendorProducts = pgTable(
  'vendor_products',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id')
      .notNull()
      .default(sql`gen_random_uuid()`)
      .$defaultFn(newPublicId),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    productDescription: text('product_description').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    category: text('category').notNull(),
    stockQuantity: integer('stock_quantity').notNull(),
    sellerState: text('seller_state').notNull(),
    withinStateFeeKobo: bigint('within_state_fee_kobo', { mode: 'number' }).notNull().default(0),
    outsideStateFeeKobo: bigint('outside_state_fee_kobo', { mode: 'number' }).notNull().default(0),
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    maxQuantity: integer('max_quantity'),
    discountType: text('discount_type', { enum: ['None', 'Percentage', 'Fixed'] })
      .notNull()
      .default('None'),
    /** A percentage (0–100, two decimals as hundredths) or a fixed amount in kobo, by discount_type. */
    discountValue: bigint('discount_value', { mode: 'number' }).notNull().default(0),
    colors: jsonb('colors').$type<string[]>().notNull().default([]),
    productSize: jsonb('product_size').$type<string[]>().notNull().default([]),
    nafdacNumber: text('nafdac_number'),
    productWeight: text('product_weight'),
    /** One or two stored image files, in order. */
    imageFileIds: jsonb('image_file_ids').$type<string[]>().notNull().default([]),
    videoFileId: text('video_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    status: text('status', { enum: VENDOR_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletionReason: text('deletion_reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vendor_products_vendor_idx').on(t.vendorId, t.id),
    index('vendor_products_status_idx').on(t.status, t.id),
    index('vendor_products_name_trgm_idx').using('gin', sql`${t.productName} gin_trgm_ops`),
  ],
);

export const REVIEW_RECORD_TYPES = ['sale', 'expense', 'purchase'] as const;

/**
 * Admin Review's mark on a record (spec 3 §2.7): verified (who and when), or flagged with a note that the MD
 * sees until resolved. A record without a mark is unverified.
 */
export const reviewMarks = pgTable(
  'review_marks',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    recordType: text('record_type', { enum: REVIEW_RECORD_TYPES }).notNull(),
    recordId: integer('record_id').notNull(),
    state: text('state', { enum: ['verified', 'flagged'] }).notNull(),
    note: text('note'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('review_marks_record_uq').on(t.tenantId, t.recordType, t.recordId),
    index('review_marks_flags_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.state} = 'flagged' and ${t.resolvedAt} is null`),
  ],
);
