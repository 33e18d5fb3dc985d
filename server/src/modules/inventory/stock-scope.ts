import { businessDate } from '@app/domain/dates/business-date';
import type { TActor } from '../../platform/auth/access.ts';
import type { Executor } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createWarehouseAccess } from '../warehouses/index.ts';
import { createItemsRepository, type TItem } from './items.repository.ts';

export const ITEM_NOT_FOUND = 'Item not found';

/** Stock is recorded for today or earlier, never for a day that has not come in Lagos. */
export function assertNotFuture(date: string): void {
  if (date > businessDate()) throw new AppError('bad_request', 'Date cannot be in the future');
}

/** The warehouses and items an actor may touch: every lookup goes through the actor's warehouses. */
export function createStockScope(db: Executor) {
  const warehouses = createWarehouseAccess(db);
  const itemsRepo = createItemsRepository(db);

  async function warehouseIds(actor: TActor, warehouseName?: string | null): Promise<number[]> {
    if (warehouseName) return [(await warehouses.requireByName(actor, warehouseName)).warehouse_id];
    return (await warehouses.list(actor)).map((w) => w.warehouse_id);
  }

  async function requireItem(actor: TActor, itemId: number): Promise<TItem> {
    const item = await itemsRepo.findById(actor.tenantId, itemId);
    if (!item || !(await warehouseIds(actor)).includes(item.warehouse_id)) throw notFound(ITEM_NOT_FOUND);
    return item;
  }

  return { warehouses, warehouseIds, requireItem, items: itemsRepo };
}
