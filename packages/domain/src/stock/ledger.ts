import { printDate } from '../dates/business-date.ts';

export type TStockKind = 'supplied' | 'returned' | 'stock_out';

/** How an entry of a kind moves the balance: supplied and returned add, stock out takes away. */
export function balanceDelta(kind: TStockKind, quantity: number): number {
  return kind === 'stock_out' ? -quantity : quantity;
}

export type TDayFigures = { supplied: number; returned: number; stock_out: number; closing: number };

/** open = closing − supplied − returned + stock out (closing = open + supplied + returned − stock out). */
export function openBalance(day: TDayFigures): number {
  return day.closing - day.supplied - day.returned + day.stock_out;
}

export const insufficientStockMessage = (itemName: string, available: number) =>
  `Insufficient stock for ${itemName}: ${available} left`;

/** The most units an item may hold on any day, or a day's figure reach: the daily log keeps 32-bit counts. */
export const MAX_STOCK_UNITS = 1_000_000_000;

export const tooMuchStockMessage = (itemName: string) =>
  `${itemName} cannot hold more than 1,000,000,000 units on a day: check the quantity`;

/** One item's figures on one business day, as the daily log keeps them. */
export type TStockDay = { date: string } & TDayFigures;

/** An entry to the ledger: a signed quantity of a kind on a business day (a correction is negative). */
export type TStockEntry = { date: string; kind: TStockKind; quantity: number };

/** An item's balance: what is on hand after its latest day, and that day. */
export type TItemBalance = { name: string; onHand: number; lastMovementDate: string | null };

/** Where an entry lands: the closing of the item's last day before the entry's date, and its days from that date on. */
export type TDaysFrom = { closingBefore: number; days: readonly TStockDay[] };

/** A refusal; `available` is set when the entry asked for more than the item could spare from its date on. */
export type TPosted =
  | { ok: true; item: TItemBalance; days: TStockDay[] }
  /** `shortOn`: the later day that runs short, when a backdated entry is refused for it, not for its own day. */
  | { ok: false; error: string; available?: number; shortOn?: string };

const DAY_COLUMN = { supplied: 'supplied', returned: 'returned', stock_out: 'stock_out' } as const;

/**
 * The stock rule: an entry changes its day's figure of its kind and moves that day's closing and every later
 * day's by its delta; the item's balance moves with them. Refused when it would take its day's figure below
 * zero, or its day's or any later day's closing below zero ("never below zero on any day"). Answers the
 * item's new balance and the days that changed (the entry's day, new or not, and every later one), ascending.
 */
export function postStockEntry(item: TItemBalance, from: TDaysFrom, entry: TStockEntry): TPosted {
  const delta = balanceDelta(entry.kind, entry.quantity);
  const [first] = from.days;
  const day: TStockDay =
    first?.date === entry.date
      ? { ...first }
      : { date: entry.date, supplied: 0, returned: 0, stock_out: 0, closing: from.closingBefore };
  const later = from.days.filter((each) => each.date > entry.date);
  const column = DAY_COLUMN[entry.kind];
  if (day[column] + entry.quantity < 0)
    return {
      ok: false,
      error:
        `Cannot reduce ${item.name}'s ${entry.kind.replace('_', ' ')} on ${printDate(entry.date)} below zero: ` +
        `that day shows ${day[column]} and this takes away ${-entry.quantity}. Correct that day in Inventory first`,
    };
  const highestClosing = Math.max(day.closing, ...later.map((each) => each.closing));
  if (day[column] + entry.quantity > MAX_STOCK_UNITS || highestClosing + delta > MAX_STOCK_UNITS)
    return { ok: false, error: tooMuchStockMessage(item.name) };
  if (delta < 0) {
    const available = Math.min(day.closing, ...later.map((each) => each.closing));
    if (available + delta < 0 && entry.quantity < 0) {
      // Taking back what a day recorded (a deleted purchase, a correction): say which day runs short.
      const short = [day, ...later].find((each) => each.closing === available)!;
      return {
        ok: false,
        error:
          `${insufficientStockMessage(item.name, available)} on ${printDate(short.date)}, and this takes away ` +
          `${-delta}. Correct that day in Inventory first`,
      };
    }
    if (available + delta < 0) {
      const shortOn = [day, ...later].find((each) => each.closing === available)!.date;
      return shortOn === entry.date
        ? { ok: false, error: insufficientStockMessage(item.name, available), available }
        : {
            ok: false,
            error: `${insufficientStockMessage(item.name, available)} on ${printDate(shortOn)}`,
            available,
            shortOn,
          };
    }
  }
  day[column] += entry.quantity;
  day.closing += delta;
  const lastMovementDate =
    item.lastMovementDate === null || entry.date > item.lastMovementDate ? entry.date : item.lastMovementDate;
  return {
    ok: true,
    item: { ...item, onHand: item.onHand + delta, lastMovementDate },
    days: [day, ...later.map((each) => ({ ...each, closing: each.closing + delta }))],
  };
}
