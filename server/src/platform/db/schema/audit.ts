import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy.ts';

/**
 * The audit trail: one append-only row per change to money, stock, people or settings, written in the
 * change's own transaction. A trigger (migration 0007) refuses UPDATE and DELETE.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made the change: no foreign key, so the entry outlives the account (nothing may update it). */
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    /** What happened, `<record>.<verb>` (AUDIT_KINDS in the domain). */
    kind: text('kind').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_entries_tenant_idx').on(t.tenantId, t.id),
    index('audit_entries_record_idx').on(t.tenantId, t.recordType, t.recordId, t.id),
  ],
);
