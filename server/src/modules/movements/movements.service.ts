/**
 * B2B stock movement (spec 3 §2.4): a transfer between two of the caller's warehouses (the source item out
 * and the destination item in, both or neither), a sale to a business customer and a write-off. Each is one
 * transaction: the movement, its ledger entries on the movement date and its audit entry.
 */
import { businessDate } from '@app/domain/dates/business-date';
import { newPublicId } from '@app/domain/ids/public-id';
import { toCsv } from '@app/domain/csv/csv';
import {
  MOVEMENT_MESSAGES,
  type TCustomerSaleRequest,
  type TMovement,
  type TMovementListQuery,
  type TStockoutRequest,
  type TTransferType,
  type TWarehouseTransferRequest,
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
  NO_LEDGER_WRITES,
  type TLedger,
} from '../inventory/index.ts';
import { employeeScope, WAREHOUSE_NOT_FOUND } from '../warehouses/index.ts';
import { createMovementsRepository, type TMovementEnd, type TMovementRow } from './movements.repository.ts';

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

/** What a movement adds to the common fields: where it goes, and who received it or bought it. */
type TMovementKind = {
  destination: string | null;
  itemNameTo: string | null;
  receivedBy: string | null;
  customerName: string | null;
  message: (movement: TMovement) => string;
};

const sameName = (a: string, b: string | null) => b !== null && a.toLowerCase() === b.trim().toLowerCase();

