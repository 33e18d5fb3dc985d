import { businessDayStart } from '@app/domain/dates/business-date';
import { koboToNaira } from '@app/domain/money/money';
import type {
  TLoginLog,
  TLoginLogQuery,
  TReviewMark,
  TReviewRecord,
  TReviewRecordType,
} from '@app/domain/schemas/admin-review';
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client.ts';
import {
  expenses,
  loginAttempts,
  purchases,
  reviewMarks,
  sales,
  users,
} from '../../platform/db/schema/index.ts';

const reviewer = alias(users, 'reviewer');
const resolver = alias(users, 'resolver');
const recorder = alias(users, 'recorder');

/** Each reviewed document's header: its columns as the review lists show them. */
const DOCUMENTS = {
  sale: {
    table: sales,
    columns: {
      id: sales.id,
      number: sql<string | null>`'#' || ${sales.number}`,
      date: sales.saleDate,
      party: sales.customerName,
      totalKobo: sales.grandTotalKobo,
      paidKobo: sales.amountPaidKobo,
      paymentStatus: sales.paymentStatus,
      paymentMethod: sales.paymentMethod,
      recordedBy: recorder.name,
    },
    tenantId: sales.tenantId,
    deletedAt: sales.deletedAt,
    userId: sales.userId,
    warehouseId: sales.warehouseId,
  },
  expense: {
    table: expenses,
    columns: {
      id: expenses.id,
      number: expenses.invoiceNumber,
      date: expenses.expenseDate,
      party: expenses.vendorName,
      totalKobo: expenses.totalKobo,
      paidKobo: expenses.amountPaidKobo,
      paymentStatus: expenses.paymentStatus,
      paymentMethod: expenses.paymentMethod,
      recordedBy: recorder.name,
    },
    tenantId: expenses.tenantId,
    deletedAt: expenses.deletedAt,
    userId: expenses.userId,
    /** An expense belongs to the business, not to a warehouse. */
    warehouseId: null,
  },
  purchase: {
    table: purchases,
    columns: {
      id: purchases.id,
      number: sql<string | null>`null::text`,
      date: purchases.purchaseDate,
      party: purchases.supplierName,
      totalKobo: purchases.totalKobo,
      paidKobo: purchases.amountPaidKobo,
      paymentStatus: purchases.paymentStatus,
      paymentMethod: purchases.paymentMethod,
      recordedBy: recorder.name,
    },
    tenantId: purchases.tenantId,
    deletedAt: purchases.deletedAt,
    userId: purchases.userId,
    warehouseId: purchases.warehouseId,
  },
} as const;

type TDocumentRow = {
  id: number;
  number: string | null;
  date: string;
  party: string;
  totalKobo: number;
  paidKobo: number;
  paymentStatus: string;
  paymentMethod: string;
  recordedBy: string | null;
};

const recordOf = (recordType: TReviewRecordType, row: TDocumentRow): TReviewRecord => ({
  record_type: recordType,
  record_id: row.id,
  number: row.number,
  date: row.date,
  party: row.party,
  total: koboToNaira(row.totalKobo),
  paid: koboToNaira(row.paidKobo),
  payment_status: row.paymentStatus,
  payment_method: row.paymentMethod,
  recorded_by: row.recordedBy,
});

const markColumns = {
  id: reviewMarks.id,
  recordType: reviewMarks.recordType,
  recordId: reviewMarks.recordId,
  state: reviewMarks.state,
  note: reviewMarks.note,
  reviewerName: reviewer.name,
  reviewedAt: reviewMarks.reviewedAt,
  resolvedAt: reviewMarks.resolvedAt,
  resolvedByName: resolver.name,
};

type TMarkRow = {
  id: number;
  recordType: TReviewRecordType;
  recordId: number;
  state: 'verified' | 'flagged';
  note: string | null;
  reviewerName: string | null;
  reviewedAt: Date;
  resolvedAt: Date | null;
  resolvedByName: string | null;
};

