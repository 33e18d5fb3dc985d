import { z } from 'zod';

/** How far ahead of the server's clock a device's clock may run. */
export const RECORDED_AT_AHEAD_MS = 5 * 60 * 1000;
/** As long as the server keeps an Idempotency-Key's answer (IDEMPOTENCY_KEY_HOURS' default, 168 h). */
export const RECORDED_AT_MAX_AGE_MS = 168 * 60 * 60 * 1000;

export const RECORDED_AT_MESSAGE =
  'recorded_at must be an ISO date and time, not in the future and at most 7 days ago';

/**
 * When a record recorded on a device (offline) happened: an ISO 8601 date-time with an offset, at most
 * a few minutes ahead of the server's clock and no older than an idempotency key's life. The server keeps it
 * as the record's creation time; without it the record happened when the server received it.
 */
export const ZRecordedAtSchema = z.iso.datetime({ offset: true, error: RECORDED_AT_MESSAGE }).refine(
  (value) => {
    const at = Date.parse(value);
    const now = Date.now();
    return at <= now + RECORDED_AT_AHEAD_MS && at >= now - RECORDED_AT_MAX_AGE_MS;
  },
  { error: RECORDED_AT_MESSAGE },
);
