/**
 * Numbers a device gives what it records offline (a sale's receipt number): this device's id, made once and
 * kept in IndexedDB (a logout clears localStorage, not this), and a counter of its own, taken in one
 * transaction, so two tabs never get the same number. Unique per device, and what the server keeps.
 */
import type { TOfflineDb } from './db';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newDeviceId(): string {
  return [...crypto.getRandomValues(new Uint8Array(6))].map((byte) => ALPHABET[byte % 32]).join('');
}

/** The next number of `counter` on this device: its device id (6 characters) and the count from 1. */
export async function nextDeviceNumber(
  db: TOfflineDb,
  counter: string,
): Promise<{ deviceId: string; n: number }> {
  const tx = db.transaction('meta', 'readwrite');
  const stored = (await tx.store.get('deviceId'))?.value;
  const deviceId = typeof stored === 'string' ? stored : newDeviceId();
  if (deviceId !== stored) await tx.store.put({ name: 'deviceId', value: deviceId });
  const name = `counter.${counter}`;
  const last = (await tx.store.get(name))?.value;
  const n = (typeof last === 'number' ? last : 0) + 1;
  await tx.store.put({ name, value: n });
  await tx.done;
  return { deviceId, n };
}
