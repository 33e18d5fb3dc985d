import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { businessDate } from '@app/domain/dates/business-date';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { tenants } from '../platform/db/schema/index.ts';
import { loadConfig, type TConfig } from '../platform/config.ts';
import { openDatabase, type DatabaseHandle } from '../platform/db/client.ts';
import type { TMailTransport } from '../platform/mail/outbox.worker.ts';

/** A fresh database for one test file: PGlite in memory, or a new PostgreSQL database (TEST_DB_KIND=postgres). */
export async function freshDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_KIND !== 'postgres') return openDatabase({ pgliteDir: null });
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `t_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export function testConfig(overrides: Partial<TConfig> = {}): TConfig {
  return {
    ...loadConfig({
      DATA_DIR: `/tmp/app-test-${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'x'.repeat(40),
    }),
    ...overrides,
  };
}

export type TTestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: TConfig;
  close: () => Promise<void>;
};

export async function createTestApp(
  options: { config?: Partial<TConfig>; mailTransport?: TMailTransport } = {},
): Promise<TTestApp> {
  const database = await freshDatabase();
  const config = testConfig(options.config);
  const app = await buildApp({
    config,
    database,
    serveWebApp: false,
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}${randomBytes(2).toString('hex')}`;

export type TSession = { token: string; userId: number; username: string };

/** Registers a business and logs its MD in. */
export async function registerBusiness(
  app: FastifyInstance,
  overrides: { name?: string; email?: string } = {},
) {
  const id = unique();
  const name = overrides.name ?? `Shop ${id}`;
  const email = overrides.email ?? `md-${id}@example.com`;
  const password = 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username: name, email, password, role: 'md', plan: 'free', accepted_terms: true },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const md = await loginMd(app, name, password);
  return { name, email, password, md };
}

export async function loginMd(app: FastifyInstance, username: string, password: string): Promise<TSession> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: formBody({ username, password }),
    headers: form,
  });
  if (res.statusCode !== 200) throw new Error(`MD login failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: body.access_token, userId: body.user_id, username: body.username };
}

export async function loginEmployee(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<TSession> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/employee/token',
    payload: formBody({ email, password }),
    headers: form,
  });
  if (res.statusCode !== 200) throw new Error(`employee login failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: body.access_token, userId: body.user_id, username: body.username };
}

/** Creates an employee (as the MD), grants the keys given, and logs the employee in. */
export async function createEmployee(app: FastifyInstance, md: TSession, grants: readonly string[] = []) {
  const id = unique();
  const email = `emp-${id}@example.com`;
  const password = 'employee password';
  const res = await app.inject({
    method: 'POST',
    url: '/api/dashboard/create-employee',
    headers: bearer(md),
    payload: { name: `Employee ${id}`, email, password },
  });
  if (res.statusCode !== 201) throw new Error(`create employee failed: ${res.statusCode} ${res.body}`);
  const employeeId: number = res.json().employee.employee_id;
  if (grants.length > 0) {
    const saved = await app.inject({
      method: 'POST',
      url: `/api/settings/employee-permissions/${employeeId}`,
      headers: bearer(md),
      payload: grants.map((resource_key) => ({ resource_key, can_access: true })),
    });
    if (saved.statusCode !== 200) throw new Error(`grant failed: ${saved.statusCode} ${saved.body}`);
  }
  const session = await loginEmployee(app, email, password);
  return { employeeId, email, password, session };
}

/** A refusal's words: a rule's `detail` text, or the first `msg` of a validation list. */
export const firstMessage = (detail: unknown): unknown =>
  Array.isArray(detail) ? (detail[0] as { msg?: unknown } | undefined)?.msg : detail;

export const form = { 'content-type': 'application/x-www-form-urlencoded' };
export const bearer = (session: TSession) => ({ authorization: `Bearer ${session.token}` });

export function call(app: FastifyInstance, session: TSession | null, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { ...(options.headers ?? {}), ...(session ? bearer(session) : {}) },
  });
}

/**
 * Puts a business straight on a pro plan ending in `days` (negative: already expired), Pro Yearly unless
 * told (every plan feature); the card payment that does this for real is tested in modules/billing.
 */
export async function makePro(
  test: TTestApp,
  md: TSession,
  days = 30,
  planKey: 'monthly_pro' | 'yearly' = 'yearly',
) {
  const me = (await call(test.app, md, { method: 'GET', url: '/api/users/me' })).json();
  await test.database.db
    .update(tenants)
    .set({ plan: 'pro', planKey, planExpiresAt: new Date(Date.now() + days * 86_400_000) })
    .where(eq(tenants.id, me.tenant_id));
}

export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A warehouse, an item with stock bought today on credit, and its purchase, created through the API. */
export async function createStockFixture(
  app: FastifyInstance,
  md: TSession,
  overrides: Partial<{
    warehouse: string;
    item: string;
    quantity: number;
    unitPrice: number;
    reorderLevel: number;
    date: string;
  }> = {},
) {
  const id = unique();
  const warehouse = overrides.warehouse ?? `Store ${id}`;
  const item = overrides.item ?? `Rice 50kg ${id}`;
  const existing = (await call(app, md, { method: 'GET', url: '/api/warehouses' })).json() as {
    warehouse_name: string;
  }[];
  const res = await call(app, md, {
    method: 'POST',
    url: '/api/restock/new-item',
    payload: {
      item_name: item,
      supplied_quantity: overrides.quantity ?? 20,
      reorder_level: overrides.reorderLevel ?? 5,
      unit_price: overrides.unitPrice ?? 1500,
      supplier_name: 'Dangote Depot',
      purchase_date: overrides.date ?? businessDate(),
      payment_status: 'credit',
      payment_method: 'transfer',
      due_date: businessDate(),
      ...(existing.some((w) => w.warehouse_name === warehouse)
        ? { warehouse_name: warehouse }
        : { new_warehouse_name: warehouse }),
    },
  });
  if (res.statusCode !== 201) throw new Error(`new item failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const warehouses = (await call(app, md, { method: 'GET', url: '/api/warehouses' })).json() as {
    warehouse_id: number;
    warehouse_name: string;
  }[];
  const warehouseId = warehouses.find((w) => w.warehouse_name === warehouse)!.warehouse_id;
  return {
    warehouse,
    warehouseId,
    item,
    itemId: body.item_id as number,
    purchaseId: body.purchase_id as number,
  };
}

/** A tiny real PNG (1×1). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one file field (and optional text fields first). */
export function multipartBody(
  field: string,
  filename: string,
  content: Buffer,
  fields: Record<string, string> = {},
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The business date n days before today (Lagos). */
export function daysAgo(n: number): string {
  const date = new Date(`${businessDate()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - n);
  return date.toISOString().slice(0, 10);
}
