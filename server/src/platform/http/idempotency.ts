import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../db/client.ts';
import { pipelinedTransaction } from '../db/pipelined.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

export type TReply<T> = { status: number; body: T };

type TScope = { tenantId: number; key: string | null; route: string };

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

/** The answer kept for a key another call claimed, or 409 when that call was a different one. */
async function previousReply<T>(tx: Transaction, scope: TScope & { key: string }): Promise<TReply<T>> {
  const [previous] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, scope.key)));
  if (!previous || previous.route !== scope.route || previous.statusCode === null) {
    throw new AppError('conflict', 'This Idempotency-Key was already used for another request');
  }
  return { status: previous.statusCode, body: previous.response as T };
}

/**
 * Runs `work` in one transaction. With a key, the first call records its answer in the same
 * transaction; a retry (even a concurrent one: it waits on the key's row) gets that answer back and
 * records nothing. A key reused for a different call is refused.
 */
export async function runIdempotent<T>(
  db: Database,
  scope: TScope,
  work: (tx: Transaction) => Promise<TReply<T>>,
): Promise<TReply<T>> {
  return db.transaction(async (tx) => {
    if (!scope.key) return work(tx);
    const key = scope.key;
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ tenantId: scope.tenantId, key, route: scope.route })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return previousReply<T>(tx, { ...scope, key });
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: result.status, response: result.body as object })
      .where(and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.key, key)));
    return result;
  });
}

/** The placeholders of KEY_CLAIM and KEY_CLAIMED. */
export type TKeyClaimValues = { tenantId: number; idempotencyKey: string | null; idempotencyRoute: string };
/** The placeholders of KEPT_REPLY (with TKeyClaimValues). */
export type TKeptReplyValues = { replyStatus: number; replyBody: string | null };

const key = sql.placeholder('idempotencyKey');
const tenantId = sql.placeholder('tenantId');

/** Claims the key (when there is one) as a member `key_claim` of the WITH clause of a hot path's first statement. */
export const KEY_CLAIM = sql`key_claim as (
  insert into ${idempotencyKeys} (tenant_id, key, route)
  select ${tenantId}, ${key}::text, ${sql.placeholder('idempotencyRoute')}::text where ${key}::text is not null
  on conflict do nothing returning 1 as claimed)`;

/** True when the call goes ahead: it has no key, or has just claimed it (after waiting for a concurrent claim). */
export const KEY_CLAIMED = sql`(${key}::text is null or exists (select 1 from key_claim))`;

/** Keeps the answer for the key (when there is one) as a member `kept_reply` of the hot path's last statement. */
export const KEPT_REPLY = sql`kept_reply as (
  update ${idempotencyKeys} set status_code = ${sql.placeholder('replyStatus')}::int,
    response = ${sql.placeholder('replyBody')}::jsonb
  where tenant_id = ${tenantId} and key = ${key}::text)`;

export type TInlineKey = {
  claim: TKeyClaimValues;
  keep: (reply: TReply<unknown>) => TKeptReplyValues;
};

/**
 * runIdempotent for a hot path that saves two round trips: its first statement claims the key (KEY_CLAIM,
 * KEY_CLAIMED) and its last keeps the answer (KEPT_REPLY). `work` answers null when its first statement
 * found the key already claimed; the answer kept for it is returned. The transaction is pipelined (BEGIN
 * goes with the first statement; the last may carry the COMMIT).
 */
export async function runWithInlineKey<T>(
  db: Database,
  scope: TScope,
  work: (tx: Transaction, key: TInlineKey) => Promise<TReply<T> | null>,
): Promise<TReply<T>> {
  return pipelinedTransaction(db, async (tx) => {
    const result = await work(tx, {
      claim: { tenantId: scope.tenantId, idempotencyKey: scope.key, idempotencyRoute: scope.route },
      keep: (reply) => ({
        replyStatus: reply.status,
        replyBody: scope.key ? JSON.stringify(reply.body) : null,
      }),
    });
    if (result) return result;
    if (!scope.key) throw new Error('a call without a key cannot find it claimed');
    return previousReply<T>(tx, { ...scope, key: scope.key });
  });
}
