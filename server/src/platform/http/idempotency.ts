import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rowsOf, type Database, type Transaction } from '../db/client.ts';
import { pipelinedTransaction } from '../db/pipelined.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

export type TReply<T> = { status: number; body: T };

/** A call's Idempotency-Key, the fingerprint of the request it came with, and how long its answer is kept. */
export type TIdempotencyKey = { key: string; fingerprint: string; keptHours: number };

type TScope = { tenantId: number; key: TIdempotencyKey | null; route: string };

export const KEY_REUSED = 'This Idempotency-Key was already used for another request';

/** JSON with object keys in one order, so the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, child]) => `${JSON.stringify(name)}:${canonicalJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests the same call: method, path with query, and body. */
export const requestFingerprint = (method: string, url: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${url}\n${canonicalJson(body ?? null)}`)
    .digest('base64url');

declare module 'fastify' {
  interface FastifyInstance {
    /** How long a kept answer to an Idempotency-Key is replayed (IDEMPOTENCY_KEY_HOURS). */
    idempotencyKeyHours: number;
  }
}

/**
 * The Idempotency-Key header, if any (1–200 visible characters), with the request's fingerprint. A multipart
 * call has no parsed body: its route passes what it read from the form (`formFingerprint`), so the same key
 * with other content is refused as for JSON.
 */
export function idempotencyKeyOf(
  request: FastifyRequest,
  body: unknown = request.body,
): TIdempotencyKey | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200 || !/^[\x21-\x7E]+$/.test(key)) {
    throw new AppError('bad_request', 'Idempotency-Key must be 1 to 200 visible characters');
  }
  return {
    key,
    fingerprint: requestFingerprint(request.method, request.url, body),
    keptHours: request.server.idempotencyKeyHours,
  };
}

/** The answer kept for a key another call claimed, or 409 when that call was a different one. */
async function previousReply<T>(
  tx: Transaction,
  scope: TScope & { key: TIdempotencyKey },
): Promise<TReply<T>> {
  const [previous] = await rowsOf<TKeptRow>(
    tx,
    sql`select route, request_hash as "requestHash", status_code as "statusCode", response
      from ${idempotencyKeys} where tenant_id = ${scope.tenantId} and key = ${scope.key.key}`,
  );
  const sameCall =
    previous?.route === scope.route &&
    (previous.requestHash === null || previous.requestHash === scope.key.fingerprint);
  if (!previous || !sameCall || previous.statusCode === null) throw new AppError('conflict', KEY_REUSED);
  return { status: previous.statusCode, body: previous.response as T };
}

type TKeptRow = { route: string; requestHash: string | null; statusCode: number | null; response: unknown };

/**
 * Claims the key: a new row, or an expired one taken over (its answer is no longer kept). Nothing when a
 * live claim holds it; a concurrent claim of the same key waits for the first transaction.
 */
const claimKey = (tx: Transaction, scope: TScope & { key: TIdempotencyKey }) =>
  rowsOf<{ claimed: number }>(
    tx,
    sql`insert into ${idempotencyKeys} (tenant_id, key, route, request_hash)
    values (${scope.tenantId}, ${scope.key.key}, ${scope.route}, ${scope.key.fingerprint})
    on conflict (tenant_id, key) do update set route = excluded.route, request_hash = excluded.request_hash,
      status_code = null, response = null, created_at = now()
    where ${idempotencyKeys.createdAt} < now() - make_interval(hours => ${scope.key.keptHours})
    returning 1 as claimed`,
  );

/**
 * Runs `work` in one transaction. With a key, the first call records its answer in the same
 * transaction; a retry (even a concurrent one: it waits on the key's row) gets that answer back and
 * records nothing. A key reused for a different request is refused (409); an answer is kept for the
 * key's lifetime (IDEMPOTENCY_KEY_HOURS), after which the key is free again.
 */
export async function runIdempotent<T>(
  db: Database,
  scope: TScope,
  work: (tx: Transaction) => Promise<TReply<T>>,
): Promise<TReply<T>> {
  return db.transaction(async (tx) => {
    if (!scope.key) return work(tx);
    const keyed = { ...scope, key: scope.key };
    if ((await claimKey(tx, keyed)).length === 0) return previousReply<T>(tx, keyed);
    const result = await work(tx);
    await tx.execute(sql`update ${idempotencyKeys} set status_code = ${result.status},
      response = ${JSON.stringify(result.body)}::jsonb
      where tenant_id = ${scope.tenantId} and key = ${scope.key.key}`);
    return result;
  });
}

/** The placeholders of KEY_CLAIM and KEY_CLAIMED. */
export type TKeyClaimValues = {
  tenantId: number;
  idempotencyKey: string | null;
  idempotencyRoute: string;
  idempotencyHash: string | null;
  idempotencyKeptHours: number;
};
/** The placeholders of keptReply (with TKeyClaimValues). */
export type TKeptReplyValues = { replyStatus: number; replyBody: string | null };

const key = sql.placeholder('idempotencyKey');
const tenantId = sql.placeholder('tenantId');

/** Claims the key (when there is one) as a member `key_claim` of the WITH clause of a hot path's first statement. */
export const KEY_CLAIM = sql`key_claim as (
  insert into ${idempotencyKeys} (tenant_id, key, route, request_hash)
  select ${tenantId}, ${key}::text, ${sql.placeholder('idempotencyRoute')}::text, ${sql.placeholder('idempotencyHash')}::text
  where ${key}::text is not null
  on conflict (tenant_id, key) do update set route = excluded.route, request_hash = excluded.request_hash,
    status_code = null, response = null, created_at = now()
  where ${idempotencyKeys.createdAt} < now() - make_interval(hours => ${sql.placeholder('idempotencyKeptHours')}::int)
  returning 1 as claimed)`;

/** True when the call goes ahead: it has no key, or has just claimed it (after waiting for a concurrent claim). */
export const KEY_CLAIMED = sql`(${key}::text is null or exists (select 1 from key_claim))`;

/**
 * Keeps the answer for the key (when there is one) as a member `kept_reply` of the hot path's last statement;
 * `complete` may fill in what only that statement knows (a document's number).
 */
export const keptReply = (complete: (body: SQL) => SQL = (body) => body) => sql`kept_reply as (
  update ${idempotencyKeys} set status_code = ${sql.placeholder('replyStatus')}::int,
    response = ${complete(sql`${sql.placeholder('replyBody')}::jsonb`)}
  where tenant_id = ${tenantId} and key = ${key}::text)`;

export type TInlineKey = {
  claim: TKeyClaimValues;
  keep: (reply: TReply<unknown>) => TKeptReplyValues;
};

/**
 * runIdempotent for a hot path that saves two round trips: its first statement claims the key (KEY_CLAIM,
 * KEY_CLAIMED) and its last keeps the answer (keptReply). `work` answers null when its first statement
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
      claim: {
        tenantId: scope.tenantId,
        idempotencyKey: scope.key?.key ?? null,
        idempotencyRoute: scope.route,
        idempotencyHash: scope.key?.fingerprint ?? null,
        idempotencyKeptHours: scope.key?.keptHours ?? 0,
      },
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

export type TKeySweeper = ReturnType<typeof createKeySweeper>;

/** Forgets answers kept longer than `keptHours`: hourly, a bounded batch at a time. */
export function createKeySweeper(deps: {
  db: Database;
  keptHours: number;
  log: { warn: (details: object, message: string) => void };
}) {
  let timer: NodeJS.Timeout | null = null;
  const sweep = async (): Promise<number> => {
    const swept = await rowsOf<{ key: string }>(
      deps.db,
      sql`delete from ${idempotencyKeys} where ctid in (
        select ctid from ${idempotencyKeys}
        where created_at < now() - make_interval(hours => ${deps.keptHours}) limit 10000)
      returning key`,
    );
    return swept.length;
  };
  return {
    sweep,
    start() {
      timer = setInterval(
        () => {
          sweep().catch((error: unknown) => deps.log.warn({ err: error }, 'idempotency key sweep failed'));
        },
        60 * 60 * 1000,
      );
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** A read multipart form as a fingerprint's body: its text fields, and each file by name and content hash. */
export function formFingerprint(form: {
  fields: Record<string, string>;
  files: { field: string; filename: string; content: Buffer }[];
}) {
  return {
    fields: form.fields,
    files: form.files.map((file) => ({
      field: file.field,
      filename: file.filename,
      sha256: createHash('sha256').update(file.content).digest('base64url'),
    })),
  };
}
