import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy.ts';

/** An uploaded file (invoice, logo...): stored by the storage part, served only to its business. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_files_tenant_idx').on(t.tenantId, t.createdAt),
    // The similar-name check (spec 3 §2.2) looks a business's files of one purpose up by the start of their name.
    index('stored_files_name_idx').on(t.tenantId, t.purpose, sql`lower(${t.originalName}) text_pattern_ops`),
  ],
);

/** A recorded answer to a call carrying an Idempotency-Key: a retry gets it back and records nothing. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    /** A hash of the request the key was first used for: the same key on another request is refused. */
    requestHash: text('request_hash'),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
