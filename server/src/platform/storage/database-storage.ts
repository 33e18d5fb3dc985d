import { Readable } from 'node:stream';
import { eq, like, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { fileContents } from '../db/schema/index.ts';
import { checkedKey, type TFileStorage } from './file-storage.ts';

/**
 * Files in the database itself (on PostgreSQL): every process of the app reads what any of them stored.
 * A file stored on disk before (by an older version, on this machine) is still read from there.
 */
export function createDatabaseStorage(db: Executor, earlierFiles: TFileStorage): TFileStorage {
  return {
    async put(key, content) {
      await db
        .insert(fileContents)
        .values({ key: checkedKey(key), content })
        .onConflictDoNothing({ target: fileContents.key });
    },
    async read(key) {
      const [row] = await rowsOf<{ content: Uint8Array }>(
        db,
        sql`select content from ${fileContents} where key = ${checkedKey(key)}`,
      );
      if (row) return Readable.from([Buffer.from(row.content)]);
      return earlierFiles.read(key);
    },
    async remove(key) {
      await db.delete(fileContents).where(eq(fileContents.key, checkedKey(key)));
      await earlierFiles.remove(key);
    },
    async removeAll(prefix) {
      await db.delete(fileContents).where(like(fileContents.key, `${checkedKey(prefix)}/%`));
      await earlierFiles.removeAll(prefix);
    },
  };
}
