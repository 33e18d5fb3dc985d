import { and, count, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { containsText } from '../../platform/db/search.ts';
import { items, purchasePayments, purchases, warehouses } from '../../platform/db/schema/index.ts';

export type TPurchaseFilter = {
  warehouseIds: readonly number[];
  search: string | null;
  start: string | null;
  end: string | null;
  limit: number;
  offset: number;
};

const purchaseColumns = {
  id: purchases.id,
  publicId: purchases.publicId,
  itemId: purchases.itemId,
  itemName: items.name,
  warehouseId: purchases.warehouseId,
  warehouseName: warehouses.name,
  supplierName: purchases.supplierName,
  supplierPhone: purchases.supplierPhone,
  quantity: purchases.quantity,
  unitPriceKobo: purchases.unitPriceKobo,
  totalKobo: purchases.totalKobo,
  amountPaidKobo: purchases.amountPaidKobo,
  purchaseDate: purchases.purchaseDate,
  dueDate: purchases.dueDate,
  paymentStatus: purchases.paymentStatus,
  paymentMethod: purchases.paymentMethod,
  invoiceFileUrl: purchases.invoiceFileUrl,
  notes: purchases.notes,
  createdAt: purchases.createdAt,
};

export type TPurchaseRow = {
  id: number;
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
  invoiceFileUrl: string | null;
  notes: string | null;
  createdAt: Date;
};

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
  const fromPurchases = () =>
    db
      .select(purchaseColumns)
      .from(purchases)
      .innerJoin(items, eq(items.id, purchases.itemId))
      .innerJoin(warehouses, eq(warehouses.id, purchases.warehouseId));

  return {
    async insert(row: typeof purchases.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(purchases).values(row).returning({ id: purchases.id });
      return inserted!.id;
    },

    /** Inserts several purchases in one statement; ids come back in the rows' order. */
    async insertMany(rows: (typeof purchases.$inferInsert)[]): Promise<number[]> {
      const inserted = await db.insert(purchases).values(rows).returning({ id: purchases.id });
      return inserted.map((row) => row.id).sort((a, b) => a - b);
    },

    async list(tenantId: number, filter: TPurchaseFilter): Promise<{ rows: TPurchaseRow[]; total: number }> {
      if (filter.warehouseIds.length === 0) return { rows: [], total: 0 };
      const where = filterOf(tenantId, filter);
      const rows = await fromPurchases()
        .where(where)
        .orderBy(desc(purchases.purchaseDate), desc(purchases.id))
        .limit(filter.limit)
        .offset(filter.offset);
      const [total] = await db
        .select({ n: count() })
        .from(purchases)
        .innerJoin(items, eq(items.id, purchases.itemId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** Totals over every purchase the filter matches, in one pass (limit and offset are not used). */
    async summary(tenantId: number, filter: TPurchaseFilter) {
      const empty = { purchases: 0, totalKobo: 0, paidKobo: 0, items: 0, units: 0, warehouses: 0 };
      if (filter.warehouseIds.length === 0) return empty;
      const [row] = await db
        .select({
          purchases: count(),
          totalKobo: sql<string>`coalesce(sum(${purchases.totalKobo}), 0)`,
          paidKobo: sql<string>`coalesce(sum(${purchases.amountPaidKobo}), 0)`,
          items: sql<number>`count(distinct ${purchases.itemId})::int`,
          units: sql<string>`coalesce(sum(${purchases.quantity}), 0)`,
          warehouses: sql<number>`count(distinct ${purchases.warehouseId})::int`,
        })
        .from(purchases)
        .innerJoin(items, eq(items.id, purchases.itemId))
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

    async find(tenantId: number, purchaseId: number): Promise<TPurchaseRow | null> {
      const [row] = await fromPurchases().where(and(live(tenantId), eq(purchases.id, purchaseId)));
      return row ?? null;
    },

    async findMany(tenantId: number, purchaseIds: readonly number[]): Promise<TPurchaseRow[]> {
      return fromPurchases()
        .where(and(live(tenantId), inArray(purchases.id, [...purchaseIds])))
        .orderBy(purchases.id);
    },

    /** Locks the purchase row for a payment or a deletion. */
    async lock(tenantId: number, purchaseId: number) {
      const [row] = await db
        .select({ id: purchases.id })
        .from(purchases)
        .where(and(live(tenantId), eq(purchases.id, purchaseId)))
        .for('update');
      return row ?? null;
    },

    async insertPayment(row: typeof purchasePayments.$inferInsert): Promise<void> {
      await db.insert(purchasePayments).values(row);
    },

    async setPaid(
      purchaseId: number,
      amountPaidKobo: number,
      status: 'paid' | 'partial' | 'credit',
    ): Promise<void> {
      await db
        .update(purchases)
        .set({ amountPaidKobo, paymentStatus: status })
        .where(eq(purchases.id, purchaseId));
    },

    /** Marks the purchase and its payments deleted (money is never removed). */
    async markDeleted(tenantId: number, purchaseId: number, userId: number): Promise<void> {
      const deleted = { deletedAt: new Date(), deletedBy: userId };
      await db
        .update(purchasePayments)
        .set(deleted)
        .where(and(eq(purchasePayments.tenantId, tenantId), eq(purchasePayments.purchaseId, purchaseId)));
      await db
        .update(purchases)
        .set(deleted)
        .where(and(live(tenantId), eq(purchases.id, purchaseId)));
    },
  };
}
