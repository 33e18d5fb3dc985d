import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { actorHas } from '../../platform/auth/guard.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createEmployeesRepository, EMPLOYEE_NOT_FOUND } from '../employees/index.ts';
import { createWarehousesRepository, type TWarehouse } from './warehouses.repository.ts';

export const WAREHOUSE_NOT_FOUND = 'Warehouse not found';

/**
 * null for every warehouse: the MD's, and an employee's with `admin.full_access` ("Everything the MD can do");
 * the employee's id otherwise (the warehouses open to all or granted to them).
 */
export const employeeScope = (actor: TActor) =>
  actor.role === 'md' || actorHas(actor, 'admin.full_access') ? null : actor.userId;

/** Warehouse rules other modules use inside their own transactions. */
export function createWarehouseAccess(db: Executor) {
  const repo = createWarehousesRepository(db);
  return {
    list: (actor: TActor) => repo.list(actor.tenantId, employeeScope(actor)),

    async requireByName(actor: TActor, name: string): Promise<TWarehouse> {
      const warehouse = await repo.findByName(actor.tenantId, employeeScope(actor), name);
      if (!warehouse) throw notFound(WAREHOUSE_NOT_FOUND);
      return warehouse;
    },

    /** Creates a warehouse; 409 when the business already has one of that name. */
    async create(actor: TActor, name: string, accessAll: boolean): Promise<TWarehouse> {
      if (await repo.findByName(actor.tenantId, null, name)) {
        throw new AppError('conflict', `A warehouse named ${name.trim()} already exists`);
      }
      try {
        const warehouse = await repo.insert(actor.tenantId, name, accessAll);
        await writeAudit(db, actor, {
          kind: 'warehouse.created',
          recordType: 'warehouse',
          recordId: warehouse.warehouse_id,
          after: warehouse,
        });
        return warehouse;
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('conflict', `A warehouse named ${name.trim()} already exists`);
        throw error;
      }
    },
  };
}

export function createWarehousesService(deps: { db: Database }) {
  const repo = createWarehousesRepository(deps.db);
  const employees = createEmployeesRepository(deps.db);

  async function requireEmployee(actor: TActor, employeeId: number) {
    if (!(await employees.find(actor.tenantId, employeeId))) throw notFound(EMPLOYEE_NOT_FOUND);
  }

  async function employeeWarehouses(actor: TActor, employeeId: number) {
    await requireEmployee(actor, employeeId);
    const granted = new Set(await repo.grantedIds(actor.tenantId, employeeId));
    const all = await repo.list(actor.tenantId, null);
    return all.map((w) => ({ ...w, can_access: w.access_all || granted.has(w.warehouse_id) }));
  }

  async function saveEmployeeWarehouses(
    actor: TActor,
    employeeId: number,
    choices: readonly { warehouse_id: number; can_access: boolean }[],
  ) {
    await requireEmployee(actor, employeeId);
    const own = new Set((await repo.list(actor.tenantId, null)).map((w) => w.warehouse_id));
    const foreign = choices.find((c) => !own.has(c.warehouse_id));
    if (foreign) throw notFound(WAREHOUSE_NOT_FOUND);
    const granted = [...new Set(choices.filter((c) => c.can_access).map((c) => c.warehouse_id))];
    await deps.db.transaction(async (tx) => {
      const txRepo = createWarehousesRepository(tx);
      const before = (await txRepo.grantedIds(actor.tenantId, employeeId)).sort((a, b) => a - b);
      await txRepo.replaceGrants(actor.tenantId, employeeId, granted);
      await writeAudit(tx, actor, {
        kind: 'employee.warehouses_changed',
        recordType: 'employee',
        recordId: employeeId,
        before: { warehouse_ids: before },
        after: { warehouse_ids: [...granted].sort((a, b) => a - b) },
      });
    });
    return employeeWarehouses(actor, employeeId);
  }

  async function setAccessAll(actor: TActor, warehouseId: number, accessAll: boolean) {
    return deps.db.transaction(async (tx) => {
      const txRepo = createWarehousesRepository(tx);
      const warehouse = await txRepo.findById(actor.tenantId, null, warehouseId);
      if (!warehouse) throw notFound(WAREHOUSE_NOT_FOUND);
      await txRepo.setAccessAll(actor.tenantId, warehouseId, accessAll);
      const after = { ...warehouse, access_all: accessAll };
      await writeAudit(tx, actor, {
        kind: 'warehouse.access_changed',
        recordType: 'warehouse',
        recordId: warehouseId,
        before: warehouse,
        after,
      });
      return after;
    });
  }

  return {
    list: (actor: TActor) => createWarehouseAccess(deps.db).list(actor),
    employeeWarehouses,
    saveEmployeeWarehouses,
    setAccessAll,
  };
}

export type TWarehousesService = ReturnType<typeof createWarehousesService>;
