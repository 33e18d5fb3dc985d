import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { storedFiles } from '../../platform/db/schema/index.ts';

export function createFilesRepository(db: Executor) {
  return {
    async insert(row: typeof storedFiles.$inferInsert): Promise<void> {
      await db.insert(storedFiles).values(row);
    },
    async find(tenantId: number, id: string) {
      const [row] = await db
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.tenantId, tenantId), eq(storedFiles.id, id)));
      return row ?? null;
    },
  };
}
