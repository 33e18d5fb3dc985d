/**
 * Posting a record that must work without the server (an expense, a return): sent when the server answers
 * within SERVER_TIMEOUT_MS, otherwise kept in the outbox with the very same body and Idempotency-Key, for the
 * sync engine to send. The body carries the submission's public id and time (`submissionIds`), kept with the
 * key, so a retry after a lost answer or a reload is the same request and the server records it once.
 */
import { newPublicId } from '@app/domain/ids/public-id';
import { api, SERVER_TIMEOUT_MS } from '../api-client';
import type { TNewOutboxRecord, TOutboxRecord } from './db';
import { isUnreachable, offlineSync } from './offline-sync';

export type TSubmissionIds = { public_id: string; recorded_at: string };

const submissionName = (idempotencyKey: string) => `submission.${idempotencyKey}`;

/**
 * The public id and time of one submission, kept in localStorage beside its Idempotency-Key: the same key
 * (a retry, after a reload too) always sends the same pair.
 */
export function submissionIds(idempotencyKey: string): TSubmissionIds {
  try {
    const kept = JSON.parse(
      localStorage.getItem(submissionName(idempotencyKey)) ?? 'null',
    ) as TSubmissionIds | null;
    if (kept?.public_id && kept.recorded_at) return kept;
  } catch {
    // Unreadable: a fresh pair.
  }
  const ids = { public_id: newPublicId(), recorded_at: new Date().toISOString() };
  try {
    localStorage.setItem(submissionName(idempotencyKey), JSON.stringify(ids));
  } catch {
    // A full storage must not stop the record.
  }
  return ids;
}

export function forgetSubmission(idempotencyKey: string): void {
  try {
    localStorage.removeItem(submissionName(idempotencyKey));
  } catch {
    // Nothing kept.
  }
}

/** The server's answer, or the record kept on the device. */
export type TRecordOutcome<T> = { queued: false; answer: T } | { queued: true; record: TOutboxRecord };

export type TRecordOrQueueInput = Omit<TNewOutboxRecord, 'userId' | 'method'>;

/**
 * Posts `body` to `path` with its Idempotency-Key, or queues it when the server cannot be reached (offline
 * before the call: nothing was sent; no answer: the server may have it, and the same request is queued) or
 * when it carries an attachment (a file that could not be uploaded: the engine uploads it first).
 * A refusal (4xx) is thrown as usual.
 */
export async function recordOrQueue<T>(record: TRecordOrQueueInput): Promise<TRecordOutcome<T>> {
  const queue = async (): Promise<TRecordOutcome<T>> => {
    const kept = await offlineSync.enqueue({ ...record, method: 'POST' });
    forgetSubmission(record.idempotencyKey);
    return { queued: true, record: kept };
  };
  // A record with a file the server must have first waits for the sync engine, which uploads it.
  if (!navigator.onLine || record.attachment) return queue();
  try {
    const answer = await api.post<T>(record.path, record.body, {
      headers: { 'Idempotency-Key': record.idempotencyKey },
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    });
    forgetSubmission(record.idempotencyKey);
    return { queued: false, answer };
  } catch (error) {
    if (isUnreachable(error)) return queue();
    throw error;
  }
}
