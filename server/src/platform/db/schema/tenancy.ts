import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A business. Every business table carries tenant_id pointing here. */
export const tenants = pgTable(
  'tenants',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /**
     * The name as it is compared (`businessNameKey`: NFKC, look-alike letters folded, spaces collapsed,
     * lower case): no two businesses share one, and sign-in finds the business by it. Filled at start-up for
     * businesses registered before it existed (left empty for the later of two old look-alikes, which then
     * signs in by its exact name).
     */
    nameKey: text('name_key'),
    plan: text('plan', { enum: ['free', 'pro'] })
      .notNull()
      .default('free'),
    planExpiresAt: timestamp('plan_expires_at', { withTimezone: true }),
    /** Which paid plan the business last bought (its features differ: spec 1 §9); null on free. */
    planKey: text('plan_key', { enum: ['monthly_pro', 'yearly'] }),
    transactionCount: integer('transaction_count').notNull().default(0),
    accessCodeHash: text('access_code_hash'),
    accessCodeUpdatedAt: timestamp('access_code_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tenants_name_lower_uq').on(sql`lower(${t.name})`),
    uniqueIndex('tenants_name_key_uq').on(t.nameKey),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['md', 'employee'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    accessChoice: text('access_choice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A removed employee: cannot sign in, and their records keep their name. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** When the account's owner was last told by e-mail that someone keeps failing to sign in as them. */
    loginAlertSentAt: timestamp('login_alert_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.removedAt} is null`),
    index('users_tenant_idx').on(t.tenantId, t.role),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Granted keys only: a row means can_access = true. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceKey: text('resource_key').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_permissions_uq').on(t.userId, t.resourceKey)],
);

/**
 * Browsers an account has signed in from: the hash of the browser's device cookie, one row per account
 * it signed in. A known browser is never slowed down or refused for failures made elsewhere.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('login_devices_uq').on(t.tokenHash, t.userId)],
);

/** Every login attempt, failed or not; the admin review screen lists them. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    accountKind: text('account_kind', { enum: ['md', 'employee'] }).notNull(),
    identifier: text('identifier').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    /** Made from a browser the account had signed in from: such failures slow nobody down. */
    knownDevice: boolean('known_device').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_identifier_idx').on(t.accountKind, t.identifier, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);
