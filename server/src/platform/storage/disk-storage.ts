import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkedKey, type TFileStorage } from './file-storage.ts';

/** Files on disk under DATA_DIR/uploads: the embedded database's one process reads what it wrote. */
export function createDiskStorage(root: string): TFileStorage {
  const pathOf = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, content) {
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    },
    async read(key) {
      // Opened first, so a missing file is known before any byte of the answer is sent.
      const handle = await open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
      // The handle's own stream closes the handle: a stream over its bare fd left the handle to the garbage
      // collector, whose close of the already closed fd (EBADF) stops the process.
      return handle ? handle.createReadStream() : null;
    },
    remove: (key) => rm(pathOf(key), { force: true }),
    removeAll: (prefix) => rm(pathOf(prefix), { recursive: true, force: true }),
  };
}
