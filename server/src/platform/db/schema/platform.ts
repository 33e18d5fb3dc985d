import { customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy.ts';

/** A file sent with an e-mail, base64 in the outbox row until the message is sent. */
export type TMailAttachment = { filename: string; contentType: string; contentBase64: string };

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    feedback: text('feedback').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** The durable mail outbox: a message is stored first and sent (and retried) by the outbox worker. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** Files sent with the message (a receipt PDF), kept until it is sent. */
    attachments: jsonb('attachments').$type<TMailAttachment[]>(),
    /** held: past the business's e-mail limits, kept to show what was held back and never sent. */
    status: text('status', { enum: ['pending', 'sent', 'failed', 'held'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_emails_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_emails_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded files' bytes when the app runs on PostgreSQL, so every process reads what any process stored
 * (`platform/storage/database-storage.ts`); keyed `<tenant id>/<file id>` like the files on disk.
 */
export const fileContents = pgTable('file_contents', {
  key: text('key').primaryKey(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Wrong codes (the business's access code, the platform admin code), counted in the database so every
 * process sees the same count (`platform/security/failure-counter.ts`).
 */
export const failedAttempts = pgTable(
  'failed_attempts',
  {
    id: serial('id').primaryKey(),
    /** What was tried: 'access_code', 'admin_code'. */
    scope: text('scope').notNull(),
    /** Who or where it was counted for: a business, an account, an address. */
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('failed_attempts_idx').on(t.scope, t.subject, t.createdAt)],
);
