/**
 * The reference data a device needs to sell offline, kept per user in IndexedDB and refreshed while online:
 * the warehouses the user sells from, each warehouse's items (price, barcode, last known stock; the first
 * ITEMS_KEPT_PER_WAREHOUSE by name, so a huge warehouse is not downloaded whole), a page of recent customers,
 * the company details for receipts and the sales with money outstanding (for payments). The user's permissions are already kept by `auth-storage`.
 */
import { phoneKey, phoneSearchDigits } from '@app/domain/phone/nigerian-phone';
import type { TItemMap, TWarehouse, TBarcodeItem } from '@app/domain/schemas/stock';
import type { TCompany, TSale, TSalesCustomer } from '@app/domain/schemas/sales';
import { api } from '../api-client';
import { readReference, recordsOf, writeReference, type TOfflineDb, type TStockChange } from './db';

export const ITEMS_KEPT_PER_WAREHOUSE = 2000;
export const CUSTOMERS_KEPT = 100;
/** How often the whole set is fetched again while the app is open and online. */
export const REFERENCE_REFRESH_MS = 10 * 60_000;

const PENDING_SALES = 'pending-sales';
const itemsName = (warehouseName: string) => `items:${warehouseName.toLowerCase()}`;
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Fetches everything again (each part on its own: a refused part keeps its last copy). */
export async function refreshReference(db: TOfflineDb, userId: number): Promise<void> {
  const keep = async (name: string, fetch: () => Promise<unknown>) => {
    try {
      await writeReference(db, userId, name, await fetch());
    } catch {
      // Offline, or not this user's to read: the last copy stays.
    }
  };
  let warehouses: TWarehouse[] = [];
  await keep('warehouses', async () => (warehouses = await api.get<TWarehouse[]>('/sales/warehouses')));
  for (const warehouse of warehouses) {
    await keep(itemsName(warehouse.warehouse_name), () =>
      api.get<TItemMap>('/sales/inventory-items', {
        query: { warehouse_name: warehouse.warehouse_name, search: '', limit: ITEMS_KEPT_PER_WAREHOUSE },
      }),
    );
  }
  await keep('customers', () =>
    api.get<TSalesCustomer[]>('/sales/customers', { query: { search: '', limit: CUSTOMERS_KEPT } }),
  );
  await keep('company', () => api.get<TCompany>('/sales/company'));
  // Payments can then be taken offline on a device that never opened the Pending tab.
  await keep(PENDING_SALES, () => api.get<TSale[]>('/sales/pending'));
}

export async function offlineWarehouses(db: TOfflineDb, userId: number): Promise<TWarehouse[] | null> {
  return (await readReference<TWarehouse[]>(db, userId, 'warehouses'))?.data ?? null;
}

export async function offlineCompany(db: TOfflineDb, userId: number): Promise<TCompany | null> {
  return (await readReference<TCompany>(db, userId, 'company'))?.data ?? null;
}

/**
 * A warehouse's items as this device sees them: the kept list, less what the user's records still on the
 * device take from it (a queued or refused sale) and plus what they give back (a return). Counted at read
 * time, so a reference refresh (the server's stock, without them) or a refused record edited or discarded
 * never leaves the stock off.
 */
async function itemsOf(db: TOfflineDb, userId: number, warehouseName: string): Promise<TItemMap | null> {
  const items = (await readReference<TItemMap>(db, userId, itemsName(warehouseName)))?.data ?? null;
  if (!items) return null;
  const onDevice = (await recordsOf(db, userId)).flatMap((record) => record.stock ?? []);
  return withStockChanges(items, warehouseName, onDevice);
}

function withStockChanges(
  items: TItemMap,
  warehouseName: string,
  changes: readonly TStockChange[],
): TItemMap {
  const here = changes.filter((change) => sameName(change.warehouseName, warehouseName));
  if (here.length === 0) return items;
  return Object.fromEntries(
    Object.entries(items).map(([name, item]) => {
      const delta = here.filter((c) => c.itemId === item.item_id).reduce((sum, c) => sum + c.delta, 0);
      return [name, delta === 0 ? item : { ...item, closing_balance: item.closing_balance + delta }];
    }),
  );
}

/** A page of the kept items whose name contains `search` (any case), those starting with it first. */
export async function offlineItems(
  db: TOfflineDb,
  userId: number,
  warehouseName: string,
  search: string,
  limit: number,
): Promise<TItemMap | null> {
  const items = await itemsOf(db, userId, warehouseName);
  if (!items) return null;
  const text = search.trim().toLowerCase();
  const names = Object.keys(items)
    .filter((name) => name.toLowerCase().includes(text))
    .sort((a, b) => {
      const first = Number(!a.toLowerCase().startsWith(text)) - Number(!b.toLowerCase().startsWith(text));
      return first || a.localeCompare(b);
    })
    .slice(0, limit);
  return Object.fromEntries(names.map((name) => [name, items[name]!]));
}

export async function offlineBarcodeItem(
  db: TOfflineDb,
  userId: number,
  warehouseName: string,
  barcode: string,
): Promise<TBarcodeItem | null> {
  const items = await itemsOf(db, userId, warehouseName);
  const found = Object.entries(items ?? {}).find(([, item]) => item.barcode === barcode.trim());
  return found
    ? {
        item_id: found[1].item_id,
        item_name: found[0],
        price: found[1].price,
        warehouse_name: found[1].warehouse_name,
      }
    : null;
}

export async function offlineCustomers(db: TOfflineDb, userId: number, search: string) {
  const customers = (await readReference<TSalesCustomer[]>(db, userId, 'customers'))?.data ?? [];
  const text = search.trim().toLowerCase();
  const digits = phoneSearchDigits(text);
  return customers.filter(
    (customer) =>
      customer.name.toLowerCase().includes(text) ||
      (customer.phone ?? '').toLowerCase().includes(text) ||
      (digits !== null && customer.phone !== null && phoneKey(customer.phone).includes(digits)),
  );
}

/**
 * Folds a synced record's stock changes into the kept lists: the server has them now, and the device's copy
 * of its stock, read before, gets them until the next refresh reads the server's again.
 */
export async function keepSyncedStock(db: TOfflineDb, userId: number, changes: readonly TStockChange[]) {
  const warehouses = new Set(changes.map((change) => change.warehouseName.toLowerCase()));
  for (const warehouseName of warehouses) {
    const kept = await readReference<TItemMap>(db, userId, itemsName(warehouseName));
    if (kept)
      await writeReference(
        db,
        userId,
        itemsName(warehouseName),
        withStockChanges(kept.data, warehouseName, changes),
      );
  }
}

/** Keeps the last Pending list read online, so payments can be taken on it offline (after a reload too). */
export async function keepPendingSales(
  db: TOfflineDb,
  userId: number,
  sales: readonly TSale[],
): Promise<void> {
  await writeReference(db, userId, PENDING_SALES, sales);
}

export async function offlinePendingSales(db: TOfflineDb, userId: number): Promise<TSale[] | null> {
  return (await readReference<TSale[]>(db, userId, PENDING_SALES))?.data ?? null;
}
