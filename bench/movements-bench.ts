/**
 * (e2) warehouse transfers through the real movements service (each: two items locked, the movement row,
 * a ledger entry out and one in, the audit entry), against bare INSERTs of the same two ledger rows in one
 * transaction. Run by bench/stock-bench.ts on each database; one transfer at a time, in alternating slices.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { businessDate } from '@app/domain/dates/business-date';
import { ZWarehouseTransferRequestSchema } from '@app/domain/schemas/movements';
import { and, eq, sql } from 'drizzle-orm';
import { createMovementsService } from '../server/dist/modules/movements/movements.service.js';
import type { TActor } from '../server/dist/platform/auth/access.js';
import type { Database } from '../server/dist/platform/db/client.js';
import { items, stockDaily, stockEntries, warehouses } from '../server/dist/platform/db/schema/index.js';
import { median, round } from './support.ts';

export const TRANSFERS = { items: 40, stock: 1_000_000, warmupSeconds: 1, sliceSeconds: 1, slices: 6 };

export async function benchWarehouseTransfers(
  db: Database,
  owner: { tenantId: number; userId: number; name: string; email: string },
) {
  const stores = await db
    .insert(warehouses)
    .values(
      ['Lekki Depot', 'Ikeja Depot'].map((name) => ({ tenantId: owner.tenantId, name, accessAll: true })),
    )
    .returning({ id: warehouses.id, name: warehouses.name });
  const date = businessDate();
  // Every item in both warehouses with plenty on hand, so no transfer is refused for stock.
  for (const store of stores)
    await db.execute(sql`
      with made as (
        insert into ${items} (tenant_id, warehouse_id, name, price_kobo, on_hand, last_movement_date, first_movement_date)
        select ${owner.tenantId}, ${store.id}, 'Bench item ' || n, 100000, ${TRANSFERS.stock}, ${date}, ${date}
        from generate_series(1, ${TRANSFERS.items}) n returning id)
      insert into ${stockDaily} (tenant_id, item_id, business_date, supplied, closing)
      select ${owner.tenantId}, id, ${date}, ${TRANSFERS.stock}, ${TRANSFERS.stock} from made`);
  const pool = await db
    .select({ id: items.id, name: items.name, warehouseId: items.warehouseId })
    .from(items)
    .where(and(eq(items.tenantId, owner.tenantId), eq(items.warehouseId, stores[0]!.id)));
  const targets = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.tenantId, owner.tenantId), eq(items.warehouseId, stores[1]!.id)));
  const actor: TActor = {
    userId: owner.userId,
    tenantId: owner.tenantId,
    role: 'md',
    username: owner.name,
    email: owner.email,
    tenantName: owner.name,
    sessionId: randomUUID(),
    permissions: [],
    permissionCodes: [],
  };
  const service = createMovementsService({ db });
  let sequence = 0;

  const viaService = async () => {
    const item = pool[sequence++ % pool.length]!;
    const forward = Math.floor(sequence / pool.length) % 2 === 0;
    const input = ZWarehouseTransferRequestSchema.parse({
      source_warehouse: forward ? stores[0]!.name : stores[1]!.name,
      destination_warehouse: forward ? stores[1]!.name : stores[0]!.name,
      item_name: item.name,
      quantity: 1,
      issued_by: 'Bola',
      received_by: 'Tunde',
    });
    const result = await service.transfer(actor, input, null);
    if (result.status !== 201) throw new Error(`transfer answered ${result.status}`);
  };
  const bare = async () => {
    const index = sequence++ % pool.length;
    await db.transaction(async (tx) => {
      await tx.insert(stockEntries).values([
        {
          tenantId: owner.tenantId,
          itemId: pool[index]!.id,
          businessDate: date,
          kind: 'stock_out',
          quantity: 1,
          sourceType: 'bench_bare',
          sourceId: index,
          userId: owner.userId,
        },
        {
          tenantId: owner.tenantId,
          itemId: targets[index]!.id,
          businessDate: date,
          kind: 'supplied',
          quantity: 1,
          sourceType: 'bench_bare',
          sourceId: index,
          userId: owner.userId,
        },
      ]);
    });
  };
  const rate = async (fn: () => Promise<void>, seconds: number) => {
    const started = performance.now();
    const until = started + seconds * 1000;
    let done = 0;
    while (performance.now() < until) {
      await fn();
      done++;
    }
    return done / ((performance.now() - started) / 1000);
  };

  await rate(viaService, TRANSFERS.warmupSeconds);
  await rate(bare, TRANSFERS.warmupSeconds);
  const slices: { service: number; bare: number }[] = [];
  for (let i = 0; i < TRANSFERS.slices; i++)
    slices.push({
      service: await rate(viaService, TRANSFERS.sliceSeconds),
      bare: await rate(bare, TRANSFERS.sliceSeconds),
    });
  const servicePerSecond = median(slices.map((s) => s.service));
  const barePerSecond = median(slices.map((s) => s.bare));

  // Every unit that left one warehouse arrived in the other: the two warehouses' stock still adds up.
  const [check] = (
    (await db.execute(sql`
      select
        (select coalesce(sum(on_hand), 0) from ${items} where tenant_id = ${owner.tenantId}
           and warehouse_id in (${stores[0]!.id}, ${stores[1]!.id})) as on_hand,
        (select count(*) from ${stockEntries} where tenant_id = ${owner.tenantId} and source_type = 'movement') as entries`)) as unknown as {
      rows: Record<string, unknown>[];
    }
  ).rows;
  return {
    servicePerSecond: round(servicePerSecond, 1),
    barePerSecond: round(barePerSecond, 1),
    ratio: round(servicePerSecond / barePerSecond),
    ledgerConsistent:
      Number(check!.on_hand) === 2 * TRANSFERS.items * TRANSFERS.stock && Number(check!.entries) > 0,
  };
}
