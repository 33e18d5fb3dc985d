import type { Writable } from 'node:stream';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Transaction } from './client.ts';
import * as schema from './schema/index.ts';

type TQueryArgs = [config: pg.QueryConfig | string, values?: unknown[]];
type TState = { begun: boolean; ended: boolean };

/** What a pipelined transaction's statements are sent through (see pipelinedTransaction). */
export type TPipelinedClient = {
  query: (...args: TQueryArgs) => Promise<pg.QueryResult>;
  /** Sends the statement and COMMIT together; the transaction ends with it. */
  queryThenCommit: (config: pg.QueryConfig) => Promise<pg.QueryResult>;
};

type TEntry = { tx: Transaction; state: TState };
const entries = new WeakMap<pg.PoolClient, TEntry>();

/**
 * Sends the queries `send` makes as one write to the socket. pg's pipeline mode (the pool's `pipeline`)
 * writes each query as soon as it is made; corking the socket around them makes it one write.
 */
function together(client: pg.PoolClient, send: () => Promise<pg.QueryResult>[]) {
  const stream = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
  stream?.cork();
  try {
    return send();
  } finally {
    stream?.uncork();
  }
}

/** Waits for every answer to queries sent together; throws the first error in the order they were sent. */
async function allAnswered(sent: Promise<unknown>[]) {
  const settled = await Promise.allSettled(sent);
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

function pipelinedClient(client: pg.PoolClient, state: TState): TPipelinedClient {
  const ensureOpen = () => {
    if (state.ended) throw new Error('This transaction has already been committed');
  };
  return {
    async query(config, values) {
      ensureOpen();
      if (state.begun) return client.query(config as pg.QueryConfig, values);
      state.begun = true;
      const [begin, first] = together(client, () => [
        client.query('begin'),
        client.query(config as pg.QueryConfig, values),
      ]);
      await allAnswered([begin!, first!]);
      return first!;
    },
    async queryThenCommit(config) {
      ensureOpen();
      const begin = !state.begun;
      state.begun = state.ended = true;
      const sent = together(client, () => [
        ...(begin ? [client.query('begin')] : []),
        client.query(config),
        client.query('commit'),
      ]);
      // A statement that fails aborts the transaction: PostgreSQL answers the COMMIT behind it with a rollback.
      await allAnswered(sent);
      return sent[sent.length - 2]!;
    },
  };
}

function entryFor(client: pg.PoolClient): TEntry {
  let entry = entries.get(client);
  if (!entry) {
    const state: TState = { begun: false, ended: false };
    // A drizzle handle over the pipelined client, made once per connection (making one builds the schema's
    // query builders): queries written with drizzle go through the same transaction.
    const tx = drizzleNodePg({ client: pipelinedClient(client, state) as unknown as pg.PoolClient, schema });
    entry = { tx: tx as unknown as Transaction, state };
    entries.set(client, entry);
  }
  return entry;
}

/**
 * A transaction for a hot path on PostgreSQL that saves two round trips: BEGIN is sent with its first
 * statement, and its last statement may carry the COMMIT (hotStatement's `endsTransaction`). Commits when
 * `work` resolves (unless its last statement did), rolls back when it throws. On PGlite (in process, no
 * round trips) an ordinary transaction.
 */
export async function pipelinedTransaction<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const pool = (db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return db.transaction(work);
  const client = await pool.connect();
  const { tx, state } = entryFor(client);
  state.begun = state.ended = false;
  let broken: Error | undefined;
  try {
    const result = await work(tx);
    if (state.begun && !state.ended) await client.query('commit');
    return result;
  } catch (error) {
    if (state.begun && !state.ended) {
      await client.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
    }
    throw error;
  } finally {
    state.ended = true;
    client.release(broken);
  }
}

/** The pipelined client a statement on `tx` goes through, if `tx` is a pipelined transaction. */
export function pipelinedClientOf(client: unknown): TPipelinedClient | null {
  return typeof client === 'object' && client !== null && 'queryThenCommit' in client
    ? (client as TPipelinedClient)
    : null;
}
