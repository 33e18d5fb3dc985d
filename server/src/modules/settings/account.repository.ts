import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db/client.ts';
import { auditEntries, sessions, storedFiles, tenants, users } from '../../platform/db/schema/index.ts';

/** A table of a business's data: its columns, the column naming the business, and whether it pages by id. */
export type TBusinessTable = {
  name: string;
  columns: string[];
  scope: 'tenant_id' | 'id';
  pagedById: boolean;
};

export type TTextRow = Record<string, string | null>;

export function createAccountRepository(db: Executor) {
  return {
    async passwordHashOf(userId: number): Promise<string | null> {
      const [row] = await db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.hash ?? null;
    },

    /** A present employee of the business, by e-mail in any case. */
    async findEmployee(tenantId: number, email: string) {
      const [row] = await db
        .select({ employee_id: users.id, name: users.name, email: users.email, role: users.role })
        .from(users)
        .where(
          and(
            eq(users.tenantId, tenantId),
            eq(users.role, 'employee'),
            sql`lower(${users.email}) = lower(${email})`,
            isNull(users.removedAt),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async markRemoved(tenantId: number, userId: number): Promise<Date> {
      const removedAt = new Date();
      await db
        .update(users)
        .set({ removedAt })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
      return removedAt;
    },

    async endSessionsOf(userId: number): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async userIdsOf(tenantId: number): Promise<number[]> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId));
      return rows.map((row) => row.id);
    },

    /**
     * Deletes the business and, through ON DELETE CASCADE, every row of it. The tenant row is locked first, so
     * nothing of it can be written meanwhile; its audit entries go first, which the trail's trigger lets
     * through only for the tenant named in app.closing_tenant (this transaction's own setting).
     */
    async deleteBusiness(tenantId: number): Promise<void> {
      await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
      await db.execute(sql`select set_config('app.closing_tenant', ${String(tenantId)}, true)`);
      await db.delete(auditEntries).where(eq(auditEntries.tenantId, tenantId));
      await db.delete(tenants).where(eq(tenants.id, tenantId));
    },

    /**
     * Every table that holds a business's rows (a tenant_id column), and the tenants table itself, with its
     * stored columns (not the generated ones).
     */
    async businessTables(): Promise<TBusinessTable[]> {
      const columns = await rowsOf<{ table_name: string; column_name: string; data_type: string }>(
        db,
        sql`select c.table_name, c.column_name, c.data_type
              from information_schema.columns c
              join information_schema.tables t
                on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
             where c.table_schema = current_schema()
               -- A generated column (customers.phone_key) is derived: neither exported nor imported.
               and c.is_generated = 'NEVER'
               and (c.table_name = 'tenants' or c.table_name in (
                 select table_name from information_schema.columns
                  where table_schema = current_schema() and column_name = 'tenant_id'))
             order by c.table_name, c.ordinal_position`,
      );
      const keys = await rowsOf<{ table_name: string; keys: string }>(
        db,
        sql`select k.table_name, string_agg(k.column_name, ',' order by k.ordinal_position) as keys
              from information_schema.table_constraints tc
              join information_schema.key_column_usage k
                on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
             where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'
             group by k.table_name`,
      );
      const primaryKey = new Map(keys.map((row) => [row.table_name, row.keys]));
      const tables = new Map<string, TBusinessTable>();
      for (const column of columns) {
        const table = tables.get(column.table_name) ?? {
          name: column.table_name,
          columns: [],
          scope: column.table_name === 'tenants' ? 'id' : 'tenant_id',
          pagedById: false,
        };
        table.columns.push(column.column_name);
        if (column.column_name === 'id' && ['integer', 'bigint'].includes(column.data_type))
          table.pagedById = primaryKey.get(column.table_name) === 'id';
        tables.set(column.table_name, table);
      }
      return [...tables.values()];
    },

    /** A business's rows of one table as text (each value as PostgreSQL prints it), `size` rows at a time. */
    async *pagesOf(
      table: TBusinessTable,
      columns: readonly string[],
      tenantId: number,
      size: number,
    ): AsyncGenerator<TTextRow[]> {
      const select = sql.join(
        columns.map((column) => sql`${sql.identifier(column)}::text as ${sql.identifier(column)}`),
        sql`, `,
      );
      const from = sql`from ${sql.identifier(table.name)} where ${sql.identifier(table.scope)} = ${tenantId}`;
      if (!table.pagedById) {
        yield await rowsOf<TTextRow>(db, sql`select ${select} ${from}`);
        return;
      }
      let after = 0;
      for (;;) {
        const rows = await rowsOf<TTextRow & { page_id: number | string }>(
          db,
          sql`select ${select}, id as page_id ${from} and id > ${after} order by page_id limit ${size}`,
        );
        if (rows.length > 0) yield rows;
        if (rows.length < size) return;
        after = Number(rows[rows.length - 1]!.page_id);
      }
    },

    /** How many files the business has stored, and their bytes. */
    async storedFilesSize(tenantId: number): Promise<{ count: number; bytes: number }> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          bytes: sql<string>`coalesce(sum(${storedFiles.sizeBytes}), 0)::text`,
        })
        .from(storedFiles)
        .where(eq(storedFiles.tenantId, tenantId));
      return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0) };
    },

    storedFilesOf(tenantId: number) {
      return db
        .select({ id: storedFiles.id, originalName: storedFiles.originalName })
        .from(storedFiles)
        .where(eq(storedFiles.tenantId, tenantId))
        .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id));
    },
  };
}
