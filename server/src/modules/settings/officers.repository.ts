import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { inventoryOfficers } from '../../platform/db/schema/index.ts';

const columns = {
  officer_id: inventoryOfficers.id,
  officer_name: inventoryOfficers.name,
  officer_email: inventoryOfficers.email,
};

export function createOfficersRepository(db: Executor) {
  const ofBusiness = (tenantId: number, id: number) =>
    and(eq(inventoryOfficers.tenantId, tenantId), eq(inventoryOfficers.id, id));
  return {
    list: (tenantId: number) =>
      db
        .select(columns)
        .from(inventoryOfficers)
        .where(eq(inventoryOfficers.tenantId, tenantId))
        .orderBy(asc(inventoryOfficers.id)),

    async find(tenantId: number, id: number) {
      const [row] = await db.select(columns).from(inventoryOfficers).where(ofBusiness(tenantId, id));
      return row ?? null;
    },

    async insert(tenantId: number, officer: { name: string; email: string }) {
      const [row] = await db
        .insert(inventoryOfficers)
        .values({ tenantId, ...officer })
        .returning(columns);
      return row!;
    },

    async update(tenantId: number, id: number, officer: { name: string; email: string }) {
      const [row] = await db
        .update(inventoryOfficers)
        .set(officer)
        .where(ofBusiness(tenantId, id))
        .returning(columns);
      return row ?? null;
    },

    async remove(tenantId: number, id: number) {
      const [row] = await db.delete(inventoryOfficers).where(ofBusiness(tenantId, id)).returning(columns);
      return row ?? null;
    },
  };
}
