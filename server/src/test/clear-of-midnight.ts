/**
 * A test file reads "today" (the Lagos business date) when it starts and the server reads it on every call:
 * a file that ran across midnight in Lagos would sell on a day its stock was not bought on. Each server test
 * file therefore starts clear of midnight: within CLEARANCE_MS of it, it waits for the new day.
 */
import { businessDate, businessDayStart } from '@app/domain/dates/business-date';
import { setTimeout as sleep } from 'node:timers/promises';

/** Longer than any server test file takes (the slowest runs about a minute). */
const CLEARANCE_MS = 3 * 60_000;

/** Waits (by `wait`) until a second past the next Lagos midnight when it is closer than CLEARANCE_MS. */
export async function startClearOfMidnight(
  now = Date.now(),
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<void> {
  const untilMidnight = businessDayStart(businessDate(new Date(now)), 1).getTime() - now;
  if (untilMidnight <= CLEARANCE_MS) await wait(untilMidnight + 1_000);
}

await startClearOfMidnight();
