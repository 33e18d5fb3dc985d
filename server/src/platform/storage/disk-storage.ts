import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type TFileStorage = {
  put: (key: string, content: Buffer) => Promise<void>;
  read: (key: string) => Readable;
  /** Removes every file whose key starts with `prefix/` (a closed business's folder). */
  removeAll: (prefix: string) => Promise<void>;
};

/** Files on disk under DATA_DIR/uploads; keys are generated ids, never user input. */
export function createDiskStorage(root: string): TFileStorage {
  const pathOf = (key: string) => {
    if (!/^[a-z0-9/_-]+$/i.test(key)) throw new Error(`bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, content) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    },
    read: (key) => createReadStream(pathOf(key)),
    removeAll: (prefix) => rm(pathOf(prefix), { recursive: true, force: true }),
  };
}
