import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

export type TReply<T> = { status: number; body: T };

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
  work: (tx: Transaction) => Promise<TReply<T>>,
): Promise<TReply<T>> {
  return db.transaction(async (tx) => {
    if (!scope.key) return work(tx);
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ tenantId: scope.tenantId, key: scope.key, route: scope.route })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [previous] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, scope.key)));
      if (!previous || previous.route !== scope.route || previous.statusCode === null) {
        throw new AppError('conflict', 'This Idempotency-Key was already used for another request');
      }
      return { status: previous.statusCode, body: previous.response as T };
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: result.status, response: result.body as object })
      .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, scope.key)));
    return result;
  });
}
