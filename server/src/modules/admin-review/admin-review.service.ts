import type {
  TLoginLogQuery,
  TReviewListQuery,
  TReviewMark,
  TReviewMarkRequest,
  TReviewRecordType,
} from '@app/domain/schemas/admin-review';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createEmployeesRepository } from '../employees/index.ts';
import { createStockScope } from '../inventory/index.ts';
import { createAdminReviewRepository, type TReviewScope } from './admin-review.repository.ts';

const RECORD_NOT_FOUND: Record<TReviewRecordType, string> = {
  sale: 'Sale not found',
  expense: 'Expense not found',
  purchase: 'Purchase not found',
};

/** Admin review (spec 3 §2.7): sign-in logs, records still to verify, flags for the MD, the employees. */
export function createAdminReviewService(deps: { db: Database }) {
  const { db } = deps;
  const repository = createAdminReviewRepository(db);

  /** The records an actor reviews: the MD's every warehouse, an employee's those open to them. */
  async function scopeOf(actor: TActor): Promise<TReviewScope> {
    if (actor.role === 'md') return { tenantId: actor.tenantId, warehouseIds: null };
    return { tenantId: actor.tenantId, warehouseIds: await createStockScope(db).warehouseIds(actor) };
  }

  function pageOf<T>(rows: T[], limit: number, idOf: (row: T) => number) {
    const page = rows.slice(0, limit);
    return { page, nextBefore: rows.length > limit ? idOf(page[page.length - 1]!) : null };
  }

  return {
    async loginLogs(actor: TActor, query: TLoginLogQuery) {
      const { entries, more, total } = await repository.loginLogs(actor.tenantId, query);
      return { entries, nextBefore: more ? entries[entries.length - 1]!.id : null, total };
    },

    async unverified(actor: TActor, recordType: TReviewRecordType, query: TReviewListQuery) {
      const scope = await scopeOf(actor);
      const rows = await repository.unverified(recordType, scope, query.before, query.limit + 1);
      const { page, nextBefore } = pageOf(rows, query.limit, (row) => row.record_id);
      const total = query.count ? await repository.countUnverified(recordType, scope) : null;
      return { records: page, nextBefore, total };
    },

    /**
     * Verifies a record or flags it with a note: one mark per record, kept with who and when. Sending the
     * same mark again answers the kept one (no second entry); a record already marked otherwise is 409.
     */
    async mark(actor: TActor, request: TReviewMarkRequest): Promise<{ created: boolean; mark: TReviewMark }> {
      const scope = await scopeOf(actor);
      return db.transaction(async (tx) => {
        const marks = createAdminReviewRepository(tx);
        const [record] = await marks.recordsAmong(request.record_type, scope, [request.record_id]);
        if (!record) throw notFound(RECORD_NOT_FOUND[request.record_type]);
        const note = request.state === 'flagged' ? (request.note ?? null) : null;
        const inserted = await marks.insertMark({
          tenantId: actor.tenantId,
          recordType: request.record_type,
          recordId: request.record_id,
          state: request.state,
          note,
          reviewerId: actor.userId,
        });
        const mark = (await marks.findMark(actor.tenantId, request.record_type, request.record_id))!;
        if (!inserted) {
          if (mark.state !== request.state || mark.note !== note)
            throw new AppError('conflict', `This record is already ${mark.state}`);
          return { created: false, mark };
        }
        await writeAudit(tx, actor, {
          kind: request.state === 'verified' ? 'review.verified' : 'review.flagged',
          recordType: request.record_type,
          recordId: request.record_id,
          before: null,
          after: { state: mark.state, note: mark.note, record: record },
        });
        return { created: true, mark };
      });
    },

    /** The open flags, newest first, each with the figures of its record. */
    async flags(actor: TActor, query: TReviewListQuery) {
      const rows = await repository.openFlags(actor.tenantId, query.before, query.limit + 1);
      const { page, nextBefore } = pageOf(rows, query.limit, (row) => row.id);
      const scope = await scopeOf(actor);
      const records = new Map<string, Awaited<ReturnType<typeof repository.recordsAmong>>[number]>();
      for (const recordType of ['sale', 'expense', 'purchase'] as const) {
        const ids = page.filter((flag) => flag.record_type === recordType).map((flag) => flag.record_id);
        for (const record of await repository.recordsAmong(recordType, scope, ids))
          records.set(`${recordType}:${record.record_id}`, record);
      }
      const flags = page
        .map((flag) => ({ ...flag, record: records.get(`${flag.record_type}:${flag.record_id}`) ?? null }))
        // An employee does not see the flags of another warehouse's records.
        .filter((flag) => scope.warehouseIds === null || flag.record !== null);
      const total = query.count ? await repository.countOpenFlags(actor.tenantId) : null;
      return { flags, nextBefore, total };
    },

    /** The MD resolves a flag: it leaves the dashboard. Resolving a resolved flag again changes nothing. */
    async resolve(actor: TActor, markId: number): Promise<TReviewMark> {
      return db.transaction(async (tx) => {
        const marks = createAdminReviewRepository(tx);
        const before = await marks.findMarkById(actor.tenantId, markId);
        if (!before || before.state !== 'flagged') throw notFound('Flag not found');
        if (!(await marks.resolve(actor.tenantId, markId, actor.userId))) return before;
        const after = (await marks.findMarkById(actor.tenantId, markId))!;
        await writeAudit(tx, actor, {
          kind: 'review.resolved',
          recordType: after.record_type,
          recordId: after.record_id,
          before: { state: before.state, note: before.note, resolved_at: null },
          after: { state: after.state, note: after.note, resolved_at: after.resolved_at },
        });
        return after;
      });
    },

    employees(actor: TActor) {
      return createEmployeesRepository(db).list(actor.tenantId);
    },
  };
}

export type TAdminReviewService = ReturnType<typeof createAdminReviewService>;
