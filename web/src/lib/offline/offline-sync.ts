/**
 * The app's one outbox and sync engine (see sync-engine.ts), wired to the browser: it sends through the API
 * client with a timeout, syncs on app start, when the connection returns, every 30 seconds and after a
 * sign-in, refreshes the reference data while online, and tells the screens to refresh what a synced record
 * changed. `useSyncState` is its state for the screens.
 */
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { TStoredFile } from '@app/domain/files/uploads';
import { hasPermission } from '@app/domain/permissions/check';
import {
  ApiError,
  apiRequest,
  detailToMessage,
  probeServer,
  SERVER_TIMEOUT_MS,
  serverDidNotAnswer,
  setReachabilityListener,
} from '../api-client';
import { getAuthSnapshot, getToken, isTokenExpired, subscribeAuth } from '../auth-storage';
import { openOfflineDb, type TOfflineDb, type TOutboxAttachment, type TOutboxRecord } from './db';
import { afterStartup } from '../after-startup';
import { keepSyncedStock, refreshReference, REFERENCE_REFRESH_MS } from './reference';
import {
  createSyncEngine,
  wireBody,
  type TSendResult,
  type TSyncEngine,
  type TSyncState,
} from './sync-engine';
import { invalidateStock } from '../stock-queries';

const SYNC_EVERY_MS = 30_000;

let dbOpening: Promise<TOfflineDb> | null = null;
/** The device's offline store, opened once. */
export const offlineDb = (): Promise<TOfflineDb> => (dbOpening ??= openOfflineDb());

/** The signed-in user whose records and reference data the device reads (null when signed out). */
export const offlineUserId = (): number | null => getAuthSnapshot().userId;

/** The reference data is read through the Sales screen's calls: a user without it has none to keep. */
function keepsReference(): boolean {
  const { role, permissions, permissionCodes } = getAuthSnapshot();
  return hasPermission({ role, permissions, permission_codes: permissionCodes }, 'sales.page.access');
}