const markOf = (row: TMarkRow): TReviewMark => ({
  id: row.id,
  record_type: row.recordType,
  record_id: row.recordId,
  state: row.state,
  note: row.note,
  reviewer_name: row.reviewerName,
  reviewed_at: row.reviewedAt.toISOString(),
  resolved_at: row.resolvedAt?.toISOString() ?? null,
  resolved_by_name: row.resolvedByName,
});

/**
 * The reviewer's warehouses: a sale or purchase of another warehouse is not theirs to see (null: every
 * warehouse, the MD's).
 */
export type TReviewScope = { tenantId: number; warehouseIds: readonly number[] | null };

function inScope(recordType: TReviewRecordType, scope: TReviewScope): SQL | undefined {
  const column = DOCUMENTS[recordType].warehouseId;
  if (scope.warehouseIds === null || column === null) return undefined;
  return inArray(column, [...scope.warehouseIds, -1]);
}

const openFlag = (tenantId: number) =>
  and(eq(reviewMarks.tenantId, tenantId), eq(reviewMarks.state, 'flagged'), isNull(reviewMarks.resolvedAt));

export function createAdminReviewRepository(db: Executor) {
  async function documents(
    recordType: TReviewRecordType,
    scope: TReviewScope,
    where: SQL | undefined,
    limit: number,
  ) {
    const { tenantId } = scope;
    const doc = DOCUMENTS[recordType];
    const rows: TDocumentRow[] = await db
      .select(doc.columns)
      .from(doc.table)
      .leftJoin(recorder, eq(recorder.id, doc.userId))
      .leftJoin(
        reviewMarks,
        and(
          eq(reviewMarks.tenantId, tenantId),
          eq(reviewMarks.recordType, recordType),
          eq(reviewMarks.recordId, doc.columns.id),
        ),
      )
      .where(and(eq(doc.tenantId, tenantId), isNull(doc.deletedAt), inScope(recordType, scope), where))
      .orderBy(desc(doc.columns.id))
      .limit(limit);
    return rows.map((row) => recordOf(recordType, row));
  }

  return {
    /** A page of the business's sign-in attempts, newest first, and how many match when asked. */
    async loginLogs(tenantId: number, query: TLoginLogQuery) {
      const where: SQL[] = [eq(loginAttempts.tenantId, tenantId)];
      if (query.outcome) where.push(eq(loginAttempts.success, query.outcome === 'success'));
      if (query.user_id) where.push(eq(loginAttempts.userId, query.user_id));
      if (query.from) where.push(gte(loginAttempts.createdAt, businessDayStart(query.from)));
      if (query.to) where.push(lt(loginAttempts.createdAt, businessDayStart(query.to, 1)));
      const matching = and(...where);
      const rows = await db
        .select({
          id: loginAttempts.id,
          at: loginAttempts.createdAt,
          userId: loginAttempts.userId,
          name: users.name,
          accountKind: loginAttempts.accountKind,
          identifier: loginAttempts.identifier,
          success: loginAttempts.success,
          reason: loginAttempts.reason,
          ip: loginAttempts.ip,
          device: loginAttempts.userAgent,
        })
        .from(loginAttempts)
        .leftJoin(users, eq(users.id, loginAttempts.userId))
        .where(query.before ? and(matching, lt(loginAttempts.id, query.before)) : matching)
        .orderBy(desc(loginAttempts.id))
        .limit(query.limit + 1);
      const entries: TLoginLog[] = rows.slice(0, query.limit).map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        user_id: row.userId,
        name: row.name,
        account_kind: row.accountKind,
        identifier: row.identifier,
        success: row.success,
        reason: row.reason,
        ip: row.ip,
        device: row.device,
      }));
      const total = query.count ? await db.$count(loginAttempts, matching) : null;
      return { entries, more: rows.length > query.limit, total };
    },

    /** Live records of a kind that no reviewer has marked yet, newest first (limit + 1 rows: the caller pages). */
    unverified(
      recordType: TReviewRecordType,
      scope: TReviewScope,
      before: number | undefined,
      limit: number,
    ) {
      const doc = DOCUMENTS[recordType];
      return documents(
        recordType,
        scope,
        and(isNull(reviewMarks.id), before ? lt(doc.columns.id, before) : undefined),
        limit,
      );
    },

    async countUnverified(recordType: TReviewRecordType, scope: TReviewScope): Promise<number> {
      const { tenantId } = scope;
      const doc = DOCUMENTS[recordType];
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(doc.table)
        .leftJoin(
          reviewMarks,
          and(
            eq(reviewMarks.tenantId, tenantId),
            eq(reviewMarks.recordType, recordType),
            eq(reviewMarks.recordId, doc.columns.id),
          ),
        )
        .where(
          and(
            eq(doc.tenantId, tenantId),
            isNull(doc.deletedAt),
            inScope(recordType, scope),
            isNull(reviewMarks.id),
          ),
        );
      return row?.n ?? 0;
    },

    /** The live records of a kind among `ids`, with their figures. */
    recordsAmong(recordType: TReviewRecordType, scope: TReviewScope, ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return documents(recordType, scope, inArray(DOCUMENTS[recordType].columns.id, [...ids]), ids.length);
    },

    async findMark(tenantId: number, recordType: TReviewRecordType, recordId: number) {
      const [row] = await db
        .select(markColumns)
        .from(reviewMarks)
        .leftJoin(reviewer, eq(reviewer.id, reviewMarks.reviewerId))
        .leftJoin(resolver, eq(resolver.id, reviewMarks.resolvedBy))
        .where(
          and(
            eq(reviewMarks.tenantId, tenantId),
            eq(reviewMarks.recordType, recordType),
            eq(reviewMarks.recordId, recordId),
          ),
        );
      return row ? markOf(row) : null;
    },

    async findMarkById(tenantId: number, id: number) {
      const [row] = await db
        .select(markColumns)
        .from(reviewMarks)
        .leftJoin(reviewer, eq(reviewer.id, reviewMarks.reviewerId))
        .leftJoin(resolver, eq(resolver.id, reviewMarks.resolvedBy))
        .where(and(eq(reviewMarks.tenantId, tenantId), eq(reviewMarks.id, id)));
      return row ? markOf(row) : null;
    },

    /** Inserts a mark unless the record already has one; whether it was inserted. */
    async insertMark(mark: {
      tenantId: number;
      recordType: TReviewRecordType;
      recordId: number;
      state: 'verified' | 'flagged';
      note: string | null;
      reviewerId: number;
    }): Promise<boolean> {
      const rows = await db
        .insert(reviewMarks)
        .values(mark)
        .onConflictDoNothing()
        .returning({ id: reviewMarks.id });
      return rows.length > 0;
    },

    /** Resolves an open flag; whether it was open. */
    async resolve(tenantId: number, id: number, userId: number): Promise<boolean> {
      const rows = await db
        .update(reviewMarks)
        .set({ resolvedAt: new Date(), resolvedBy: userId })
        .where(and(openFlag(tenantId), eq(reviewMarks.id, id)))
        .returning({ id: reviewMarks.id });
      return rows.length > 0;
    },

    /** A page of open flags, newest first (limit + 1 rows: the caller pages). */
    async openFlags(tenantId: number, before: number | undefined, limit: number) {
      const rows = await db
        .select(markColumns)
        .from(reviewMarks)
        .leftJoin(reviewer, eq(reviewer.id, reviewMarks.reviewerId))
        .leftJoin(resolver, eq(resolver.id, reviewMarks.resolvedBy))
        .where(and(openFlag(tenantId), before ? lt(reviewMarks.id, before) : undefined))
        .orderBy(desc(reviewMarks.id))
        .limit(limit);
      return rows.map(markOf);
    },

    countOpenFlags(tenantId: number) {
      return db.$count(reviewMarks, openFlag(tenantId));
    },
  };
}

export type TAdminReviewRepository = ReturnType<typeof createAdminReviewRepository>;
