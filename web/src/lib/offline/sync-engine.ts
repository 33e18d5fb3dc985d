/**
 * The outbox's sync engine: it sends the signed-in user's queued records to the server one at a time, in
 * the order they were made, each with its own Idempotency-Key and public id on every attempt, so a record the
 * server received but whose answer was lost is never recorded twice.
 *
 * - Success (2xx), or 409 "… with this public_id already exists" for the record's own id (the first attempt
 *   landed and its key's answer has expired): the record is synced and leaves the outbox.
 * - No answer (offline, network error, timeout), 5xx or 429: the record stays first in line and is retried
 *   with back-off; later records wait behind it, so the order holds.
 * - 401 (the session expired): sync pauses until `resume` (the next sign-in).
 * - Another 4xx (409 not enough stock, 404 item gone, 403 permission or plan limit, 422): the record needs
 *   attention with the server's detail (its `secretFields` leave the device), and sync goes on with the next one.
 * A record with an attachment (a file chosen offline) uploads it first, and the upload's answer goes the same
 * ways; once uploaded, the record keeps the file's URL in its body, so every later attempt sends the same body.
 */
import {
  addRecord,
  readMeta,
  recordsOf,
  writeMeta,
  type TNewOutboxRecord,
  type TOfflineDb,
  type TOutboxAttachment,
  type TOutboxRecord,
} from './db';

/** What one attempt got: the answer, or the status (0: no answer) and the server's detail. */
export type TSendResult = { ok: true; answer: unknown } | { ok: false; status: number; detail: string };
export type TSender = (record: TOutboxRecord) => Promise<TSendResult>;
/** Uploads a record's attachment: a success's answer is the stored file's URL. */
export type TUploader = (attachment: TOutboxAttachment) => Promise<TSendResult>;

export type TSyncState = {
  online: boolean;
  userId: number | null;
  /** The user's records, oldest first. */
  records: TOutboxRecord[];
  waiting: number;
  needsAttention: number;
  syncing: boolean;
  /** A 401 stopped sync until the next sign-in. */
  paused: boolean;
  /** When the server last took one of the user's records (epoch ms). */
  lastSyncAt: number | null;
};

export type TSyncEngineOptions = {
  /** The store, or how to open it (on first use). */
  db: TOfflineDb | (() => Promise<TOfflineDb>);
  send: TSender;
  upload?: TUploader;
  currentUserId: () => number | null;
  isOnline?: () => boolean;
  /**
   * Whether a send could leave now (a valid session). Without it a pass does not start: a record marked
   * "sending" for a call that is refused before it goes only flickers.
   */
  canSend?: () => boolean;
  now?: () => number;
  /** Called once a record has reached the server (its answer, or null when it was already there). */
  onSynced?: (record: TOutboxRecord, answer: unknown) => void;
  /** Called when the server refuses a record: what it would have changed may differ on the server. */
  onRefused?: (record: TOutboxRecord) => void;
  /** Called after this engine changed the store (queued, sent, refused, edited or dropped a record). */
  onChange?: () => void;
  /** Runs a sync pass alone among the engines sharing the store (other tabs): one sender at a time. */
  exclusive?: (pass: () => Promise<void>) => Promise<void>;
};

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** 2 s, 4 s, 8 s … up to 5 minutes after the n-th failed attempt. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

/** The server's answer to a resend whose first attempt was recorded after its key's answer expired. */
/**
 * The body as it goes on the wire, without `localFields` ("name" or "list.*.name"): what a screen keeps for
 * itself costs bytes on every attempt.
 */
export function wireBody(
  body: Record<string, unknown>,
  localFields: readonly string[] = [],
): Record<string, unknown> {
  const sent = { ...body };
  for (const field of localFields) {
    const [list, star, name] = field.split('.');
    if (star !== '*' || !name) {
      delete sent[field];
      continue;
    }
    const elements = sent[list!];
    if (!Array.isArray(elements)) continue;
    sent[list!] = elements.map((element: unknown) => {
      if (!element || typeof element !== 'object') return element;
      const { [name]: _local, ...kept } = element as Record<string, unknown>;
      return kept;
    });
  }
  return sent;
}

