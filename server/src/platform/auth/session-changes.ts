import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import type { TSessionChange, TSessionStore } from './session-store.ts';

const CHANNEL = 'session_changes';

/**
 * Session revocations across processes: each process's session store publishes what it forgets as a
 * NOTIFY, and every process (this one too, harmlessly) drops it from its cache when it hears it. On the
 * embedded database there is one process, so nothing is published.
 */
export function sessionChangePublisher(database: DatabaseHandle, log: FastifyBaseLogger) {
  if (database.kind !== 'postgres') return undefined;
  return (change: TSessionChange) => {
    database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(change)})`).catch((error) => {
      log.warn({ err: error }, 'could not tell the other processes of a revoked session');
    });
  };
}

/** Listens for other processes' revocations; answers how to stop. */
export async function listenForSessionChanges(
  database: DatabaseHandle,
  sessions: Pick<TSessionStore, 'heard'>,
): Promise<() => Promise<void>> {
  if (database.kind !== 'postgres') return async () => {};
  return database.listen(CHANNEL, (payload) => {
    try {
      const change = JSON.parse(payload) as TSessionChange;
      if (typeof change === 'object' && change !== null) sessions.heard(change);
    } catch {
      // Not ours: ignore.
    }
  });
}
