import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../platform/db/client.ts';

/** Every table with a tenant_id column, from the catalogue (so a new table is covered without a change). */
export async function tenantTables(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    db,
    sql`select c.table_name from information_schema.columns c
          join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
         where c.table_schema = current_schema() and c.column_name = 'tenant_id' and tb.table_type = 'BASE TABLE'
         order by 1`,
  );
  return rows.map((row) => row.table_name);
}

/** How many rows the business has in each of those tables. */
export async function tenantRowCounts(db: Executor, tenantId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tenantTables(db)) {
    const [row] = await rowsOf<{ n: number | string }>(
      db,
      sql`select count(*) as n from ${sql.identifier(table)} where tenant_id = ${tenantId}`,
    );
    counts[table] = Number(row!.n);
  }
  return counts;
}