/** A refused record's body without the fields that must not stay on the device. */
export function withoutSecrets(record: TOutboxRecord): Record<string, unknown> {
  const body = { ...record.body };
  for (const field of record.secretFields ?? []) delete body[field];
  return body;
}

export const isOwnPublicIdTaken = (status: number, detail: string) =>
  status === 409 && /with this public_id already exists/.test(detail);

/** The record once its attachment is on the server: the file's URL in the body, the bytes gone. */
function withUploadedFile(record: TOutboxRecord, url: string): Partial<TOutboxRecord> {
  const { bodyField } = record.attachment!;
  return { body: { ...record.body, [bodyField]: url }, attachment: undefined };
}

const lastSyncName = (userId: number) => `lastSync.${userId}`;

export function createSyncEngine(options: TSyncEngineOptions) {
  const { send, currentUserId } = options;
  const database = options.db;
  const opened = () => (typeof database === 'function' ? database() : Promise.resolve(database));
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => navigator.onLine);
  const canSend = options.canSend ?? (() => true);
  const listeners = new Set<() => void>();
  let state: TSyncState = {
    online: isOnline(),
    userId: null,
    records: [],
    waiting: 0,
    needsAttention: 0,
    syncing: false,
    paused: false,
    lastSyncAt: null,
  };
  let running: Promise<void> | null = null;
  let again = false;
  let recovered = false;

  function set(patch: Partial<TSyncState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  /** Re-reads the signed-in user's records and last sync time into the state. */
  async function refresh(): Promise<void> {
    await recoverInterrupted();
    const db = await opened();
    const userId = currentUserId();
    if (userId === null) {
      set({ userId, records: [], waiting: 0, needsAttention: 0, lastSyncAt: null });
      return;
    }
    const records = await recordsOf(db, userId);
    const lastSyncAt = (await readMeta<number>(db, lastSyncName(userId))) ?? null;
    set({
      userId,
      records,
      waiting: records.filter((record) => record.status !== 'needs_attention').length,
      needsAttention: records.filter((record) => record.status === 'needs_attention').length,
      lastSyncAt,
    });
  }

  /** A record left "sending" by a closed tab or a crash is sent again (with the same key). */
  async function recoverInterrupted(): Promise<void> {
    if (recovered) return;
    recovered = true;
    const db = await opened();
    const tx = db.transaction('outbox', 'readwrite');
    for (const record of await tx.store.getAll()) {
      if (record.status === 'sending') await tx.store.put({ ...record, status: 'waiting' });
    }
    await tx.done;
  }

  async function update(record: TOutboxRecord, patch: Partial<TOutboxRecord>): Promise<TOutboxRecord> {
    const db = await opened();
    const next = { ...record, ...patch };
    await db.put('outbox', next);
    return next;
  }

  async function synced(record: TOutboxRecord, answer: unknown): Promise<void> {
    const db = await opened();
    await db.delete('outbox', record.seq);
    await writeMeta(db, lastSyncName(record.userId), now());
    options.onSynced?.(record, answer);
    options.onChange?.();
  }

  function uploadAttachment(attachment: TOutboxAttachment): Promise<TSendResult> {
    if (!options.upload) throw new Error('This device cannot upload the file of a queued record');
    return options.upload(attachment);
  }

  async function pass(force: boolean): Promise<void> {
    const db = await opened();
    const userId = currentUserId();
    if (userId === null || state.paused || !isOnline() || !canSend()) return;
    for (;;) {
      // Re-read each time: a record may have been added, edited or discarded meanwhile.
      const next = (await recordsOf(db, userId)).find((record) => record.status !== 'needs_attention');
      if (!next || (!force && next.nextTryAt > now())) return;
      let sending = await update(next, { status: 'sending' });
      await refresh();
      let result: TSendResult;
      try {
        const uploaded = sending.attachment ? await uploadAttachment(sending.attachment) : null;
        if (uploaded && !uploaded.ok) result = uploaded;
        else {
          if (uploaded) sending = await update(sending, withUploadedFile(sending, String(uploaded.answer)));
          result = await send(sending);
        }
      } catch (error) {
        result = { ok: false, status: 0, detail: error instanceof Error ? error.message : String(error) };
      }
      // Reaching the server (or not) says more than navigator.onLine.
      if (state.online !== (result.ok || result.status !== 0)) set({ online: !state.online });
      if (result.ok) {
        await synced(sending, result.answer);
        continue;
      }
      if (isOwnPublicIdTaken(result.status, result.detail)) {
        await synced(sending, null);
        continue;
      }
      if (result.status === 401) {
        await update(sending, { status: 'waiting' });
        set({ paused: true });
        return;
      }
      if (result.status === 0 || result.status >= 500 || result.status === 429) {
        const attempts = sending.attempts + 1;
        await update(sending, { status: 'waiting', attempts, nextTryAt: now() + backoffMs(attempts) });
        return;
      }
      await writeMeta(db, lastSyncName(userId), now());
      const refused = await update(sending, {
        status: 'needs_attention',
        detail: result.detail,
        body: withoutSecrets(sending),
      });
      options.onRefused?.(refused);
      options.onChange?.();
      force = false;
    }
  }

  /**
   * One sync pass (joined if one is running; a call during a pass runs another after it). `force` sends the
   * first record even before its back-off ends (the connection just came back).
   */
  function syncNow(force = false): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      set({ syncing: true });
      try {
        const alone = options.exclusive ?? ((run: () => Promise<void>) => run());
        do {
          again = false;
          await alone(() => pass(force));
        } while (again && !state.paused);
      } finally {
        running = null;
        set({ syncing: false });
        await refresh();
      }
    })();
    return running;
  }

  return {
    getState: (): TSyncState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    syncNow,
    /** Queues a record for the signed-in user and tries to send it. */
    async enqueue(input: Omit<TNewOutboxRecord, 'userId'>): Promise<TOutboxRecord> {
      const db = await opened();
      const userId = currentUserId();
      if (userId === null) throw new Error('Sign in to record offline');
      const record = await addRecord(db, { ...input, userId });
      await refresh();
      options.onChange?.();
      return record;
    },
    /**
     * Sends a refused record again, with its body edited if `body` is given (and its list summary and stock with it). An
     * edited body is another request, so it gets a new Idempotency-Key (`newKey`); its public id stays (the
     * server never took it).
     */
    async resend(
      seq: number,
      edit?: {
        body: Record<string, unknown>;
        newKey: string;
        summary?: TOutboxRecord['summary'];
        stock?: TOutboxRecord['stock'];
      },
    ): Promise<void> {
      const db = await opened();
      const record = await db.get('outbox', seq);
      if (!record || record.userId !== currentUserId()) return;
      await update(record, {
        status: 'waiting',
        detail: null,
        attempts: 0,
        nextTryAt: 0,
        ...(edit ? { body: edit.body, idempotencyKey: edit.newKey } : {}),
        ...(edit?.summary ? { summary: edit.summary } : {}),
        ...(edit?.stock ? { stock: edit.stock } : {}),
      });
      await refresh();
      options.onChange?.();
      void syncNow(true);
    },
    /** Drops one of the user's records that has not been sent (or was refused). */
    async discard(seq: number): Promise<TOutboxRecord | null> {
      const db = await opened();
      const record = await db.get('outbox', seq);
      if (!record || record.userId !== currentUserId() || record.status === 'sending') return null;
      await db.delete('outbox', seq);
      await refresh();
      options.onChange?.();
      return record;
    },
    /** The next sign-in: sync runs again for whoever signed in. */
    async resume(): Promise<void> {
      set({ paused: false });
      await refresh();
      void syncNow(true);
    },
    setOnline(online: boolean): void {
      set({ online });
      if (online) void syncNow(true);
    },
  };
}

export type TSyncEngine = ReturnType<typeof createSyncEngine>;
