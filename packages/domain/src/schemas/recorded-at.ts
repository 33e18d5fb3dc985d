import { z } from 'zod';

/** As long as the server keeps an Idempotency-Key's answer (IDEMPOTENCY_KEY_HOURS' default, 168 h). */
export const RECORDED_AT_MAX_AGE_MS = 168 * 60 * 60 * 1000;

export const RECORDED_AT_FORMAT_MESSAGE = 'recorded_at must be an ISO date and time with an offset';
export const RECORDED_AT_TOO_OLD_MESSAGE =
  "This was recorded more than 7 days ago by the device's clock, and records older than a week are not " +
  "accepted: check the phone's date and time, then record it again";

/**
 * When a record recorded on a device (offline) happened: an ISO 8601 date-time with an offset, no older than
 * an idempotency key's life. A time ahead of the server's clock (a phone whose clock runs fast) is taken as
 * now (`recordedAtOf`), never refused: a sale must not fail for the phone's clock. The server keeps it as the
 * record's creation time; without it the record happened when the server received it.
 */
export const ZRecordedAtSchema = z.iso
  .datetime({ offset: true, error: RECORDED_AT_FORMAT_MESSAGE })
  .refine((value) => Date.parse(value) >= Date.now() - RECORDED_AT_MAX_AGE_MS, {
    error: RECORDED_AT_TOO_OLD_MESSAGE,
  });

/** The time a record happened: the device's `recorded_at`, no later than now; null when none was sent. */
export function recordedAtOf(recordedAt: string | null | undefined, now: number = Date.now()): Date | null {
  return recordedAt ? new Date(Math.min(Date.parse(recordedAt), now)) : null;
}
