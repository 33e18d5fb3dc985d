/**
 * B2B stock movement (spec 3 §2.4): a transfer between two of the caller's warehouses (the source item out
 * and the destination item in, both or neither), a sale to a business customer and a write-off. Each is one
 * transaction: the movement, its ledger entries on the movement date and its audit entry.
 */
import { businessDate } from '@app/domain/dates/business-date';
import { toCsv } from '@app/domain/csv/csv';
import type {
  TCustomerSaleRequest,
  TMovement,
  TMovementListQuery,
  TStockoutRequest,
  TTransferType,
  TWarehouseTransferRequest,
} from '@app/domain/schemas/movements';
import { koboToNaira } from '@app/domain/money/money';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database, Transaction } from '../../platform/db/client.ts';
import { isUniqueViolation, refusePublicIdTaken } from '../../platform/db/errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { runIdempotent, type TIdempotencyKey } from '../../platform/http/idempotency.ts';
import {
  assertNotFuture,
  createItemsRepository,
  createLedger,
  createStockScope,
  type TItem,
} from '../inventory/index.ts';
import { createMovementsRepository, type TMovementRow } from './movements.repository.ts';

export function movementView(row: TMovementRow): TMovement {
  return {
    movement_id: row.id,
    public_id: row.publicId,
    transfer_type: row.transferType,
    item_name_from: row.itemNameFrom,
    item_name_to: row.itemNameTo,
    from_store: row.fromStore,
    to_store: row.toStore,
    quantity: row.quantity,
    issued_by: row.issuedBy,
    received_by: row.receivedBy,
    customer_name: row.customerName,
    movement_date: row.movementDate,
    status: row.status,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  };
}

const TYPE_LABELS: Record<TTransferType, string> = {
  warehouse_transfer: 'Warehouse Transfer',
  customer_sale: 'Customer Sale',
  stockout: 'Write-off',
};

type TMovementInput = {
  source_warehouse: string;
  item_id?: number | null | undefined;
  item_name?: string | null | undefined;
  quantity: number;
  issued_by: string;
  notes: string | null;
  movement_date?: string | null | undefined;
  public_id?: string | undefined;
};

