import type { TRequisitionStatus } from '@app/domain/schemas/requisitions';
import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, gte, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { items, requisitions, users, warehouses } from '../../platform/db/schema/index.ts';
import { containsText } from '../../platform/db/search.ts';

export type TRequisitionFilter = {
  /** Only the requisitions of this person (asked by them or for them); null for all of the business. */
  personId: number | null;
  /** Only the requisitions from these warehouses (an employee's); null for every warehouse. */
  warehouseIds: readonly number[] | null;
  status: TRequisitionStatus | null;
  q: string | null;
  /** Business days (Lagos): submitted on or after `start`, on or before `end`. */
  startAt: Date | null;
  endBefore: Date | null;
};

export type TRequisitionPage = { limit: number; offset: number; before: number | null; count: boolean };

const deciders = alias(users, 'deciders');

const rowColumns = {
  id: requisitions.id,
  publicId: requisitions.publicId,
  requestRef: requisitions.requestRef,
  submittedAt: requisitions.submittedAt,
  employeeId: requisitions.employeeId,
  employeeName: users.name,
  userId: requisitions.userId,
  warehouseId: requisitions.warehouseId,
  warehouseName: warehouses.name,
  itemId: requisitions.itemId,
  itemName: items.name,
  quantity: requisitions.quantity,
  reason: requisitions.reason,
  remark: requisitions.remark,
  status: requisitions.status,
  signatureFileId: requisitions.signatureFileId,
  decidedAt: requisitions.decidedAt,
  decidedByName: deciders.name,
  issuedDate: requisitions.issuedDate,
};

export type TRequisitionRow = {
  id: number;
  publicId: string;
  requestRef: string;
  submittedAt: Date;
  employeeId: number | null;
  employeeName: string | null;
  userId: number | null;
  warehouseId: number;
  warehouseName: string;
  itemId: number;
  itemName: string;
  quantity: number;
  reason: string;
  remark: string | null;
  status: TRequisitionStatus;
  signatureFileId: string | null;
  decidedAt: Date | null;
  decidedByName: string | null;
  issuedDate: string | null;
};

function filterOf(tenantId: number, filter: TRequisitionFilter): SQL {
  const q = filter.q?.trim();
  return and(
    eq(requisitions.tenantId, tenantId),
    isNull(requisitions.deletedAt),
    filter.personId === null
      ? undefined
      : or(eq(requisitions.employeeId, filter.personId), eq(requisitions.userId, filter.personId)),
    filter.warehouseIds === null
      ? undefined
      : inArray(requisitions.warehouseId, [...filter.warehouseIds, -1]),
    filter.status ? eq(requisitions.status, filter.status) : undefined,
    filter.startAt ? gte(requisitions.submittedAt, filter.startAt) : undefined,
    filter.endBefore ? lt(requisitions.submittedAt, filter.endBefore) : undefined,
    q
      ? or(
          containsText(items.name, q),
          containsText(requisitions.reason, q),
          containsText(users.name, q),
          containsText(warehouses.name, q),
        )
      : undefined,
  )!;
}

export function createRequisitionsRepository(db: Executor) {
  const selectRows = () =>
    db
      .select(rowColumns)
      .from(requisitions)
      .innerJoin(items, eq(items.id, requisitions.itemId))
      .innerJoin(warehouses, eq(warehouses.id, requisitions.warehouseId))
      .leftJoin(users, eq(users.id, requisitions.employeeId))
      .leftJoin(deciders, eq(deciders.id, requisitions.decidedBy));

  /** Counts the matches; the names are joined only when a search needs them. */
  async function countRows(where: SQL, searching: boolean): Promise<number> {
    const base = db.select({ n: count() }).from(requisitions);
    const [row] = searching
      ? await base
          .innerJoin(items, eq(items.id, requisitions.itemId))
          .innerJoin(warehouses, eq(warehouses.id, requisitions.warehouseId))
          .leftJoin(users, eq(users.id, requisitions.employeeId))
          .where(where)
      : await base.where(where);
    return row?.n ?? 0;
  }

  return {
    async insertMany(rows: (typeof requisitions.$inferInsert)[]): Promise<number[]> {
      const inserted = await db.insert(requisitions).values(rows).returning({ id: requisitions.id });
      return inserted.map((row) => row.id);
    },

    async find(tenantId: number, id: number): Promise<TRequisitionRow | null> {
      const [row] = await selectRows().where(
        and(eq(requisitions.tenantId, tenantId), eq(requisitions.id, id), isNull(requisitions.deletedAt)),
      );
      return row ?? null;
    },

    async findMany(tenantId: number, ids: readonly number[]): Promise<TRequisitionRow[]> {
      if (ids.length === 0) return [];
      return selectRows()
        .where(and(eq(requisitions.tenantId, tenantId), inArray(requisitions.id, [...ids])))
        .orderBy(requisitions.id);
    },

    /** Locks a live requisition for the caller's transaction; null when there is none. */
    async lock(tenantId: number, id: number) {
      const [row] = await db
        .select({
          id: requisitions.id,
          status: requisitions.status,
          itemId: requisitions.itemId,
          quantity: requisitions.quantity,
          issuedDate: requisitions.issuedDate,
          employeeId: requisitions.employeeId,
          userId: requisitions.userId,
          warehouseId: requisitions.warehouseId,
        })
        .from(requisitions)
        .where(
          and(eq(requisitions.tenantId, tenantId), eq(requisitions.id, id), isNull(requisitions.deletedAt)),
        )
        .for('update');
      return row ?? null;
    },

    async update(tenantId: number, id: number, values: Partial<typeof requisitions.$inferInsert>) {
      await db
        .update(requisitions)
        .set(values)
        .where(and(eq(requisitions.tenantId, tenantId), eq(requisitions.id, id)));
    },

    /** Newest first; a keyset page starts below the requisition `before` names. */
    async list(tenantId: number, filter: TRequisitionFilter, page: TRequisitionPage) {
      const where = filterOf(tenantId, filter);
      const rows = await selectRows()
        .where(and(where, page.before ? lt(requisitions.id, page.before) : undefined))
        .orderBy(desc(requisitions.id))
        .limit(page.limit + 1)
        .offset(page.before ? 0 : page.offset);
      const total = page.count ? await countRows(where, Boolean(filter.q?.trim())) : null;
      return { rows: rows.slice(0, page.limit), more: rows.length > page.limit, total };
    },
  };
}