/** True when a failed call never got the server's answer (offline, network error, timeout). */
export function isUnreachable(error: unknown): boolean {
  return (
    (error instanceof ApiError && error.status === 0) ||
    (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  );
}

/** A token that has not expired: only the server's answer ends an expired one (the user signs in again). */
function hasValidSession(): boolean {
  const token = getToken();
  return token !== null && !isTokenExpired(token);
}

/** One call of the sync engine through the API client, its failure as a TSendResult. */
async function attempt(call: () => Promise<unknown>): Promise<TSendResult> {
  // A token that expires during a pass is a 401 without a call: the API client would send the user to the
  // login screen.
  if (!hasValidSession()) return { ok: false, status: 401, detail: 'Token expired' };
  try {
    return { ok: true, answer: await call() };
  } catch (error) {
    if (error instanceof ApiError && error.status > 0)
      return { ok: false, status: error.status, detail: detailToMessage(error.detail) ?? error.message };
    return { ok: false, status: 0, detail: error instanceof Error ? error.message : String(error) };
  }
}

/** One attempt of a queued record, with its Idempotency-Key. */
const sendRecord = (record: TOutboxRecord): Promise<TSendResult> =>
  attempt(() =>
    apiRequest<unknown>(record.path, {
      method: record.method,
      json: wireBody(record.body, record.localFields),
      headers: { 'Idempotency-Key': record.idempotencyKey },
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    }),
  );

/** Uploads a queued record's file (no timeout: a 10 MB invoice takes a while on slow data); answers its URL. */
const uploadAttachment = (attachment: TOutboxAttachment): Promise<TSendResult> =>
  attempt(async () => {
    const data = new FormData();
    for (const [name, value] of Object.entries(attachment.fields ?? {})) data.append(name, value);
    const file = new File([attachment.bytes], attachment.fileName, { type: attachment.type });
    data.append(attachment.formField, file, attachment.fileName);
    const stored = await apiRequest<TStoredFile>(attachment.path, { method: 'POST', multipart: data });
    return stored.invoice_file_url;
  });

let queryClientRef: QueryClient | null = null;

function refreshWhatItChanges(record: TOutboxRecord) {
  for (const queryKey of record.invalidates) void queryClientRef?.invalidateQueries({ queryKey });
  if (record.stock?.length && queryClientRef) void invalidateStock(queryClientRef);
}

/** The app's other tabs on this device: told when this one changes the outbox, so their counts follow. */
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('naira-ledger-outbox');

/** One tab sends at a time (Web Locks); another waits, then finds the records already sent. */
async function alone(pass: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return pass();
  await navigator.locks.request('naira-ledger-outbox-sync', () => pass());
}

export const offlineSync: TSyncEngine = createSyncEngine({
  db: offlineDb,
  send: sendRecord,
  upload: uploadAttachment,
  currentUserId: offlineUserId,
  canSend: hasValidSession,
  onSynced: (record) => {
    refreshWhatItChanges(record);
    if (record.stock) void offlineDb().then((db) => keepSyncedStock(db, record.userId, record.stock ?? []));
  },
  // The server's state differs from what the phone knew (stock, a balance): the screens read it again.
  onRefused: (record) => refreshWhatItChanges(record),
  onChange: () => tabs?.postMessage('changed'),
  exclusive: alone,
});

if (tabs) tabs.onmessage = () => void offlineSync.refresh();

// Every call says whether the server answered: a silent server is "offline" (sales are kept at once, the
// badge says so) until a call is answered again.
setReachabilityListener((reachable) => {
  if (offlineSync.getState().online !== reachable) offlineSync.setOnline(reachable);
});

/** While the server is silent on a working network, one small call asks whether it is back. */
async function probeWhileSilent(): Promise<void> {
  if (offlineSync.getState().online || !navigator.onLine) return;
  await probeServer();
}

/**
 * Starts syncing and keeping the reference data fresh (once, from the app shell); the answer stops it.
 * `queryClient` is told to refresh what each synced record changed.
 */
export function startOfflineSync(queryClient: QueryClient): () => void {
  queryClientRef = queryClient;
  let lastUser = offlineUserId();
  let lastToken = getToken();
  let referenceAt = 0;
  const keepReference = async () => {
    const userId = offlineUserId();
    if (userId === null || !navigator.onLine || !getToken() || !keepsReference()) return;
    if (Date.now() - referenceAt < REFERENCE_REFRESH_MS) return;
    referenceAt = Date.now();
    await refreshReference(await offlineDb(), userId);
  };
  const tick = () => {
    void probeWhileSilent()
      .then(() => offlineSync.syncNow())
      .then(keepReference);
  };
  const online = () => offlineSync.setOnline(true);
  const offline = () => offlineSync.setOnline(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  const timer = window.setInterval(tick, SYNC_EVERY_MS);
  const unsubscribe = subscribeAuth(() => {
    const { userId, token } = getAuthSnapshot();
    if (userId === lastUser && token === lastToken) return;
    // Another sign-in (or the same user again after an expired session): sync resumes for them.
    if (userId !== lastUser) referenceAt = 0;
    lastUser = userId;
    lastToken = token;
    if (token) void offlineSync.resume().then(keepReference);
    else void offlineSync.refresh();
  });
  // The shell starts after a sign-in (a 401 paused sync while it was closed: an expired session sends the
  // user to the login screen, outside the shell), or with the session kept from before: either way a
  // valid token means sync may run.
  // The reference data waits until the first screen has drawn: on slow data its four calls would queue
  // before the screen's own.
  let cancelReference = () => {};
  if (hasValidSession())
    void offlineSync.resume().then(() => (cancelReference = afterStartup(() => void keepReference())));
  else void offlineSync.refresh().then(tick);
  return () => {
    cancelReference();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    window.clearInterval(timer);
    unsubscribe();
  };
}

/** Refreshes the reference data now (after a sale changed the stock); at most one refresh at a time. */
let refreshing: Promise<void> | null = null;
export function refreshReferenceNow(): Promise<void> {
  const userId = offlineUserId();
  if (userId === null || !navigator.onLine || !keepsReference()) return Promise.resolve();
  refreshing ??= offlineDb()
    .then((db) => refreshReference(db, userId))
    .finally(() => (refreshing = null));
  return refreshing;
}

export function useSyncState(): TSyncState {
  return useSyncExternalStore(offlineSync.subscribe, offlineSync.getState);
}

/**
 * A read that falls back to the device's copy when the server cannot be reached (offline, a network error,
 * or no answer within `timeoutMs`); a refusal (4xx) is not hidden. Without a copy, the failure stands.
 * No answer within `timeoutMs` also counts the server as silent, as a failed call does: the next reads and sale
 * use the device at once. The read goes on, and its answer, however late, counts the server back.
 */
export async function withOfflineFallback<T>(
  online: () => Promise<T>,
  offline: (db: TOfflineDb, userId: number) => Promise<T | null>,
  timeoutMs = 8_000,
): Promise<T> {
  const keptCopy = async () => {
    const userId = offlineUserId();
    return userId === null ? null : offline(await offlineDb(), userId);
  };
  const fallback = async (error: unknown) => {
    const kept = await keptCopy();
    if (kept === null) throw error;
    return kept;
  };
  if (!navigator.onLine) return fallback(new ApiError('You are offline', 0));
  // The server gave no answer to the last call: the device's copy answers at once, not after another silence
  // (the sync timer asks the server again).
  if (!offlineSync.getState().online) {
    const kept = await keptCopy();
    if (kept !== null) return kept;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DOMException('No answer', 'TimeoutError')), timeoutMs);
  });
  try {
    return await Promise.race([online(), timeout]);
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    if (error instanceof DOMException && error.name === 'TimeoutError') serverDidNotAnswer();
    return fallback(error);
  } finally {
    clearTimeout(timer);
  }
}
