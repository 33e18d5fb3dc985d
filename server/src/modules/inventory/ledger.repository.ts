import { balanceDelta, insufficientStockMessage, type TStockKind } from '@app/domain/stock/ledger';
import { and, eq, gt, gte, lte, sql } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/client.ts';
import { items, stockDaily, stockEntries } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

export type TLedgerEntry = {
  tenantId: number;
  itemId: number;
  businessDate: string;
  kind: TStockKind;
  /** Signed; a correction is negative within its kind. */
  quantity: number;
  sourceType: string;
  sourceId: number | null;
  userId: number | null;
};

/**
 * The only writer of stock. Each entry is appended to the ledger and folded into the daily log
 * under the item's row lock: that day's totals change and every closing from that day on moves by
 * the entry's delta. An entry that would take any day's closing (or that day's figure) below zero is
 * refused with 409 and nothing is written. Must run inside a transaction.
 */
export function createLedger(tx: Transaction) {
  async function lockItem(tenantId: number, itemId: number) {
    const [item] = await tx
      .select({ id: items.id, name: items.name, onHand: items.onHand })
      .from(items)
      .where(and(eq(items.id, itemId), eq(items.tenantId, tenantId)))
      .for('update');
    if (!item) throw new AppError('not_found', 'Item not found');
    return item;
  }

  async function balanceAt(itemId: number, date: string) {
    const [row] = await tx
      .select({ closing: stockDaily.closing })
      .from(stockDaily)
      .where(and(eq(stockDaily.itemId, itemId), lte(stockDaily.businessDate, date)))
      .orderBy(sql`${stockDaily.businessDate} desc`)
      .limit(1);
    return row?.closing ?? 0;
  }

  async function lowestClosingFrom(itemId: number, date: string) {
    const [row] = await tx
      .select({ lowest: sql<number | null>`min(${stockDaily.closing})` })
      .from(stockDaily)
      .where(and(eq(stockDaily.itemId, itemId), gte(stockDaily.businessDate, date)));
    return row?.lowest === null || row?.lowest === undefined ? null : Number(row.lowest);
  }

  async function dayFigure(itemId: number, date: string, kind: TStockKind) {
    const column = {
      supplied: stockDaily.supplied,
      returned: stockDaily.returned,
      stock_out: stockDaily.stockOut,
    }[kind];
    const [row] = await tx
      .select({ value: column })
      .from(stockDaily)
      .where(and(eq(stockDaily.itemId, itemId), eq(stockDaily.businessDate, date)));
    return row?.value ?? 0;
  }

  async function post(entry: TLedgerEntry): Promise<void> {
    if (!Number.isInteger(entry.quantity) || entry.quantity === 0)
      throw new Error('ledger quantity must be a non-zero integer');
    const item = await lockItem(entry.tenantId, entry.itemId);
    const delta = balanceDelta(entry.kind, entry.quantity);
    if (
      entry.quantity < 0 &&
      (await dayFigure(entry.itemId, entry.businessDate, entry.kind)) + entry.quantity < 0
    ) {
      throw new AppError(
        'conflict',
        `Cannot reduce ${item.name}'s ${entry.kind.replace('_', ' ')} on ${entry.businessDate} below zero`,
      );
    }
    if (delta < 0) {
      const atDate = await balanceAt(entry.itemId, entry.businessDate);
      const lowestLater = await lowestClosingFrom(entry.itemId, entry.businessDate);
      const available = Math.min(atDate, lowestLater ?? atDate);
      if (available + delta < 0)
        throw new AppError('conflict', insufficientStockMessage(item.name, available));
    }

    await tx.insert(stockEntries).values(entry);
    const columns = {
      supplied: entry.kind === 'supplied' ? entry.quantity : 0,
      returned: entry.kind === 'returned' ? entry.quantity : 0,
      stockOut: entry.kind === 'stock_out' ? entry.quantity : 0,
    };
    const openingClosing = await balanceAt(entry.itemId, entry.businessDate);
    await tx
      .insert(stockDaily)
      .values({
        tenantId: entry.tenantId,
        itemId: entry.itemId,
        businessDate: entry.businessDate,
        ...columns,
        closing: openingClosing + delta,
      })
      .onConflictDoUpdate({
        target: [stockDaily.itemId, stockDaily.businessDate],
        set: {
          supplied: sql`${stockDaily.supplied} + ${columns.supplied}`,
          returned: sql`${stockDaily.returned} + ${columns.returned}`,
          stockOut: sql`${stockDaily.stockOut} + ${columns.stockOut}`,
          closing: sql`${stockDaily.closing} + ${delta}`,
        },
      });
    await tx
      .update(stockDaily)
      .set({ closing: sql`${stockDaily.closing} + ${delta}` })
      .where(and(eq(stockDaily.itemId, entry.itemId), gt(stockDaily.businessDate, entry.businessDate)));
    await tx
      .update(items)
      .set({ onHand: sql`${items.onHand} + ${delta}` })
      .where(eq(items.id, entry.itemId));
  }

  /** Posts several entries, locking items in id order so concurrent batches cannot deadlock. */
  async function postAll(entries: readonly TLedgerEntry[]): Promise<void> {
    const ordered = [...entries].sort((a, b) => a.itemId - b.itemId);
    for (const entry of ordered) await post(entry);
  }

  return { post, postAll, dayFigure, lockItem };
}

export type TLedger = ReturnType<typeof createLedger>;
