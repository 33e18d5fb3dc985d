import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { proformas, purchases, requisitions, sales, storedFiles } from '../../platform/db/schema/index.ts';

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
    /** The warehouses of the records (kept or deleted) that name the file: sales, proformas, purchases, requisitions. */
    async warehousesNaming(tenantId: number, id: string): Promise<number[]> {
      const rows = await db
        .select({ warehouseId: sales.warehouseId })
        .from(sales)
        .where(and(eq(sales.tenantId, tenantId), eq(sales.invoiceFileId, id)))
        .union(
          db
            .select({ warehouseId: proformas.warehouseId })
            .from(proformas)
            .where(and(eq(proformas.tenantId, tenantId), eq(proformas.invoiceFileId, id))),
        )
        .union(
          db
            .select({ warehouseId: purchases.warehouseId })
            .from(purchases)
            .where(and(eq(purchases.tenantId, tenantId), eq(purchases.invoiceFileId, id))),
        )
        .union(
          db
            .select({ warehouseId: requisitions.warehouseId })
            .from(requisitions)
            .where(and(eq(requisitions.tenantId, tenantId), eq(requisitions.signatureFileId, id))),
        );
      return rows.map((row) => row.warehouseId);
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
