import {
  insufficientStockMessage,
  postStockEntry,
  type TDaysFrom,
  type TStockDay,
  type TStockKind,
} from '@app/domain/stock/ledger';
import { and, asc, desc, eq, gte, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { printDate } from '@app/domain/dates/business-date';
import type { Transaction } from '../../platform/db/client.ts';
import { columnsOf, hotStatement, placeholders } from '../../platform/db/prepared.ts';
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

/** An item under this transaction's row lock, with its balance as the ledger keeps it. */
export type TLockedItem = {
  id: number;
  name: string;
  warehouseId: number;
  deleted: boolean;
  onHand: number;
  lastMovementDate: string | null;
};

/**
 * The lock on the business's items among `itemIds`, taken in id order (so concurrent writers queue, not
 * deadlock), as a member `locked_items` of a WITH clause whose rows are TLockedItem; `when` gates it (it is
 * checked before any row is locked). By default the placeholders tenantId and itemIds; a caller's own statement
 * may pass the business and an int[] expression (e.g. the ids its earlier member found) instead. The caller
 * hands the rows to `ledger.hold`.
 */
export function lockedItemsMember(
  when: SQL = sql`true`,
  of: { tenantId: Placeholder | number; itemIds: SQL } = {
    tenantId: sql.placeholder('tenantId'),
    itemIds: sql`${sql.placeholder('itemIds')}::int[]`,
  },
): SQL {
  return sql`locked_items as (
    select id, name, warehouse_id as "warehouseId", deleted_at is not null as deleted, on_hand as "onHand",
      last_movement_date::text as "lastMovementDate"
    from ${items}
    where tenant_id = ${of.tenantId} and id = any(${of.itemIds}) and ${when}
    order by id for update)`;
}

const LOCK_ITEMS = hotStatement<{ tenantId: number; itemIds: number[] }>(
  sql`with ${lockedItemsMember()} select * from locked_items`,
);

/** What LEDGER_WRITES writes: one array per column of the entries, the item-days and the items' balances. */
export type TLedgerWrites = {
  entryTenantIds: number[];
  entryItemIds: number[];
  entryDates: string[];
  entryKinds: string[];
  entryQuantities: number[];
  entrySourceTypes: string[];
  entrySourceIds: (number | null)[];
  entryUserIds: (number | null)[];
  dayTenantIds: number[];
  dayItemIds: number[];
  dayDates: string[];
  daySupplied: number[];
  dayReturned: number[];
  dayStockOut: number[];
  dayClosings: number[];
  balanceItemIds: number[];
  balanceOnHand: number[];
  balanceDates: (string | null)[];
};

/** For a statement that carries LEDGER_WRITES but has no stock to write this time. */
export const NO_LEDGER_WRITES: TLedgerWrites = {
  entryTenantIds: [],
  entryItemIds: [],
  entryDates: [],
  entryKinds: [],
  entryQuantities: [],
  entrySourceTypes: [],
  entrySourceIds: [],
  entryUserIds: [],
  dayTenantIds: [],
  dayItemIds: [],
  dayDates: [],
  daySupplied: [],
  dayReturned: [],
  dayStockOut: [],
  dayClosings: [],
  balanceItemIds: [],
  balanceOnHand: [],
  balanceDates: [],
};

const p = placeholders<TLedgerWrites>();

/**
 * The ledger's common case as members of a WITH clause (TLedgerWrites are its placeholders): the entries
 * appended, each item-day one row of an upsert, the items' new balances.
 */
export const LEDGER_WRITES = sql`ledger_entries as (
    insert into ${stockEntries} (tenant_id, item_id, business_date, kind, quantity, source_type, source_id, user_id)
    select * from unnest(${p('entryTenantIds')}::int[], ${p('entryItemIds')}::int[], ${p('entryDates')}::date[],
      ${p('entryKinds')}::text[], ${p('entryQuantities')}::int[], ${p('entrySourceTypes')}::text[],
      ${p('entrySourceIds')}::int[], ${p('entryUserIds')}::int[])),
  ledger_days as (
    insert into ${stockDaily} (tenant_id, item_id, business_date, supplied, returned, stock_out, closing)
    select * from unnest(${p('dayTenantIds')}::int[], ${p('dayItemIds')}::int[], ${p('dayDates')}::date[],
      ${p('daySupplied')}::int[], ${p('dayReturned')}::int[], ${p('dayStockOut')}::int[], ${p('dayClosings')}::int[])
    on conflict (item_id, business_date) do update set supplied = stock_daily.supplied + excluded.supplied,
      returned = stock_daily.returned + excluded.returned, stock_out = stock_daily.stock_out + excluded.stock_out,
      closing = excluded.closing),
  ledger_balances as (
    update ${items}
    set on_hand = (${p('balanceOnHand')}::int[])[array_position(${p('balanceItemIds')}::int[], ${items.id})],
      last_movement_date = (${p('balanceDates')}::date[])[array_position(${p('balanceItemIds')}::int[], ${items.id})],
      first_movement_date = coalesce(${items.firstMovementDate}, (select min(e.d)
        from unnest(${p('entryItemIds')}::int[], ${p('entryDates')}::date[]) as e(i, d) where e.i = ${items.id}))
    where ${items.id} = any(${p('balanceItemIds')}::int[]))`;

/**
 * A refused entry as a 409. When it asked for more than the item could spare, the count it names is what the
 * item had before this call: two lines of one item in a sale are refused with the stock both lines shared.
 */
function refusal(
  itemName: string,
  posted: { error: string; available?: number; shortOn?: string },
  takenBefore: number,
) {
  if (posted.available === undefined) return new AppError('conflict', posted.error);
  const message = insufficientStockMessage(itemName, posted.available + takenBefore);
  return new AppError('conflict', posted.shortOn ? `${message} on ${printDate(posted.shortOn)}` : message);
}

const POST_IN_BULK = hotStatement<TLedgerWrites>(sql`with ${LEDGER_WRITES} select 1`);

/**
 * The only writer of stock. Each entry is appended to the ledger and folded into the daily log
 * under the item's row lock: that day's totals change and every closing from that day on moves by
 * the entry's delta. An entry that would take any day's closing (or that day's figure) below zero is
 * refused with 409 and nothing is written. Must run inside a transaction, one ledger per transaction (it
 * keeps the balances of the items it has locked).
 */
export function createLedger(tx: Transaction) {
  // Items this ledger already holds locked, with their balances as it keeps them: one lock query a transaction.
  const held = new Map<number, TLockedItem>();

  /** Items the caller locked with its own statement (lockedItemsMember): the ledger keeps their balances. */
  function hold(rows: readonly TLockedItem[]): void {
    for (const row of rows) if (!held.has(row.id)) held.set(row.id, row);
  }

  const heldAmong = (wanted: readonly number[]) =>
    new Map(wanted.filter((id) => held.has(id)).map((id) => [id, held.get(id)!]));

  /** Locks the business's items among `itemIds` (in id order) and answers those it found. */
  async function lockItems(tenantId: number, itemIds: readonly number[]): Promise<Map<number, TLockedItem>> {
    const wanted = [...new Set(itemIds)];
    if (!wanted.every((id) => held.has(id)))
      hold(await LOCK_ITEMS.run<TLockedItem>(tx, { tenantId, itemIds: wanted }));
    return heldAmong(wanted);
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

  /** The item's days from `date` on (ascending) and the closing of its last day before it. */
  async function daysFrom(itemId: number, date: string): Promise<TDaysFrom> {
    const [before] = await tx
      .select({ closing: stockDaily.closing })
      .from(stockDaily)
      .where(and(eq(stockDaily.itemId, itemId), lt(stockDaily.businessDate, date)))
      .orderBy(desc(stockDaily.businessDate))
      .limit(1);
    const days = await tx
      .select({
        date: stockDaily.businessDate,
        supplied: stockDaily.supplied,
        returned: stockDaily.returned,
        stock_out: stockDaily.stockOut,
        closing: stockDaily.closing,
      })
      .from(stockDaily)
      .where(and(eq(stockDaily.itemId, itemId), gte(stockDaily.businessDate, date)))
      .orderBy(asc(stockDaily.businessDate));
    return { closingBefore: before?.closing ?? 0, days };
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

  /**
   * Folds one entry (already in the ledger) into the daily log and the item by the domain's rule; the item is
   * locked. `takenBefore` is what this call's earlier entries took out of the item that day.
   */
  async function fold(entry: TLedgerEntry, item: TLockedItem, takenBefore: number) {
    const posted = postStockEntry(item, await daysFrom(entry.itemId, entry.businessDate), {
      date: entry.businessDate,
      kind: entry.kind,
      quantity: entry.quantity,
    });
    if (!posted.ok) throw refusal(item.name, posted, takenBefore);
    await tx
      .insert(stockDaily)
      .values(
        posted.days.map((day) => ({
          tenantId: entry.tenantId,
          itemId: entry.itemId,
          businessDate: day.date,
          supplied: day.supplied,
          returned: day.returned,
          stockOut: day.stock_out,
          closing: day.closing,
        })),
      )
      .onConflictDoUpdate({
        target: [stockDaily.itemId, stockDaily.businessDate],
        set: {
          supplied: sql`excluded.supplied`,
          returned: sql`excluded.returned`,
          stockOut: sql`excluded.stock_out`,
          closing: sql`excluded.closing`,
        },
      });
    item.onHand = posted.item.onHand;
    item.lastMovementDate = posted.item.lastMovementDate;
    await tx
      .update(items)
      .set({
        onHand: item.onHand,
        lastMovementDate: item.lastMovementDate,
        firstMovementDate: sql`least(coalesce(${items.firstMovementDate}, ${entry.businessDate}::date), ${entry.businessDate}::date)`,
      })
      .where(eq(items.id, entry.itemId));
  }

  /**
   * The common case in bulk: every entry is a positive quantity on or after its item's latest day, so no
   * later day changes. Checks run on the locked balances in memory and answer LEDGER_WRITES' values
   * (`done` records the new balances once they are written). Null when an entry needs the general
   * path; 409 when one would take stock below zero.
   */
  function latestInBulk(
    entries: readonly TLedgerEntry[],
    locked: Map<number, TLockedItem>,
  ): { values: TLedgerWrites; done: () => void } | null {
    const simulated = new Map([...locked].map(([id, item]) => [id, { ...item }]));
    // What this call adds to each item-day (the upsert adds it to the day's figures) and the day's closing.
    const days = new Map<string, TLedgerEntry & { day: TStockDay }>();
    for (const entry of entries) {
      const item = simulated.get(entry.itemId)!;
      if (
        entry.quantity < 0 ||
        (item.lastMovementDate !== null && entry.businessDate < item.lastMovementDate)
      ) {
        return null;
      }
      const key = `${entry.itemId}|${entry.businessDate}`;
      const added = days.get(key)?.day;
      const posted = postStockEntry(
        item,
        { closingBefore: item.onHand, days: added ? [added] : [] },
        { date: entry.businessDate, kind: entry.kind, quantity: entry.quantity },
      );
      if (!posted.ok) throw refusal(item.name, posted, added?.stock_out ?? 0);
      item.onHand = posted.item.onHand;
      item.lastMovementDate = posted.item.lastMovementDate;
      days.set(key, { ...entry, day: posted.days[0]! });
    }
    const dayRows = [...days.values()];
    const balances = [...simulated.values()];
    return {
      // Object.assign, not spreads (columnsOf's objects are V8 dictionaries, slow to spread: see prepared.ts).
      values: Object.assign(
        {},
        columnsOf(entries, {
          entryTenantIds: (e) => e.tenantId,
          entryItemIds: (e) => e.itemId,
          entryDates: (e) => e.businessDate,
          entryKinds: (e) => e.kind,
          entryQuantities: (e) => e.quantity,
          entrySourceTypes: (e) => e.sourceType,
          entrySourceIds: (e) => e.sourceId,
          entryUserIds: (e) => e.userId,
        }),
        columnsOf(dayRows, {
          dayTenantIds: (d) => d.tenantId,
          dayItemIds: (d) => d.itemId,
          dayDates: (d) => d.businessDate,
          daySupplied: (d) => d.day.supplied,
          dayReturned: (d) => d.day.returned,
          dayStockOut: (d) => d.day.stock_out,
          dayClosings: (d) => d.day.closing,
        }),
        columnsOf(balances, {
          balanceItemIds: (b) => b.id,
          balanceOnHand: (b) => b.onHand,
          balanceDates: (b) => b.lastMovementDate,
        }),
      ),
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
      await POST_IN_BULK.run(tx, bulk.values);
      bulk.done();
      return;
    }
    await tx.insert(stockEntries).values([...entries]);
    const taken = new Map<string, number>();
    for (const entry of entries) {
      const key = `${entry.itemId}|${entry.businessDate}`;
      await fold(entry, locked.get(entry.itemId)!, taken.get(key) ?? 0);
      if (entry.kind === 'stock_out') taken.set(key, (taken.get(key) ?? 0) + entry.quantity);
    }
  }

  /**
   * For a caller whose own statement carries LEDGER_WRITES: their values for `entries` (whose items this
   * ledger already holds locked), or null when the entries need `postAll`.
   */
  function writesInBulk(
    entries: readonly TLedgerEntry[],
  ): { values: TLedgerWrites; done: () => void } | null {
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
    hold,
    lockItem,
    /** Locks items before rows that reference them are written, so concurrent writers queue, not deadlock. */
    lockItems,
  };
}

export type TLedger = ReturnType<typeof createLedger>;
