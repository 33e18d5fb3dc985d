import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { containsText } from '../../platform/db/search.ts';
import { allocateProportionally } from '@app/domain/money/allocate';
import { items, purchaseLines, purchases, warehouses } from '../../platform/db/schema/index.ts';
import {
  markReviewer,
  reviewerOfMark,
  reviewMarkOf,
  reviewMarks,
  reviewStatusColumns,
  type TReviewStatusColumns,
} from '../admin-review/index.ts';

export type TPurchaseFilter = {
  warehouseIds: readonly number[];
  search: string | null;
  start: string | null;
  end: string | null;
  limit: number;
  offset: number;
};

/** Where a keyset page of the purchase list starts: below the last row seen (newest first). */
export type TPurchaseCursor = { purchaseDate: string; lineId: number };

/** A line of a purchase as the restock API's rows show it: the line's item and money, its purchase's header. */
const lineColumns = {
  id: purchaseLines.id,
  purchaseId: purchases.id,
  publicId: purchases.publicId,
  itemId: purchaseLines.itemId,
  itemName: items.name,
  warehouseId: purchases.warehouseId,
  warehouseName: warehouses.name,
  supplierName: purchases.supplierName,
  supplierPhone: purchases.supplierPhone,
  quantity: purchaseLines.quantity,
  unitPriceKobo: purchaseLines.unitPriceKobo,
  totalKobo: purchaseLines.totalKobo,
  amountPaidKobo: purchaseLines.amountPaidKobo,
  purchaseDate: purchases.purchaseDate,
  dueDate: purchases.dueDate,
  paymentStatus: purchases.paymentStatus,
  paymentMethod: purchases.paymentMethod,
  invoiceFileId: purchases.invoiceFileId,
  notes: purchases.notes,
  createdAt: purchases.createdAt,
  purchaseTotalKobo: purchases.totalKobo,
  purchasePaidKobo: purchases.amountPaidKobo,
  lineCount: sql<number>`(select count(*)::int from ${purchaseLines} pl where pl.purchase_id = ${purchases.id})`,
  ...reviewStatusColumns,
};

export type TPurchaseRow = TReviewStatusColumns & {
  /** The line's id: the restock API's purchase_id. */
  id: number;
  /** The purchase (header) the line belongs to. */
  purchaseId: number;
  publicId: string;
  itemId: number;
  itemName: string;
  warehouseId: number;
  warehouseName: string;
  supplierName: string;
  supplierPhone: string | null;
  quantity: number;
  unitPriceKobo: number;
  totalKobo: number;
  amountPaidKobo: number;
  purchaseDate: string;
  dueDate: string | null;
  paymentStatus: 'paid' | 'partial' | 'credit';
  paymentMethod: 'cash' | 'transfer' | 'cheque' | 'card';
  invoiceFileId: string | null;
  notes: string | null;
  createdAt: Date;
  purchaseTotalKobo: number;
  purchasePaidKobo: number;
  lineCount: number;
};

export type TPurchaseHeader = typeof purchases.$inferSelect;
type TNewLine = Omit<typeof purchaseLines.$inferInsert, 'purchaseId' | 'tenantId'>;

/** The business's purchases that are not deleted. */
const live = (tenantId: number) => and(eq(purchases.tenantId, tenantId), isNull(purchases.deletedAt))!;

