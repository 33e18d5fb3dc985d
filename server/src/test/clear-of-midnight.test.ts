import { describe, expect, it, vi } from 'vitest';
import { startClearOfMidnight } from './clear-of-midnight.ts';

/** 23:00 UTC is midnight in Lagos. */
const lagosMidnight = Date.parse('2026-11-26T23:00:00Z');

describe('a server test file starts clear of midnight in Lagos', () => {
  it('waits for the new day when midnight is less than three minutes away', async () => {
    const wait = vi.fn(async () => undefined);
    await startClearOfMidnight(lagosMidnight - 60_000, wait);
    expect(wait).toHaveBeenCalledWith(61_000);
  });

  it('starts at once otherwise', async () => {
    const wait = vi.fn(async () => undefined);
    await startClearOfMidnight(lagosMidnight - 10 * 60_000, wait);
    await startClearOfMidnight(lagosMidnight + 1_000, wait);
    expect(wait).not.toHaveBeenCalled();
  });
});
