import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { userPermissions, users } from '../../platform/db/schema/index.ts';

/** A removed employee (Settings → Delete Account) keeps their row, so old records keep their name. */
const present = isNull(users.removedAt);

const employeeColumns = {
  employee_id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  access_choice: users.accessChoice,
};

export function createEmployeesRepository(db: Executor) {
  return {
    list(tenantId: number) {
      return db
        .select(employeeColumns)
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.role, 'employee'), present))
        .orderBy(asc(users.id));
    },

    /** Everyone of the business (the MD first, then by name): whom an expense or a requisition may name. */
    people(tenantId: number) {
      return db
        .select({ employee_id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), present))
        .orderBy(asc(users.role), asc(users.name));
    },

    /** Whether a user is one of the business's people (the MD or an employee). */
    async isPersonOf(tenantId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), present));
      return Boolean(row);
    },

    async find(tenantId: number, employeeId: number) {
      const [row] = await db
        .select(employeeColumns)
        .from(users)
        .where(
          and(eq(users.tenantId, tenantId), eq(users.role, 'employee'), eq(users.id, employeeId), present),
        );
      return row ?? null;
    },

    async count(tenantId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.role, 'employee'), present));
      return row?.n ?? 0;
    },

    async insert(employee: { tenantId: number; name: string; email: string; passwordHash: string }) {
      const [row] = await db
        .insert(users)
        .values({ ...employee, role: 'employee' })
        .returning(employeeColumns);
      return row!;
    },

    async grantedKeys(tenantId: number, userId: number): Promise<string[]> {
      const rows = await db
        .select({ key: userPermissions.resourceKey })
        .from(userPermissions)
        .where(and(eq(userPermissions.tenantId, tenantId), eq(userPermissions.userId, userId)));
      return rows.map((r) => r.key);
    },

    async replaceGrants(tenantId: number, userId: number, keys: readonly string[]): Promise<void> {
      await db
        .delete(userPermissions)
        .where(and(eq(userPermissions.tenantId, tenantId), eq(userPermissions.userId, userId)));
      if (keys.length > 0) {
        await db
          .insert(userPermissions)
          .values(keys.map((resourceKey) => ({ tenantId, userId, resourceKey })));
      }
    },

    async setAccessChoice(tenantId: number, userId: number, accessChoice: string | null): Promise<void> {
      await db
        .update(users)
        .set({ accessChoice })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
    },
  };
}
