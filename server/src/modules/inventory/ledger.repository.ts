import { balanceDelta, insufficientStockMessage, type TStockKind } from '@app/domain/stock/ledger';
import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
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
 * refused with 409 and nothing is written. Must run inside a transaction, one ledger per transaction (it
 * keeps the balances of the items it has locked).
 */
export function createLedger(tx: Transaction) {
  type TLockedItem = { id: number; name: string; onHand: number; lastMovementDate: string | null };

  // Items this ledger already holds locked, with their balances as it keeps them: one lock query a transaction.
  const held = new Map<number, TLockedItem>();

  async function lockItems(tenantId: number, itemIds: readonly number[]): Promise<Map<number, TLockedItem>> {
    const wanted = [...new Set(itemIds)];
    if (wanted.every((id) => held.has(id))) return new Map(wanted.map((id) => [id, held.get(id)!]));
    const rows = await tx
      .select({
        id: items.id,
        name: items.name,
        onHand: items.onHand,
        lastMovementDate: items.lastMovementDate,
      })
      .from(items)
      .where(and(inArray(items.id, wanted), eq(items.tenantId, tenantId)))
      .orderBy(asc(items.id))
      .for('update');
    for (const row of rows) if (!held.has(row.id)) held.set(row.id, row);
    if (wanted.some((id) => !held.has(id))) throw new AppError('not_found', 'Item not found');
    return new Map(wanted.map((id) => [id, held.get(id)!]));
  }

  async function lockItem(tenantId: number, itemId: number): Promise<TLockedItem> {
    return (await lockItems(tenantId, [itemId])).get(itemId)!;
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

  /** Refuses what would take the entry's day or any later closing below zero; `latest` means no later rows. */
  async function assertStays(entry: TLedgerEntry, item: TLockedItem, delta: number, latest: boolean) {
    if (
      entry.quantity < 0 &&
      (await dayFigure(entry.itemId, entry.businessDate, entry.kind)) + entry.quantity < 0
    ) {
      throw new AppError(
        'conflict',
        `Cannot reduce ${item.name}'s ${entry.kind.replace('_', ' ')} on ${entry.businessDate} below zero`,
      );
    }
    if (delta >= 0) return;
    const available = latest
      ? item.onHand
      : Math.min(
          await balanceAt(entry.itemId, entry.businessDate),
          (await lowestClosingFrom(entry.itemId, entry.businessDate)) ?? Number.POSITIVE_INFINITY,
        );
    if (available + delta < 0) throw new AppError('conflict', insufficientStockMessage(item.name, available));
  }

  /** Folds one entry (already in the ledger) into the daily log and the item; the item is locked. */
  async function fold(entry: TLedgerEntry, item: TLockedItem) {
    const delta = balanceDelta(entry.kind, entry.quantity);
    // On or after the item's latest day there is no later row: the balance there is on_hand.
    const latest = item.lastMovementDate === null || entry.businessDate >= item.lastMovementDate;
    await assertStays(entry, item, delta, latest);
    const columns = {
      supplied: entry.kind === 'supplied' ? entry.quantity : 0,
      returned: entry.kind === 'returned' ? entry.quantity : 0,
      stockOut: entry.kind === 'stock_out' ? entry.quantity : 0,
    };
    const openingClosing = latest ? item.onHand : await balanceAt(entry.itemId, entry.businessDate);
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
    if (!latest) {
      await tx
        .update(stockDaily)
        .set({ closing: sql`${stockDaily.closing} + ${delta}` })
        .where(and(eq(stockDaily.itemId, entry.itemId), gt(stockDaily.businessDate, entry.businessDate)));
    }
    item.onHand += delta;
    if (latest) item.lastMovementDate = entry.businessDate;
    await tx
      .update(items)
      .set({ onHand: item.onHand, lastMovementDate: item.lastMovementDate })
      .where(eq(items.id, entry.itemId));
  }

  /**
   * The common case in bulk: every entry is a positive quantity on or after its item's latest day, so no
   * later day changes. Checks run on the locked balances in memory; the entries are appended, each
   * item-day becomes one row of an upsert and the items take their new balances, all in one statement.
   * Returns false (nothing written) when an entry needs the general path.
   */
  async function foldLatestInBulk(
    entries: readonly TLedgerEntry[],
    locked: Map<number, TLockedItem>,
  ): Promise<boolean> {
    const simulated = new Map([...locked].map(([id, item]) => [id, { ...item }]));
    const days = new Map<string, typeof stockDaily.$inferInsert>();
    for (const entry of entries) {
      const item = simulated.get(entry.itemId)!;
      if (
        entry.quantity < 0 ||
        (item.lastMovementDate !== null && entry.businessDate < item.lastMovementDate)
      ) {
        return false;
      }
      const delta = balanceDelta(entry.kind, entry.quantity);
      if (item.onHand + delta < 0)
        throw new AppError('conflict', insufficientStockMessage(item.name, item.onHand));
      item.onHand += delta;
      item.lastMovementDate = entry.businessDate;
      const key = `${entry.itemId}|${entry.businessDate}`;
      const day = days.get(key) ?? {
        tenantId: entry.tenantId,
        itemId: entry.itemId,
        businessDate: entry.businessDate,
        supplied: 0,
        returned: 0,
        stockOut: 0,
        closing: 0,
      };
      if (entry.kind === 'supplied') day.supplied! += entry.quantity;
      if (entry.kind === 'returned') day.returned! += entry.quantity;
      if (entry.kind === 'stock_out') day.stockOut! += entry.quantity;
      day.closing = item.onHand;
      days.set(key, day);
    }
    const appendEntries = tx.insert(stockEntries).values([...entries]);
    const upsertDays = tx
      .insert(stockDaily)
      .values([...days.values()])
      .onConflictDoUpdate({
        target: [stockDaily.itemId, stockDaily.businessDate],
        set: {
          supplied: sql`${stockDaily.supplied} + excluded.supplied`,
          returned: sql`${stockDaily.returned} + excluded.returned`,
          stockOut: sql`${stockDaily.stockOut} + excluded.stock_out`,
          closing: sql`excluded.closing`,
        },
      });
    const balances = [...simulated.values()].map(
      (item) => sql`(${item.id}::int, ${item.onHand}::int, ${item.lastMovementDate}::date)`,
    );
    // One round trip: the entries, the days and the balances are written by one statement.
    await tx.execute(sql`with appended as (${appendEntries.getSQL()}), days as (${upsertDays.getSQL()})
      update ${items} set on_hand = v.on_hand, last_movement_date = v.last_date
      from (values ${sql.join(balances, sql`, `)}) as v(id, on_hand, last_date) where ${items.id} = v.id`);
    for (const [id, item] of simulated) Object.assign(locked.get(id)!, item);
    return true;
  }

  /**
   * Posts entries: locks their items in id order (so concurrent batches cannot deadlock), appends them
   * to the ledger in one insert, and folds them into the daily log.
   */
  async function postAll(entries: readonly TLedgerEntry[]): Promise<void> {
    if (entries.length === 0) return;
    for (const entry of entries) {
      if (!Number.isInteger(entry.quantity) || entry.quantity === 0) {
        throw new Error('ledger quantity must be a non-zero integer');
      }
    }
    const tenantId = entries[0]!.tenantId;
    if (entries.some((e) => e.tenantId !== tenantId)) throw new Error('one tenant per ledger call');
    const locked = await lockItems(
      tenantId,
      entries.map((e) => e.itemId),
    );
    if (await foldLatestInBulk(entries, locked)) return;
    await tx.insert(stockEntries).values([...entries]);
    for (const entry of entries) await fold(entry, locked.get(entry.itemId)!);
  }

  return {
    post: (entry: TLedgerEntry) => postAll([entry]),
    postAll,
    dayFigure,
    lockItem,
    /** Locks items before rows that reference them are written, so concurrent writers queue, not deadlock. */
    lockItems: async (tenantId: number, itemIds: readonly number[]) =>
      void (await lockItems(tenantId, itemIds)),
  };
}

export type TLedger = ReturnType<typeof createLedger>;
