import { and, desc, eq, sql } from 'drizzle-orm';
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
    /** The names of a business's files of one purpose whose lowercased name starts with `prefix`, newest first. */
    async namesStartingWith(tenantId: number, purpose: string, prefix: string, limit: number) {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await db
        .select({ name: storedFiles.originalName })
        .from(storedFiles)
        .where(
          and(
            eq(storedFiles.tenantId, tenantId),
            eq(storedFiles.purpose, purpose),
            sql`lower(${storedFiles.originalName}) like ${pattern}`,
          ),
        )
        .orderBy(desc(storedFiles.createdAt))
        .limit(limit);
      return rows.map((row) => row.name);
    },
  };
}
