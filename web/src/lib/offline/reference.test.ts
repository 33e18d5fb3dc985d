import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes } from '../../test/fetch-routes';
import { jsonResponse, signInForTest } from '../../test/render';
import { writeReference } from './db';
import { offlineDb, offlineSync } from './offline-sync';
import { offlineCustomers, offlineItems } from './reference';

const rice = (closing_balance: number) => ({
  'Rice 50kg': {
    item_id: 11,
    price: 5_000,
    barcode: null,
    closing_balance,
    reorder_level: 1,
    warehouse_name: 'Main store',
  },
});
/** What the server's items answer (a reference refresh) writes. */
const keepServerStock = async (stock: number) =>
  writeReference(await offlineDb(), 7, 'items:main store', rice(stock));
const deviceStock = async () =>
  (await offlineItems(await offlineDb(), 7, 'Main store', '', 10))!['Rice 50kg']!.closing_balance;

const queueSale = (quantity: number, key: string) =>
  offlineSync.enqueue({
    kind: 'sale',
    method: 'POST',
    path: '/sales/batch',
    body: { items: [{ item_id: 11, quantity }] },
    publicId: `public-${key}`,
    idempotencyKey: key,
    businessDate: '2026-11-27',
    recordedAt: '2026-11-27T10:00:00.000Z',
    summary: {},
    invalidates: [],
    stock: [{ warehouseName: 'Main store', itemId: 11, delta: -quantity }],
  });

beforeEach(async () => {
  signInForTest();
  await (await offlineDb()).clear('outbox');
  await offlineSync.refresh();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the device's stock of an item", () => {
  it('counts the records still on the device, whatever the kept list was last refreshed to', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await keepServerStock(5);
    await queueSale(2, 'sale-1');
    expect(await deviceStock()).toBe(3);

    // Refused by the server, which had sold some meanwhile; a refresh then keeps the server's 4.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      fetchRoutes({ 'POST /sales/batch': jsonResponse(422, { detail: 'Not enough' }) }).fetch,
    );
    await offlineSync.syncNow(true);
    await keepServerStock(4);
    expect(await deviceStock()).toBe(2);

    // Discarded: the server's stock, not 4 + 2.
    const [refused] = offlineSync.getState().records;
    await offlineSync.discard(refused!.seq);
    expect(await deviceStock()).toBe(4);
  });

  it('keeps a synced sale counted until the next refresh reads the server again', async () => {
    await keepServerStock(5);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await queueSale(1, 'sale-2');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal('fetch', fetchRoutes({ 'POST /sales/batch': jsonResponse(201, { success: true }) }).fetch);
    await offlineSync.syncNow(true);
    expect(offlineSync.getState().records).toEqual([]);
    await vi.waitFor(async () => expect(await deviceStock()).toBe(4));
  });
});

describe('the customers kept on the device', () => {
  it('are found by the digits of a phone however either was typed', async () => {
    await writeReference(await offlineDb(), 7, 'customers', [
      { name: 'Ada Obi', phone: '+234 805 555 5555', customer_id: 1 },
      { name: 'Bola', phone: '0803 111 2222', customer_id: 2 },
    ]);
    const names = async (search: string) =>
      (await offlineCustomers(await offlineDb(), 7, search)).map((customer) => customer.name);
    expect(await names('08055555555')).toEqual(['Ada Obi']);
    expect(await names('+234803111')).toEqual(['Bola']);
    expect(await names('bola')).toEqual(['Bola']);
  });
});
