import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction as TPgliteTransaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type TSchema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, TSchema>;
export type Transaction = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** What a repository function runs on: the database or a transaction in progress. */
export type Executor = Database | Transaction;

/** The rows of a raw SQL query, on PGlite and PostgreSQL alike. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * Calls `onMessage` for every NOTIFY on `channel` from any process using the database; answers a function
   * that stops listening. On PostgreSQL a dedicated connection listens (reopened if it drops).
   */
  listen: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
};

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export type DatabaseTarget = { url: string } | { pgliteDir: string | null };

const pgliteOfTransaction = new WeakMap<TPgliteTransaction, PGlite>();

/** PGlite that knows its transactions, so what lives in its one session (prepared statements) can be found from them. */
class SessionPGlite extends PGlite {
  override transaction<T>(callback: (tx: TPgliteTransaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      pgliteOfTransaction.set(tx, this);
      return callback(tx);
    });
  }
}

/** The PGlite session a PGlite client (the instance, or one of its transactions) runs in. */
export function pgliteSessionOf(client: object): object {
  return pgliteOfTransaction.get(client as TPgliteTransaction) ?? client;
}

/** Opens PostgreSQL (url) or PGlite (a directory, or null for memory) and applies the migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    // pipeline: a query is written as soon as it is made, so pipelinedTransaction can send BEGIN with its
    // first statement and COMMIT with its last; one query after another, as everywhere else, is unchanged.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, pipeline: true });
    // An idle connection the server closes (restart, failover) must not crash the process; the pool
    // drops it and the next query opens a fresh one.
    pool.on('error', () => undefined);
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    await migrateOnce(target.url, () => migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR }));
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      listen: (channel, onMessage) => listenOnPostgres(target.url, channel, onMessage),
    };
  }
  if (target.pgliteDir) mkdirSync(target.pgliteDir, { recursive: true });
  // pg_trgm indexes the searches of item and customer names (and PostgreSQL ships it as a trusted extension).
  const client = new SessionPGlite({ dataDir: target.pgliteDir ?? undefined, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}

/** Any fixed number: the advisory lock every process takes to migrate. */
const MIGRATION_LOCK = 7_310_001;

/**
 * Applies the migrations while holding an advisory lock on a connection of its own, so processes starting
 * together on one database migrate one after the other (the later ones find nothing left to do).
 */
async function migrateOnce(url: string, migrate: () => Promise<unknown>): Promise<void> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await lock.end();
  }
}

const LISTEN_RETRY_MS = 1_000;

/** LISTEN on a connection of its own, opened again (after a pause) whenever it drops, until stopped. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => {
      client = null;
      void next.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), LISTEN_RETRY_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

export { schema };
