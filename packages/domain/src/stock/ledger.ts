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
