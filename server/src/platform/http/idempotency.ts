import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

export type TReply<T> = { status: number; body: T };

/**
 * The claimed key, for work that writes its answer in its own last statement (one round trip fewer):
 * `keep(reply)` is that write as a member of a WITH clause, or null when the call has no key.
 */
export type TClaimedKey = { keep: (reply: TReply<unknown>) => SQL | null };

/** The Idempotency-Key header, if any (1–200 visible characters). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200 || !/^[\x21-\x7E]+$/.test(key)) {
    throw new AppError('bad_request', 'Idempotency-Key must be 1 to 200 visible characters');
  }
  return key;
}

/**
 * Runs `work` in one transaction. With a key, the first call records its answer in the same
 * transaction; a retry (even a concurrent one: it waits on the key's row) gets that answer back and
 * records nothing. A key reused for a different call is refused.
 */
export async function runIdempotent<T>(
  db: Database,
  scope: { tenantId: number; key: string | null; route: string },
  work: (tx: Transaction, claimed: TClaimedKey) => Promise<TReply<T>>,
): Promise<TReply<T>> {
  return db.transaction(async (tx) => {
    const none: TClaimedKey = { keep: () => null };
    if (!scope.key) return work(tx, none);
    const key = scope.key;
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ tenantId: scope.tenantId, key, route: scope.route })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [previous] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, key)));
      if (!previous || previous.route !== scope.route || previous.statusCode === null) {
        throw new AppError('conflict', 'This Idempotency-Key was already used for another request');
      }
      return { status: previous.statusCode, body: previous.response as T };
    }
    const storeReply = (reply: TReply<unknown>) =>
      tx
        .update(idempotencyKeys)
        .set({ statusCode: reply.status, response: reply.body as object })
        .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, key)));
    let kept = false;
    const result = await work(tx, {
      keep: (reply) => {
        kept = true;
        return sql`kept_reply as (${storeReply(reply).getSQL()})`;
      },
    });
    if (!kept) await storeReply(result);
    return result;
  });
}