export function createRestockRepository(db: Executor) {
  const filterOf = (tenantId: number, filter: TPurchaseFilter) => {
    const conditions = [live(tenantId), inArray(purchases.warehouseId, [...filter.warehouseIds])];
    if (filter.search) {
      conditions.push(
        or(containsText(items.name, filter.search), containsText(purchases.supplierName, filter.search))!,
      );
    }
    if (filter.start) conditions.push(gte(purchases.purchaseDate, filter.start));
    if (filter.end) conditions.push(lte(purchases.purchaseDate, filter.end));
    return and(...conditions);
  };
  const fromLines = () =>
    db
      .select(lineColumns)
      .from(purchaseLines)
      .innerJoin(purchases, eq(purchases.id, purchaseLines.purchaseId))
      .innerJoin(items, eq(items.id, purchaseLines.itemId))
      .innerJoin(warehouses, eq(warehouses.id, purchases.warehouseId))
      .leftJoin(reviewMarks, reviewMarkOf('purchase', purchases.tenantId, purchases.id))
      .leftJoin(markReviewer, reviewerOfMark);

  return {
    /** A purchase and its lines; the lines' ids (the API's purchase_ids) in the lines' order. */
    async insert(header: typeof purchases.$inferInsert, lines: readonly TNewLine[]) {
      const [inserted] = await db.insert(purchases).values(header).returning({ id: purchases.id });
      const purchaseId = inserted!.id;
      const lineRows = await db
        .insert(purchaseLines)
        .values(lines.map((line) => ({ ...line, tenantId: header.tenantId, purchaseId })))
        .returning({ id: purchaseLines.id });
      return { purchaseId, lineIds: lineRows.map((row) => row.id).sort((a, b) => a - b) };
    },

    /**
     * A page of purchase lines newest first, after `offset` rows or, keyset, below `before`; one row more than
     * asked says whether another page follows. Counts every match only when asked.
     */
    async list(
      tenantId: number,
      filter: TPurchaseFilter,
      page: { before: TPurchaseCursor | null; count: boolean } = { before: null, count: true },
    ): Promise<{ rows: TPurchaseRow[]; more: boolean; total: number | null }> {
      if (filter.warehouseIds.length === 0) return { rows: [], more: false, total: page.count ? 0 : null };
      const where = filterOf(tenantId, filter);
      const below = page.before
        ? sql`(${purchases.purchaseDate}, ${purchaseLines.id}) < (${page.before.purchaseDate}::date, ${page.before.lineId})`
        : undefined;
      const rows = await fromLines()
        .where(and(where, below))
        .orderBy(desc(purchases.purchaseDate), desc(purchaseLines.id))
        .limit(filter.limit + 1)
        .offset(page.before ? 0 : filter.offset);
      const total = page.count
        ? ((
            await db
              .select({ n: count() })
              .from(purchaseLines)
              .innerJoin(purchases, eq(purchases.id, purchaseLines.purchaseId))
              .innerJoin(items, eq(items.id, purchaseLines.itemId))
              .where(where)
          )[0]?.n ?? 0)
        : null;
      return { rows: rows.slice(0, filter.limit), more: rows.length > filter.limit, total };
    },

    /** Totals over every purchase the filter matches, in one pass (limit and offset are not used). */
    async summary(tenantId: number, filter: TPurchaseFilter) {
      const empty = { purchases: 0, totalKobo: 0, paidKobo: 0, items: 0, units: 0, warehouses: 0 };
      if (filter.warehouseIds.length === 0) return empty;
      const [row] = await db
        .select({
          purchases: count(),
          totalKobo: sql<string>`coalesce(sum(${purchaseLines.totalKobo}), 0)`,
          paidKobo: sql<string>`coalesce(sum(${purchaseLines.amountPaidKobo}), 0)`,
          items: sql<number>`count(distinct ${purchaseLines.itemId})::int`,
          units: sql<string>`coalesce(sum(${purchaseLines.quantity}), 0)`,
          warehouses: sql<number>`count(distinct ${purchases.warehouseId})::int`,
        })
        .from(purchaseLines)
        .innerJoin(purchases, eq(purchases.id, purchaseLines.purchaseId))
        .innerJoin(items, eq(items.id, purchaseLines.itemId))
        .where(filterOf(tenantId, filter));
      if (!row) return empty;
      return {
        purchases: row.purchases,
        totalKobo: Number(row.totalKobo),
        paidKobo: Number(row.paidKobo),
        items: row.items,
        units: Number(row.units),
        warehouses: row.warehouses,
      };
    },

    /** A live purchase's line by its id (the API's purchase_id). */
    async findLine(tenantId: number, lineId: number): Promise<TPurchaseRow | null> {
      const [row] = await fromLines().where(and(live(tenantId), eq(purchaseLines.id, lineId)));
      return row ?? null;
    },

    /** A live purchase's lines, in order. */
    async linesOf(tenantId: number, purchaseId: number): Promise<TPurchaseRow[]> {
      return fromLines()
        .where(and(live(tenantId), eq(purchases.id, purchaseId)))
        .orderBy(purchaseLines.id);
    },

    /** Locks a live purchase's header for a payment or a deletion. */
    async lock(tenantId: number, purchaseId: number): Promise<TPurchaseHeader | null> {
      const [row] = await db
        .select()
        .from(purchases)
        .where(and(live(tenantId), eq(purchases.id, purchaseId)))
        .for('update');
      return row ?? null;
    },

    /** Keeps each line's share of what the purchase has paid (in proportion to the lines' totals). */
    async spreadPaid(purchaseId: number, paidKobo: number): Promise<void> {
      const lines = await db
        .select({ id: purchaseLines.id, totalKobo: purchaseLines.totalKobo })
        .from(purchaseLines)
        .where(eq(purchaseLines.purchaseId, purchaseId))
        .orderBy(purchaseLines.id);
      const shares = allocateProportionally(
        paidKobo,
        lines.map((line) => line.totalKobo),
      );
      await db.execute(sql`update ${purchaseLines} set amount_paid_kobo = v.paid
        from unnest(${`{${lines.map((line) => line.id).join(',')}}`}::int[], ${`{${shares.join(',')}}`}::bigint[]) as v(id, paid)
        where ${purchaseLines.id} = v.id`);
    },

    /** Marks the purchase deleted, with who (money is never removed; its payments are marked by the payables). */
    async markDeleted(tenantId: number, purchaseId: number, userId: number): Promise<void> {
      await db
        .update(purchases)
        .set({ deletedAt: new Date(), deletedBy: userId })
        .where(and(live(tenantId), eq(purchases.id, purchaseId)));
    },
  };
}
export type TRestockRepository = ReturnType<typeof createRestockRepository>;
