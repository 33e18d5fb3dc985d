import type { Readable } from 'node:stream';

/** Where uploaded files' bytes live; keys are `<tenant id>/<file id>`, generated, never user input. */
export type TFileStorage = {
  put: (key: string, content: Buffer) => Promise<void>;
  /** The file's bytes, or null when nothing is stored under the key. */
  read: (key: string) => Promise<Readable | null>;
  /** Removes one file (nothing when it is not there). */
  remove: (key: string) => Promise<void>;
  /** Removes every file whose key starts with `prefix/` (a closed business's folder). */
  removeAll: (prefix: string) => Promise<void>;
};

export const STORAGE_KEY = /^[a-z0-9/_-]+$/i;

export function checkedKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`bad storage key ${key}`);
  return key;
}
