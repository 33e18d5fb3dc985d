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
import { REQUISITION_STATUSES } from '@app/domain/schemas/requisitions';
import { newPublicId } from '@app/domain/ids/public-id';
import { storedFiles } from './files.ts';
import { items, warehouses } from './stock.ts';
import { tenants, users } from './tenancy.ts';

/**
 * A request for one item from a warehouse (spec 3 §2.3). A request of several items is several rows sharing
 * `request_ref`, the reason and the signature. Approving issues the stock through the ledger (source
 * `requisition`, on `issued_date`); deleting an approved one puts it back.
 */
export const requisitions = pgTable(
  'requisitions',
  {
    id: serial('id').primaryKey(),
    publicId: uuid('public_id')
      .notNull()
      .default(sql`gen_random_uuid()`)
      .$defaultFn(newPublicId),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    requestRef: uuid('request_ref').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    remark: text('remark'),
    status: text('status', { enum: REQUISITION_STATUSES }).notNull().default('Pending'),
    /** Whom the request is for: one of the business's people. */
    employeeId: integer('employee_id').references(() => users.id, { onDelete: 'set null' }),
    signatureFileId: text('signature_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The business day the approved stock left the warehouse. */
    issuedDate: date('issued_date', { mode: 'string' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
  },
  (t) => [
    uniqueIndex('requisitions_public_id_uq').on(t.tenantId, t.publicId),
    // The file's record (who may open it) and the upload sweep's question "does a record name it?".
    index('requisitions_signature_file_idx')
      .on(t.signatureFileId)
      .where(sql`${t.signatureFileId} is not null`),
    index('requisitions_tenant_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('requisitions_employee_idx')
      .on(t.tenantId, t.employeeId, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('requisitions_status_idx')
      .on(t.tenantId, t.status, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);
