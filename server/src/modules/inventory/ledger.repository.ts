import { balanceDelta, insufficientStockMessage, type TStockKind } from '@app/domain/stock/ledger';
import { and, asc, eq, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../platform/db/client.ts';
import { arrayParam, executePrepared } from '../../platform/db/prepared.ts';
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
  type TLockedItem = {
    id: number;
    name: string;
    warehouseId: number;
    deletedAt: Date | null;
    onHand: number;
    lastMovementDate: string | null;
  };

  // Items this ledger already holds locked, with their balances as it keeps them: one lock query a transaction.
  const held = new Map<number, TLockedItem>();

  /** Locks the business's items among `itemIds` (in id order) and answers those it found. */
  async function lockItems(tenantId: number, itemIds: readonly number[]): Promise<Map<number, TLockedItem>> {
    const wanted = [...new Set(itemIds)];
    if (wanted.every((id) => held.has(id))) return new Map(wanted.map((id) => [id, held.get(id)!]));
    const rows = await tx
      .select({
        id: items.id,
        name: items.name,
        warehouseId: items.warehouseId,
        deletedAt: items.deletedAt,
        onHand: items.onHand,
        lastMovementDate: items.lastMovementDate,
      })
      .from(items)
      .where(and(inArray(items.id, wanted), eq(items.tenantId, tenantId)))
      .orderBy(asc(items.id))
      .for('update');
    for (const row of rows) if (!held.has(row.id)) held.set(row.id, row);
    return new Map(wanted.filter((id) => held.has(id)).map((id) => [id, held.get(id)!]));
  }

  /** Locks every item of `itemIds` (404 when one is not the business's). */
  async function lockAll(tenantId: number, itemIds: readonly number[]): Promise<Map<number, TLockedItem>> {
    const locked = await lockItems(tenantId, itemIds);
    if (itemIds.some((id) => !locked.has(id))) throw new AppError('not_found', 'Item not found');
    return locked;
  }

  async function lockItem(tenantId: number, itemId: number): Promise<TLockedItem> {
    return (await lockAll(tenantId, [itemId])).get(itemId)!;
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
   * item-day becomes one row of an upsert and the items take their new balances, all as members of one
   * WITH clause (`done` records the new balances once they are written). Null when an entry needs the
   * general path; 409 when one would take stock below zero.
   */
  function latestInBulk(
    entries: readonly TLedgerEntry[],
    locked: Map<number, TLockedItem>,
  ): { writes: SQL; done: () => void } | null {
    const simulated = new Map([...locked].map(([id, item]) => [id, { ...item }]));
    const days = new Map<string, typeof stockDaily.$inferInsert>();
    for (const entry of entries) {
      const item = simulated.get(entry.itemId)!;
      if (
        entry.quantity < 0 ||
        (item.lastMovementDate !== null && entry.businessDate < item.lastMovementDate)
      ) {
        return null;
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
    const dayRows = [...days.values()];
    const balances = [...simulated.values()];
    // Array parameters (one per column, whatever the number of rows): the statement's text stays the
    // same from call to call, so a caller may run it prepared.
    return {
      writes: sql`ledger_entries as (
          insert into ${stockEntries} (tenant_id, item_id, business_date, kind, quantity, source_type, source_id, user_id)
          select * from unnest(${arrayParam(entries, (e) => e.tenantId)}::int[], ${arrayParam(entries, (e) => e.itemId)}::int[],
            ${arrayParam(entries, (e) => e.businessDate)}::date[], ${arrayParam(entries, (e) => e.kind)}::text[],
            ${arrayParam(entries, (e) => e.quantity)}::int[], ${arrayParam(entries, (e) => e.sourceType)}::text[],
            ${arrayParam(entries, (e) => e.sourceId)}::int[], ${arrayParam(entries, (e) => e.userId)}::int[])),
        ledger_days as (
          insert into ${stockDaily} (tenant_id, item_id, business_date, supplied, returned, stock_out, closing)
          select * from unnest(${arrayParam(dayRows, (d) => d.tenantId)}::int[], ${arrayParam(dayRows, (d) => d.itemId)}::int[],
            ${arrayParam(dayRows, (d) => d.businessDate)}::date[], ${arrayParam(dayRows, (d) => d.supplied)}::int[],
            ${arrayParam(dayRows, (d) => d.returned)}::int[], ${arrayParam(dayRows, (d) => d.stockOut)}::int[],
            ${arrayParam(dayRows, (d) => d.closing)}::int[])
          on conflict (item_id, business_date) do update set supplied = stock_daily.supplied + excluded.supplied,
            returned = stock_daily.returned + excluded.returned, stock_out = stock_daily.stock_out + excluded.stock_out,
            closing = excluded.closing),
        ledger_balances as (
          update ${items} set on_hand = b.on_hand, last_movement_date = b.last_date
          from unnest(${arrayParam(balances, (b) => b.id)}::int[], ${arrayParam(balances, (b) => b.onHand)}::int[],
            ${arrayParam(balances, (b) => b.lastMovementDate)}::date[]) as b(id, on_hand, last_date)
          where ${items.id} = b.id)`,
      done: () => {
        for (const [id, item] of simulated) Object.assign(locked.get(id)!, item);
      },
    };
  }

  function assertPostable(entries: readonly TLedgerEntry[]): number {
    for (const entry of entries) {
      if (!Number.isInteger(entry.quantity) || entry.quantity === 0) {
        throw new Error('ledger quantity must be a non-zero integer');
      }
    }
    const tenantId = entries[0]!.tenantId;
    if (entries.some((e) => e.tenantId !== tenantId)) throw new Error('one tenant per ledger call');
    return tenantId;
  }

  /**
   * Posts entries: locks their items in id order (so concurrent batches cannot deadlock), appends them
   * to the ledger in one insert, and folds them into the daily log.
   */
  async function postAll(entries: readonly TLedgerEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const locked = await lockAll(
      assertPostable(entries),
      entries.map((e) => e.itemId),
    );
    const bulk = latestInBulk(entries, locked);
    if (bulk) {
      // One round trip: the entries, the days and the balances are written by one statement.
      await executePrepared(tx, sql`with ${bulk.writes} select 1`);
      bulk.done();
      return;
    }
    await tx.insert(stockEntries).values([...entries]);
    for (const entry of entries) await fold(entry, locked.get(entry.itemId)!);
  }

  /**
   * For a caller that writes its own rows in the same statement: the writes of `entries` (whose items this
   * ledger already holds locked) as members of a WITH clause, or null when they need `postAll`.
   */
  function writesInBulk(entries: readonly TLedgerEntry[]): { writes: SQL; done: () => void } | null {
    if (entries.length === 0) return null;
    assertPostable(entries);
    if (entries.some((e) => !held.has(e.itemId))) throw new Error('lock the items before writing in bulk');
    return latestInBulk(entries, new Map(entries.map((e) => [e.itemId, held.get(e.itemId)!])));
  }

  return {
    post: (entry: TLedgerEntry) => postAll([entry]),
    postAll,
    writesInBulk,
    dayFigure,
    lockItem,
    /** Locks items before rows that reference them are written, so concurrent writers queue, not deadlock. */
    lockItems,
  };
}

export type TLedger = ReturnType<typeof createLedger>;
