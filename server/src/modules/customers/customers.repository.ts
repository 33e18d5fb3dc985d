import { and, count, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { customerCounts, customers } from '../../platform/db/schema/index.ts';
import { containsText, startsWithFirst } from '../../platform/db/search.ts';
import { phoneKey, phoneSearchDigits } from '@app/domain/phone/nigerian-phone';

export type TCustomerRow = typeof customers.$inferSelect;
export type TCustomerFields = { name: string; phone: string; email: string | null; address: string | null };

export function createCustomersRepository(db: Executor) {
  const matching = (tenantId: number, search: string | null): SQL => {
    const tenant = eq(customers.tenantId, tenantId);
    if (!search) return tenant;
    // The phone as typed, or its digits however the customer's number was typed ("0805 555" finds "+234 805…").
    const digits = phoneSearchDigits(search);
    return and(
      tenant,
      or(
        containsText(customers.name, search),
        containsText(customers.phone, search),
        digits === null ? undefined : containsText(customers.phoneKey, digits),
      ),
    )!;
  };
  // Newest first: ids follow creation, so the key index answers the first page without sorting a million
  // rows. A search orders by `id + 0` instead: the planner then reads the few matches from the name and
  // phone pg_trgm indexes and sorts them, rather than walking every id backwards looking for them.
  /** The business's number of customers, as customerCounts keeps it. */
  const countOf = async (tenantId: number): Promise<number> => {
    const [row] = await db
      .select({ total: customerCounts.total })
      .from(customerCounts)
      .where(eq(customerCounts.tenantId, tenantId));
    return row?.total ?? 0;
  };
  /** Adds `delta` to the business's count, in the transaction that inserted or deleted its customers. */
  const tally = async (tenantId: number, delta: number) => {
    await db
      .insert(customerCounts)
      .values({ tenantId, total: delta })
      .onConflictDoUpdate({
        target: customerCounts.tenantId,
        set: { total: sql`${customerCounts.total} + ${delta}` },
      });
  };
  const newestFirst = (search: string | null) => [
    search ? desc(sql`${customers.id} + 0`) : desc(customers.id),
  ];

  return {
    /**
     * A page newest first, after `offset` rows or, keyset, of the rows older than `before`; one row more than
     * asked says whether another page follows. Counts every match only when asked.
     */
    async page(
      tenantId: number,
      filter: { search: string | null; limit: number; offset: number; before: number | null; count: boolean },
    ): Promise<{ rows: TCustomerRow[]; more: boolean; total: number | null }> {
      const where = matching(tenantId, filter.search);
      const rows = await db
        .select()
        .from(customers)
        .where(filter.before === null ? where : and(where, lt(customers.id, filter.before)))
        .orderBy(...newestFirst(filter.search))
        .limit(filter.limit + 1)
        .offset(filter.before === null ? filter.offset : 0);
      const total = !filter.count
        ? null
        : !filter.search
          ? await countOf(tenantId)
          : ((await db.select({ n: count() }).from(customers).where(where))[0]?.n ?? 0);
      return { rows: rows.slice(0, filter.limit), more: rows.length > filter.limit, total };
    },

    /** A picker's page of matches (name or phone), names starting with the text first; no count. */
    async matches(tenantId: number, search: string, limit: number): Promise<TCustomerRow[]> {
      return db
        .select()
        .from(customers)
        .where(matching(tenantId, search))
        .orderBy(startsWithFirst(customers.name, search), ...newestFirst(search))
        .limit(limit);
    },

    async all(tenantId: number, search: string | null): Promise<TCustomerRow[]> {
      return db
        .select()
        .from(customers)
        .where(matching(tenantId, search))
        .orderBy(...newestFirst(search));
    },

    count: countOf,

    async insert(
      tenantId: number,
      fields: TCustomerFields,
      publicId: string | undefined,
    ): Promise<TCustomerRow> {
      const { name, phone, email, address } = fields;
      const [row] = await db
        .insert(customers)
        .values({ tenantId, name, phone, email, address, ...(publicId ? { publicId } : {}) })
        .returning();
      await tally(tenantId, 1);
      return row!;
    },

    async update(
      tenantId: number,
      customerId: number,
      fields: TCustomerFields,
    ): Promise<TCustomerRow | null> {
      const [row] = await db
        .update(customers)
        .set({
          name: fields.name,
          phone: fields.phone,
          email: fields.email,
          address: fields.address,
          updatedAt: new Date(),
        })
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
        .returning();
      return row ?? null;
    },

    /**
     * The id of the business's customer with this id, or with this phone however it is typed (the first added,
     * where customers from before migration 0033 share one); null when there is none.
     */
    async idOf(tenantId: number, by: { id: number } | { phone: string }): Promise<number | null> {
      const [row] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(
          and(
            eq(customers.tenantId, tenantId),
            'id' in by ? eq(customers.id, by.id) : eq(customers.phoneKey, phoneKey(by.phone)),
          ),
        )
        .orderBy(customers.id)
        .limit(1);
      return row?.id ?? null;
    },

    /** The customer, locked until the transaction ends (null when not the business's). */
    async lock(tenantId: number, customerId: number): Promise<TCustomerRow | null> {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
        .for('update');
      return row ?? null;
    },

    async remove(tenantId: number, customerId: number): Promise<TCustomerRow | null> {
      const [row] = await db
        .delete(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
        .returning();
      if (row) await tally(tenantId, -1);
      return row ?? null;
    },
  };
}
