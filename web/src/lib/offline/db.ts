/**
 * The device's offline store (IndexedDB through idb): the outbox of records waiting to reach the server,
 * the reference data the screens read when the server cannot be reached, and small per-device facts (the
 * device id and its receipt counter). It survives reloads, browser restarts and logouts (which clear
 * localStorage only); every row names the user it belongs to.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export type TOutboxKind = 'sale' | 'sale_payment' | 'return' | 'expense';
export type TOutboxStatus = 'waiting' | 'sending' | 'needs_attention';

/**
 * A file a record needs on the server before the record is sent (a sale's invoice chosen offline): the sync
 * engine uploads it first and writes the stored file's URL into the body's `bodyField`. Kept as bytes (a
 * Blob does not survive every IndexedDB).
 */
export type TOutboxAttachment = {
  /** The upload call under /api (multipart, the file in `formField`). */
  path: string;
  formField: string;
  /** Form fields sent before the file (the server reads those that precede it). */
  fields?: Record<string, string>;
  fileName: string;
  type: string;
  bytes: ArrayBuffer;
  bodyField: string;
};

/** What a record does to a warehouse item's stock (a sale: minus its quantity; a return: plus). */
export type TStockChange = { warehouseName: string; itemId: number; delta: number };

/** What a list shows of a record before the server has it (its kind decides the fields). */
export type TOutboxSummary = Record<string, string | number | boolean | null>;

export type TOutboxRecord = {
  /** Auto-increment key: the order the records were made in, the order they are sent in. */
  seq: number;
  userId: number;
  kind: TOutboxKind;
  method: 'POST' | 'PUT' | 'PATCH';
  /** The API path under /api, e.g. "/sales/batch". */
  path: string;
  body: Record<string, unknown>;
  /** The record's client-made public id (also in the body). */
  publicId: string;
  idempotencyKey: string;
  /** The business date (YYYY-MM-DD) and the instant it happened on the device. */
  businessDate: string;
  recordedAt: string;
  status: TOutboxStatus;
  /** The server's refusal, for a record that needs attention. */
  detail: string | null;
  /** Failed sends (network errors, 5xx) since it was queued or last edited. */
  attempts: number;
  /** Epoch ms before which it is not sent again (the back-off). */
  nextTryAt: number;
  summary: TOutboxSummary;
  /** Query keys the screens refresh once the server has it. */
  invalidates: unknown[][];
  /**
   * Body fields kept on the device only until the server answers (an access code): a refused record drops
   * them, and sending it again asks for them anew.
   */
  secretFields?: string[];
  /**
   * Body fields the screens read but the server does not (a sale line's item name): never sent. A name is
   * a top-level field or `list.*.field` for a field of each element of a list.
   */
  localFields?: string[];
  /** A file to upload before the record is sent; gone once uploaded (its URL is then in the body). */
  attachment?: TOutboxAttachment;
  /** Its stock changes: the device's item lists count them while the record is on the device. */
  stock?: TStockChange[];
};

export type TNewOutboxRecord = Omit<TOutboxRecord, 'seq' | 'status' | 'detail' | 'attempts' | 'nextTryAt'>;

export type TReferenceRow = { userId: number; name: string; data: unknown; savedAt: number };
type TMetaRow = { name: string; value: unknown };

interface OfflineSchema extends DBSchema {
  outbox: { key: number; value: TOutboxRecord; indexes: { byUser: number } };
  reference: { key: [number, string]; value: TReferenceRow };
  meta: { key: string; value: TMetaRow };
}

export type TOfflineDb = IDBPDatabase<OfflineSchema>;

export const OFFLINE_DB_NAME = 'offline';

export function openOfflineDb(name: string = OFFLINE_DB_NAME): Promise<TOfflineDb> {
  return openDB<OfflineSchema>(name, 1, {
    upgrade(db) {
      const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('byUser', 'userId');
      db.createObjectStore('reference', { keyPath: ['userId', 'name'] });
      db.createObjectStore('meta', { keyPath: 'name' });
    },
  });
}

/** A user's records in the order they were made (the index orders equal users by key). */
export function recordsOf(db: TOfflineDb, userId: number): Promise<TOutboxRecord[]> {
  return db.getAllFromIndex('outbox', 'byUser', userId);
}

export async function addRecord(db: TOfflineDb, input: TNewOutboxRecord): Promise<TOutboxRecord> {
  const row = { ...input, status: 'waiting' as const, detail: null, attempts: 0, nextTryAt: 0 };
  const seq = await db.add('outbox', row as TOutboxRecord);
  return { ...row, seq };
}

export async function readMeta<T>(db: TOfflineDb, name: string): Promise<T | undefined> {
  return (await db.get('meta', name))?.value as T | undefined;
}

export async function writeMeta(db: TOfflineDb, name: string, value: unknown): Promise<void> {
  await db.put('meta', { name, value });
}

export async function readReference<T>(db: TOfflineDb, userId: number, name: string) {
  const row = await db.get('reference', [userId, name]);
  return row ? { data: row.data as T, savedAt: row.savedAt } : null;
}

export async function writeReference(db: TOfflineDb, userId: number, name: string, data: unknown) {
  await db.put('reference', { userId, name, data, savedAt: Date.now() });
}
