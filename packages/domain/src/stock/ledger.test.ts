import { describe, expect, it } from 'vitest';
import { openBalance, postStockEntry, type TStockDay } from './ledger.ts';

const rice = { name: 'Rice', onHand: 7, lastMovementDate: '2026-11-20' };
const day = (date: string, figures: Partial<TStockDay>): TStockDay => ({
  date,
  supplied: 0,
  returned: 0,
  stock_out: 0,
  closing: 0,
  ...figures,
});
// 10 supplied on the 10th, 3 sold on the 20th.
const history = [
  day('2026-11-10', { supplied: 10, closing: 10 }),
  day('2026-11-20', { stock_out: 3, closing: 7 }),
];

describe('postStockEntry', () => {
  it('adds a new latest day from the balance', () => {
    const posted = postStockEntry(
      rice,
      { closingBefore: 7, days: [] },
      { date: '2026-11-25', kind: 'stock_out', quantity: 2 },
    );
    expect(posted).toEqual({
      ok: true,
      item: { name: 'Rice', onHand: 5, lastMovementDate: '2026-11-25' },
      days: [day('2026-11-25', { stock_out: 2, closing: 5 })],
    });
  });

  it('moves every later closing when backdated, and keeps the latest day', () => {
    const posted = postStockEntry(
      rice,
      { closingBefore: 10, days: history.slice(1) },
      { date: '2026-11-15', kind: 'supplied', quantity: 4 },
    );
    expect(posted).toEqual({
      ok: true,
      item: { name: 'Rice', onHand: 11, lastMovementDate: '2026-11-20' },
      days: [
        day('2026-11-15', { supplied: 4, closing: 14 }),
        day('2026-11-20', { stock_out: 3, closing: 11 }),
      ],
    });
    if (posted.ok) expect(posted.days.map(openBalance)).toEqual([10, 14]);
  });

  it('adds to a day that has figures already', () => {
    const posted = postStockEntry(
      rice,
      { closingBefore: 0, days: history },
      { date: '2026-11-10', kind: 'returned', quantity: 1 },
    );
    expect(posted.ok && posted.days).toEqual([
      day('2026-11-10', { supplied: 10, returned: 1, closing: 11 }),
      day('2026-11-20', { stock_out: 3, closing: 8 }),
    ]);
  });

  it('refuses what would take any later day below zero, naming that day and what it has left', () => {
    // 8 on the 15th leaves 2 that day, but the 20th sold 3 of them.
    expect(
      postStockEntry(
        rice,
        { closingBefore: 10, days: history.slice(1) },
        { date: '2026-11-15', kind: 'stock_out', quantity: 8 },
      ),
    ).toEqual({
      ok: false,
      error: 'Insufficient stock for Rice: 7 left on 20 Nov 2026',
      available: 7,
      shortOn: '2026-11-20',
    });
    expect(
      postStockEntry(
        rice,
        { closingBefore: 10, days: history.slice(1) },
        { date: '2026-11-15', kind: 'stock_out', quantity: 7 },
      ).ok,
    ).toBe(true);
  });

  it('names the day that runs short when a day takes back what it recorded', () => {
    // 10 supplied on the 10th, 8 sold on the 20th: taking 5 of the 10 back would leave the 20th at -3.
    const history10 = [
      day('2026-11-10', { supplied: 10, closing: 10 }),
      day('2026-11-20', { stock_out: 8, closing: 2 }),
    ];
    expect(
      postStockEntry(
        { ...rice, onHand: 2 },
        { closingBefore: 0, days: history10 },
        { date: '2026-11-10', kind: 'supplied', quantity: -5 },
      ),
    ).toEqual({
      ok: false,
      error:
        'Insufficient stock for Rice: 2 left on 20 Nov 2026, and this takes away 5. Correct that day in Inventory first',
    });
  });

  it('refuses a correction below what its day recorded', () => {
    expect(
      postStockEntry(
        rice,
        { closingBefore: 10, days: history.slice(1) },
        { date: '2026-11-20', kind: 'stock_out', quantity: -4 },
      ),
    ).toEqual({
      ok: false,
      error:
        "Cannot reduce Rice's stock out on 20 Nov 2026 below zero: that day shows 3 and this takes away 4. Correct that day in Inventory first",
    });
    const corrected = postStockEntry(
      rice,
      { closingBefore: 10, days: history.slice(1) },
      { date: '2026-11-20', kind: 'stock_out', quantity: -3 },
    );
    expect(corrected.ok && corrected.days).toEqual([day('2026-11-20', { stock_out: 0, closing: 10 })]);
  });

  it('refuses what would take a day past 1,000,000,000 units, then or later', () => {
    const full = [day('2026-11-20', { supplied: 999_999_990, closing: 999_999_995 })];
    const tooMuch = 'Rice cannot hold more than 1,000,000,000 units on a day: check the quantity';
    const post = (date: string, quantity: number) =>
      postStockEntry(rice, { closingBefore: 5, days: full }, { date, kind: 'returned', quantity });
    expect(post('2026-11-20', 6)).toEqual({ ok: false, error: tooMuch });
    expect(post('2026-11-15', 6)).toEqual({ ok: false, error: tooMuch });
    expect(post('2026-11-20', 5).ok).toBe(true);
    expect(
      postStockEntry(
        rice,
        { closingBefore: 0, days: [] },
        { date: '2026-11-25', kind: 'supplied', quantity: 1e9 + 1 },
      ),
    ).toEqual({ ok: false, error: tooMuch });
  });
});