export function createMovementsService(deps: { db: Database }) {
  const scope = createStockScope(deps.db);
  const repo = createMovementsRepository(deps.db);

  /** The source and destination as the caller may use them, and their items (404 for what is not there). */
  async function resolveEnds(
    tx: Transaction,
    ledger: TLedger,
    actor: TActor,
    input: TMovementInput,
    kind: TMovementKind,
  ) {
    const { ends, locked, movementId, now } = await createMovementsRepository(tx).endsLocked(
      actor.tenantId,
      employeeScope(actor),
      {
        source: input.source_warehouse.trim(),
        destination: kind.destination?.trim() ?? null,
        itemId: input.item_id ?? null,
        itemName: input.item_name?.trim() || null,
        itemNameTo: kind.itemNameTo,
      },
    );
    ledger.hold(locked);
    const taken = { movementId, now };
    const source = ends.find((end) => sameName(end.warehouseName, input.source_warehouse));
    if (!source) throw notFound(WAREHOUSE_NOT_FOUND);
    if (!source.item)
      throw notFound(`Item ${input.item_name ?? input.item_id} not found in ${source.warehouseName}`);
    if (kind.destination === null) return { ...taken, source, sourceItem: source.item, destination: null };
    const destination = ends.find((end) => sameName(end.warehouseName, kind.destination));
    if (!destination) throw notFound(WAREHOUSE_NOT_FOUND);
    return { ...taken, source, sourceItem: source.item, destination };
  }

  /**
   * Records one movement and its ledger entries in one idempotent transaction. A transfer locks its two items
   * in one call (one order, so opposite transfers queue) before it makes a missing destination item. Two
   * statements (movement-statements.ts): the lookup, and the movement written with its ledger entries and
   * audit entry; an entry the ledger cannot write in bulk (a backdated one) is posted through it after.
   */
  async function record(
    actor: TActor,
    type: TTransferType,
    input: TMovementInput,
    key: TIdempotencyKey | null,
    kind: TMovementKind,
  ) {
    const date = input.movement_date ?? businessDate();
    assertNotFuture(date);
    try {
      return await runIdempotent(
        deps.db,
        { tenantId: actor.tenantId, key, route: `movements.${type}` },
        async (tx) => {
          // The lookup locks the items it finds (both of a transfer, in one order), so a missing destination
          // item is made once even when transfers of the same item arrive together.
          const ledger = createLedger(tx);
          const { source, sourceItem, destination, movementId, now } = await resolveEnds(
            tx,
            ledger,
            actor,
            input,
            kind,
          );
          let destinationItem = destination?.item ?? null;
          if (destination) {
            if (destination.warehouseId === source.warehouseId)
              throw new AppError('unprocessable', MOVEMENT_MESSAGES.sameWarehouse);
            destinationItem ??= await makeDestinationItem(
              tx,
              actor,
              destination,
              kind.itemNameTo ?? sourceItem.item_name,
              sourceItem,
            );
          }
          const values = {
            movementId,
            publicId: input.public_id ?? newPublicId(),
            tenantId: actor.tenantId,
            transferType: type,
            fromWarehouseId: source.warehouseId,
            fromItemId: sourceItem.item_id,
            toWarehouseId: destination?.warehouseId ?? null,
            toItemId: destinationItem?.item_id ?? null,
            quantity: input.quantity,
            issuedBy: input.issued_by,
            receivedBy: kind.receivedBy,
            customerName: kind.customerName,
            notes: input.notes,
            movementDate: date,
            userId: actor.userId,
          };
          const entry = {
            tenantId: actor.tenantId,
            businessDate: date,
            quantity: input.quantity,
            sourceType: 'movement',
            sourceId: movementId,
            userId: actor.userId,
          };
          const entries = [
            { ...entry, itemId: sourceItem.item_id, kind: 'stock_out' as const },
            ...(destinationItem
              ? [{ ...entry, itemId: destinationItem.item_id, kind: 'supplied' as const }]
              : []),
          ];
          const movement = movementView({
            ...values,
            id: movementId,
            createdAt: now,
            itemNameFrom: sourceItem.item_name,
            itemNameTo: destinationItem?.item_name ?? null,
            fromStore: source.warehouseName,
            toStore: destination?.warehouseName ?? null,
            status: 'completed',
          });
          // A destination item made just now is not locked yet (the lookup locked what it found).
          await ledger.lockItems(
            actor.tenantId,
            entries.map((e) => e.itemId),
          );
          // Today's movement (the common case) moves stock in the movement's own statement; a backdated one
          // moves later days' closings and goes through the ledger's general path after it.
          const stockMoves = ledger.writesInBulk(entries);
          await refusePublicIdTaken('movement', 'stock_movements_public_id_uq', () =>
            createMovementsRepository(tx).write(
              { ...values, userName: actor.username, auditAfter: JSON.stringify(movement) },
              stockMoves?.values ?? NO_LEDGER_WRITES,
            ),
          );
          if (stockMoves) stockMoves.done();
          else await ledger.postAll(entries);
          return { status: 201, body: { msg: kind.message(movement), movement } };
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

  /** The destination's item of that name, made like the source (price, reorder level, description, barcode). */
  async function makeDestinationItem(
    tx: Transaction,
    actor: TActor,
    destination: TMovementEnd,
    name: string,
    source: NonNullable<TMovementEnd['item']>,
  ) {
    const itemsRepo = createItemsRepository(tx);
    // Another transfer of the same item may have made it while this one waited for the source's lock.
    const made = await itemsRepo.findByName(actor.tenantId, destination.warehouseId, name);
    if (made) return { ...source, item_id: made.item_id, item_name: made.item_name };
    // A barcode names one product in a warehouse: the destination may already hold it under another name.
    const sameBarcode =
      source.barcode === null
        ? null
        : await itemsRepo.findByBarcode(actor.tenantId, source.barcode, [destination.warehouseId]);
    if (sameBarcode)
      throw new AppError(
        'conflict',
        `${destination.warehouseName} already has ${sameBarcode.item_name} with barcode ${source.barcode}: transfer to ${sameBarcode.item_name} instead`,
      );
    const itemId = await itemsRepo.insert({
      tenantId: actor.tenantId,
      warehouseId: destination.warehouseId,
      name,
      priceKobo: source.price_kobo,
      barcode: source.barcode,
      reorderLevel: source.reorder_level,
      description: source.description,
    });
    await writeAudit(tx, actor, {
      kind: 'item.created',
      recordType: 'item',
      recordId: itemId,
      after: {
        item_name: name.trim(),
        warehouse_name: destination.warehouseName,
        price: koboToNaira(source.price_kobo),
      },
    });
    return { ...source, item_id: itemId, item_name: name.trim() };
  }

  const transfer = (actor: TActor, input: TWarehouseTransferRequest, key: TIdempotencyKey | null) =>
    record(actor, 'warehouse_transfer', input, key, {
      destination: input.destination_warehouse,
      itemNameTo: input.item_name_to,
      receivedBy: input.received_by,
      customerName: null,
      message: (m) => `Transferred ${m.quantity} units of ${m.item_name_from} → ${m.item_name_to}`,
    });

  const sell = (actor: TActor, input: TCustomerSaleRequest, key: TIdempotencyKey | null) =>
    record(actor, 'customer_sale', input, key, {
      destination: null,
      itemNameTo: null,
      receivedBy: null,
      customerName: input.customer_name,
      message: (m) => `Sold ${m.quantity} units successfully`,
    });

  const writeOff = (actor: TActor, input: TStockoutRequest, key: TIdempotencyKey | null) =>
    record(actor, 'stockout', input, key, {
      destination: null,
      itemNameTo: null,
      receivedBy: null,
      customerName: null,
      message: (m) => `Written off ${m.quantity} units`,
    });

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