export function createMovementsService(deps: { db: Database }) {
  const scope = createStockScope(deps.db);
  const repo = createMovementsRepository(deps.db);

  /** The source item: by id or by name, in the source warehouse (one the caller may use); 404 otherwise. */
  async function sourceItem(tx: Transaction, actor: TActor, input: TMovementInput) {
    const warehouse = await createStockScope(tx).warehouses.requireByName(actor, input.source_warehouse);
    const itemsRepo = createItemsRepository(tx);
    const item = input.item_id
      ? await itemsRepo.findById(actor.tenantId, input.item_id)
      : await itemsRepo.findByName(actor.tenantId, warehouse.warehouse_id, input.item_name!);
    if (!item || item.warehouse_id !== warehouse.warehouse_id)
      throw notFound(`Item ${input.item_name ?? input.item_id} not found in ${warehouse.warehouse_name}`);
    return { warehouse, item };
  }

  /** The destination's item of that name, made like the source when the warehouse has none. */
  async function destinationItem(
    tx: Transaction,
    actor: TActor,
    warehouseId: number,
    name: string,
    source: TItem,
  ) {
    const itemsRepo = createItemsRepository(tx);
    const found = await itemsRepo.findByName(actor.tenantId, warehouseId, name);
    if (found) return { itemId: found.item_id, created: false };
    const itemId = await itemsRepo.insert({
      tenantId: actor.tenantId,
      warehouseId,
      name,
      priceKobo: source.price_kobo,
      barcode: source.barcode,
      reorderLevel: source.reorder_level,
      description: source.description,
    });
    return { itemId, created: true };
  }

  /** Records one movement and its ledger entries in one idempotent transaction; answers its view. */
  async function record(
    actor: TActor,
    type: TTransferType,
    input: TMovementInput,
    key: TIdempotencyKey | null,
    build: (
      tx: Transaction,
      source: { warehouse: { warehouse_id: number }; item: TItem },
      date: string,
    ) => Promise<{ toWarehouseId?: number; toItemId?: number; extra: Record<string, string | null> }>,
    message: (movement: TMovement) => string,
  ) {
    const date = input.movement_date ?? businessDate();
    assertNotFuture(date);
    try {
      return await runIdempotent(
        deps.db,
        { tenantId: actor.tenantId, key, route: `movements.${type}` },
        async (tx) => {
          const source = await sourceItem(tx, actor, input);
          const built = await build(tx, source, date);
          const movements = createMovementsRepository(tx);
          const id = await refusePublicIdTaken('movement', 'stock_movements_public_id_uq', () =>
            movements.insert({
              tenantId: actor.tenantId,
              ...(input.public_id ? { publicId: input.public_id } : {}),
              transferType: type,
              fromWarehouseId: source.warehouse.warehouse_id,
              fromItemId: source.item.item_id,
              toWarehouseId: built.toWarehouseId ?? null,
              toItemId: built.toItemId ?? null,
              quantity: input.quantity,
              issuedBy: input.issued_by,
              notes: input.notes,
              movementDate: date,
              userId: actor.userId,
              ...built.extra,
            }),
          );
          const entry = {
            tenantId: actor.tenantId,
            businessDate: date,
            quantity: input.quantity,
            sourceType: 'movement',
            sourceId: id,
            userId: actor.userId,
          };
          // Both items in one call: locked in one order, so opposite transfers queue instead of deadlocking.
          await createLedger(tx).postAll([
            { ...entry, itemId: source.item.item_id, kind: 'stock_out' as const },
            ...(built.toItemId ? [{ ...entry, itemId: built.toItemId, kind: 'supplied' as const }] : []),
          ]);
          const movement = movementView((await movements.find(actor.tenantId, id))!);
          await writeAudit(tx, actor, {
            kind: 'movement.recorded',
            recordType: 'movement',
            recordId: id,
            after: movement,
          });
          return { status: 201, body: { msg: message(movement), movement } };
        },
      );
    } catch (error) {
      if (isUniqueViolation(error, 'items_name_uq'))
        throw new AppError(
          'conflict',
          'The destination item was just added by another transfer: please try again',
        );
      throw error;
    }
  }

  const transfer = (actor: TActor, input: TWarehouseTransferRequest, key: TIdempotencyKey | null) =>
    record(
      actor,
      'warehouse_transfer',
      input,
      key,
      async (tx, source) => {
        const destination = await createStockScope(tx).warehouses.requireByName(
          actor,
          input.destination_warehouse,
        );
        if (destination.warehouse_id === source.warehouse.warehouse_id)
          throw new AppError('unprocessable', 'Source and destination warehouses must be different');
        const name = input.item_name_to ?? source.item.item_name;
        // Lock before the destination item is made, so concurrent transfers of the item make it once: both
        // items in one call (one order) when it exists, the source alone when it is about to be made.
        const existing = await createItemsRepository(tx).findByName(
          actor.tenantId,
          destination.warehouse_id,
          name,
        );
        await createLedger(tx).lockItems(actor.tenantId, [
          source.item.item_id,
          ...(existing ? [existing.item_id] : []),
        ]);
        const to = await destinationItem(tx, actor, destination.warehouse_id, name, source.item);
        if (to.created)
          await writeAudit(tx, actor, {
            kind: 'item.created',
            recordType: 'item',
            recordId: to.itemId,
            after: {
              item_name: name,
              warehouse_name: destination.warehouse_name,
              price: koboToNaira(source.item.price_kobo),
            },
          });
        return {
          toWarehouseId: destination.warehouse_id,
          toItemId: to.itemId,
          extra: { receivedBy: input.received_by },
        };
      },
      (m) => `Transferred ${m.quantity} units of ${m.item_name_from} → ${m.item_name_to}`,
    );

  const sell = (actor: TActor, input: TCustomerSaleRequest, key: TIdempotencyKey | null) =>
    record(
      actor,
      'customer_sale',
      input,
      key,
      async () => ({ extra: { customerName: input.customer_name } }),
      (m) => `Sold ${m.quantity} units successfully`,
    );

  const writeOff = (actor: TActor, input: TStockoutRequest, key: TIdempotencyKey | null) =>
    record(
      actor,
      'stockout',
      input,
      key,
      async () => ({ extra: {} }),
      (m) => `Written off ${m.quantity} units`,
    );

  async function list(actor: TActor, query: TMovementListQuery) {
    if (query.start_date && query.end_date && query.end_date < query.start_date)
      throw new AppError('bad_request', 'End date must be on or after the start date');
    const { rows, total } = await repo.list(
      actor.tenantId,
      {
        warehouseIds: await scope.warehouseIds(actor, query.warehouse),
        type: query.transfer_type ?? null,
        search: query.search ?? null,
        start: query.start_date ?? null,
        end: query.end_date ?? null,
      },
      { limit: query.limit, offset: query.skip, count: query.count },
    );
    return { rows: rows.map(movementView), total };
  }

  /** The movements the filters match as CSV (stock_movements_{date}.csv), formulas neutralised. */
  async function exportCsv(actor: TActor, query: TMovementListQuery) {
    const { rows } = await list(actor, { ...query, skip: 0, limit: 10_000, count: false });
    const csv = toCsv(
      [
        'Type',
        'Item',
        'Destination Item',
        'From',
        'To',
        'Quantity',
        'Issued By',
        'Received By',
        'Customer',
        'Date',
        'Status',
        'Notes',
      ],
      rows.map((m) => [
        TYPE_LABELS[m.transfer_type],
        m.item_name_from,
        m.item_name_to ?? '',
        m.from_store,
        m.to_store ?? '',
        m.quantity,
        m.issued_by,
        m.received_by ?? '',
        m.customer_name ?? '',
        m.movement_date,
        m.status,
        m.notes ?? '',
      ]),
    );
    return { filename: `stock_movements_${businessDate()}.csv`, content: `\uFEFF${csv}` };
  }

  /** The items of one of the caller's warehouses, by name, with what is on hand. */
  async function itemsOf(actor: TActor, warehouseName: string) {
    const [warehouseId] = await scope.warehouseIds(actor, warehouseName);
    const rows = await scope.items.inWarehouses(actor.tenantId, [warehouseId!]);
    return rows.map((item) => ({
      item_id: item.item_id,
      item_name: item.item_name,
      closing_balance: item.on_hand,
      price: koboToNaira(item.price_kobo),
      barcode: item.barcode,
    }));
  }

  const warehouseNames = async (actor: TActor) =>
    (await scope.warehouses.list(actor)).map((warehouse) => warehouse.warehouse_name);

  return { transfer, sell, writeOff, list, exportCsv, itemsOf, warehouseNames };
}

export type TMovementsService = ReturnType<typeof createMovementsService>;
