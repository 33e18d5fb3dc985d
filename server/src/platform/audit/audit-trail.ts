/**
 * The audit trail: every change to money, stock, people and settings appends one entry in the change's
 * own transaction (so a refused or rolled-back change leaves none). Entries are never updated or deleted:
 * the table's trigger refuses both.
 */
import { businessDayStart } from '@app/domain/dates/business-date';
import type { TAuditEntry, TAuditKind, TAuditQuery, TAuditRecordType } from '@app/domain/schemas/audit';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditEntries } from '../db/schema/index.ts';

/** Who made a change: the actor of the request (or the new MD at registration). */
export type TAuditAuthor = { tenantId: number; userId: number; username: string };

export type TAuditChange = {
  kind: TAuditKind;
  recordType: TAuditRecordType;
  recordId: number | string;
  /** The record's values before the change (null for a creation). */
  before?: unknown;
  /** The record's values after the change (null for a deletion). */
  after?: unknown;
};

export async function writeAudit(
  tx: Executor,
  author: TAuditAuthor,
  ...changes: readonly TAuditChange[]
): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(auditEntries).values(
    changes.map((change) => ({
      tenantId: author.tenantId,
      userId: author.userId,
      userName: author.username,
      kind: change.kind,
      recordType: change.recordType,
      recordId: String(change.recordId),
      before: change.before ?? null,
      after: change.after ?? null,
    })),
  );
}

/** One page of a business's entries, newest first, and how many match when asked. */
export async function readAudit(
  db: Executor,
  tenantId: number,
  query: TAuditQuery,
): Promise<{ entries: TAuditEntry[]; nextBefore: number | null; total: number | null }> {
  const where: SQL[] = [eq(auditEntries.tenantId, tenantId)];
  if (query.kind) where.push(eq(auditEntries.kind, query.kind));
  if (query.record_type) where.push(eq(auditEntries.recordType, query.record_type));
  if (query.record_id) where.push(eq(auditEntries.recordId, query.record_id));
  if (query.user_id) where.push(eq(auditEntries.userId, query.user_id));
  if (query.from) where.push(gte(auditEntries.at, businessDayStart(query.from)));
  if (query.to) where.push(lt(auditEntries.at, businessDayStart(query.to, 1)));
  const matching = and(...where);
  const rows = await db
    .select()
    .from(auditEntries)
    .where(query.before ? and(matching, lt(auditEntries.id, query.before)) : matching)
    .orderBy(desc(auditEntries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const total = query.count ? await db.$count(auditEntries, matching) : null;
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      user_id: row.userId,
      user_name: row.userName,
      kind: row.kind,
      record_type: row.recordType,
      record_id: row.recordId,
      before: row.before,
      after: row.after,
    })),
    nextBefore: rows.length > query.limit ? page[page.length - 1]!.id : null,
    total,
  };
}

type TPaidFigures = { amount_paid: number; outstanding: number; payment_status: string };
type TPaymentMade = { amount: number; payment_method: string; payment_date: string };

/** The values a payment on a money document changes, as its audit entry keeps them (naira). */
export function paymentValues(before: TPaidFigures, after: TPaidFigures, payment: TPaymentMade) {
  const figures = ({ amount_paid, outstanding, payment_status }: TPaidFigures) => ({
    amount_paid,
    outstanding,
    payment_status,
  });
  return {
    before: figures(before),
    after: {
      ...figures(after),
      payment: { amount: payment.amount, method: payment.payment_method, date: payment.payment_date },
    },
  };
}
