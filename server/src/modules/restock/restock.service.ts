import { allocateProportionally } from '@app/domain/money/allocate';
import { formatNaira, koboToNaira, nairaToKobo } from '@app/domain/money/money';
import { amountPaidAtCreation, outstandingKobo } from '@app/domain/money/payment';
import { deniedMessage } from '@app/domain/permissions/denied';
import type {
  TNewItemRequest,
  TPriceBulkUpdateRequest,
  TPurchase,
  TPurchasePaymentRequest,
  TRestockBatchRequest,
  TRestockSummary,
} from '@app/domain/schemas/stock';
import { purchasePaidAtOnce } from '@app/domain/schemas/stock';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { actorHas } from '../../platform/auth/guard.ts';
import type { Database, Transaction } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { runIdempotent, type TIdempotencyKey } from '../../platform/http/idempotency.ts';
import { consumeTransaction } from '../../platform/tenancy/plan-limits.ts';
import {
  createItemsRepository,
  createLedger,
  assertNotFuture,
  createStockScope,
} from '../inventory/index.ts';
import { fileUrl, ownFileId } from '../files/index.ts';
import { createWarehousesRepository } from '../warehouses/index.ts';
import { markPaymentsDeleted, addPayment } from '../payables/index.ts';
import {
  createRestockRepository,
  type TPurchaseCursor,
  type TPurchaseRow,
  type TRestockRepository,
} from './restock.repository.ts';
import { reviewStatusOf } from '../admin-review/index.ts';

const PURCHASE_NOT_FOUND = 'Purchase not found';
/** Spec 3 §9: Recent Activity shows the 5 latest. */
const RECENT_PURCHASES = 5;
/** "Create inventory – Add items and warehouses" (Manage Access). */
const CREATE_INVENTORY = 'inventory.create.access';

export function purchaseView(row: TPurchaseRow): TPurchase {
  return {
    purchase_id: row.id,
    public_id: row.publicId,
    item_id: row.itemId,
    item_name: row.itemName,
    warehouse_name: row.warehouseName,
    supplier_name: row.supplierName,
    supplier_phone: row.supplierPhone,
    supplied_quantity: row.quantity,
    unit_price: koboToNaira(row.unitPriceKobo),
    total_price_paid: koboToNaira(row.totalKobo),
    amount_paid: koboToNaira(row.amountPaidKobo),
    outstanding: koboToNaira(outstandingKobo(row.totalKobo, row.amountPaidKobo)),
    purchase_date: row.purchaseDate,
    due_date: row.dueDate,
    payment_status: row.paymentStatus,
    payment_method: row.paymentMethod,
    invoice_file_url: fileUrl(row.invoiceFileId),
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    purchase_total: koboToNaira(row.purchaseTotalKobo),
    purchase_amount_paid: koboToNaira(row.purchasePaidKobo),
    purchase_outstanding: koboToNaira(outstandingKobo(row.purchaseTotalKobo, row.purchasePaidKobo)),
    purchase_line_count: row.lineCount,
    review: reviewStatusOf(row),
  };
}

/** A purchase as the audit trail keeps it: its header and its lines as the API shows them. */
async function documentView(restock: TRestockRepository, tenantId: number, purchaseId: number) {
  const lines = (await restock.linesOf(tenantId, purchaseId)).map(purchaseView);
  const first = lines[0]!;
  return {
    id: purchaseId,
    public_id: first.public_id,
    supplier_name: first.supplier_name,
    warehouse_name: first.warehouse_name,
    purchase_date: first.purchase_date,
    total: first.purchase_total,
    amount_paid: first.purchase_amount_paid,
    payment_status: first.payment_status,
    lines,
  };
}

/** A purchase's header as a restock call asks for it; its invoice must be a file of the business (400). */
async function purchaseHeader(
  tx: Transaction,
  actor: TActor,
  warehouseId: number,
  input: TNewItemRequest | TRestockBatchRequest,
  money: { totalKobo: number; amountPaidKobo: number },
) {
  return {
    tenantId: actor.tenantId,
    warehouseId,
    supplierName: input.supplier_name,
    supplierPhone: 'supplier_phone' in input ? input.supplier_phone : null,
    ...money,
    purchaseDate: input.purchase_date,
    dueDate: input.payment_status === 'paid' ? null : (input.due_date ?? null),
    paymentStatus: input.payment_status,
    paymentMethod: input.payment_method,
    invoiceFileId: input.invoice_file_url
      ? await ownFileId(tx, actor.tenantId, input.invoice_file_url)
      : null,
    notes: input.notes,
    userId: actor.userId,
  };
}

/** Refuses a barcode another live item of the warehouse already carries. */
async function assertBarcodeFree(
  tx: Transaction,
  tenantId: number,
  warehouseId: number,
  barcode: string | null,
  itemId: number | null,
) {
  if (!barcode) return;
  const holder = await createItemsRepository(tx).findByBarcode(tenantId, barcode, [warehouseId]);
  if (holder && holder.item_id !== itemId)
    throw new AppError('conflict', `Barcode ${barcode} is already used by ${holder.item_name}`);
}

type TPaymentInput = {
  payment_status: 'paid' | 'partial' | 'credit';
  amount_paid?: number | null;
  total_price_paid?: number | null;
};

function amountsPaid(input: TPaymentInput, lineTotals: number[]): number[] {
  const total = lineTotals.reduce((sum, t) => sum + t, 0);
  const paidAtOnce = purchasePaidAtOnce(input);
  const paid = amountPaidAtCreation(input.payment_status, total, paidAtOnce ? nairaToKobo(paidAtOnce) : null);
  if (!paid.ok) throw new AppError('bad_request', paid.error);
  return allocateProportionally(paid.amountPaidKobo, lineTotals);
}

export function createRestockService(deps: { db: Database }) {
  const scope = createStockScope(deps.db);
  const repo = createRestockRepository(deps.db);

  async function resolveWarehouse(tx: Transaction, actor: TActor, input: TNewItemRequest) {
    const txScope = createStockScope(tx);
    if (!input.new_warehouse_name) return txScope.warehouses.requireByName(actor, input.warehouse_name!);
    const warehouse = await txScope.warehouses.create(
      actor,
      input.new_warehouse_name,
      input.access_choice === 'Yes',
    );
    if (actor.role !== 'md' && !warehouse.access_all) {
      await createWarehousesRepository(tx).replaceGrants(actor.tenantId, actor.userId, [
        ...(await createWarehousesRepository(tx).grantedIds(actor.tenantId, actor.userId)),
        warehouse.warehouse_id,
      ]);
    }
    return warehouse;
  }

  async function newItem(actor: TActor, input: TNewItemRequest, key: TIdempotencyKey | null) {
    // A new item (and the warehouse it may create) needs "Create inventory" beside the Restock screen.
    if (!actorHas(actor, CREATE_INVENTORY))
      throw new AppError('forbidden', deniedMessage([CREATE_INVENTORY]));
    assertNotFuture(input.purchase_date);
    const totalKobo = input.supplied_quantity * nairaToKobo(input.unit_price);
    const [amountPaidKobo] = amountsPaid(input, [totalKobo]);
    try {
      return await runIdempotent(
        deps.db,
        { tenantId: actor.tenantId, key, route: 'restock.new-item' },
        async (tx) => {
          await consumeTransaction(tx, actor.tenantId);
          const warehouse = await resolveWarehouse(tx, actor, input);
          const itemsRepo = createItemsRepository(tx);
          if (await itemsRepo.findByName(actor.tenantId, warehouse.warehouse_id, input.item_name)) {
            throw new AppError(
              'conflict',
              `${input.item_name} already exists in ${warehouse.warehouse_name}. Use Restock Items to add stock.`,
            );
          }
          await assertBarcodeFree(tx, actor.tenantId, warehouse.warehouse_id, input.barcode, null);
          const itemId = await itemsRepo.insert({
            tenantId: actor.tenantId,
            warehouseId: warehouse.warehouse_id,
            name: input.item_name,
            priceKobo: nairaToKobo(input.selling_price ?? input.unit_price),
            minPriceKobo: typeof input.min_price === 'number' ? nairaToKobo(input.min_price) : null,
            barcode: input.barcode,
            reorderLevel: input.reorder_level,
            description: input.description,
          });
          const restock = createRestockRepository(tx);
          const { purchaseId, lineIds } = await restock.insert(
            await purchaseHeader(tx, actor, warehouse.warehouse_id, input, {
              totalKobo,
              amountPaidKobo: amountPaidKobo!,
            }),
            [
              {
                itemId,
                quantity: input.supplied_quantity,
                unitPriceKobo: nairaToKobo(input.unit_price),
                totalKobo,
                amountPaidKobo: amountPaidKobo!,
              },
            ],
          );
          await createLedger(tx).post({
            tenantId: actor.tenantId,
            itemId,
            businessDate: input.purchase_date,
            kind: 'supplied',
            quantity: input.supplied_quantity,
            sourceType: 'purchase',
            sourceId: lineIds[0]!,
            userId: actor.userId,
          });
          await writeAudit(
            tx,
            actor,
            {
              kind: 'item.created',
              recordType: 'item',
              recordId: itemId,
              after: (await itemsRepo.findById(actor.tenantId, itemId))!,
            },
            {
              kind: 'purchase.created',
              recordType: 'purchase',
              recordId: purchaseId,
              after: await documentView(restock, actor.tenantId, purchaseId),
            },
          );
          return {
            status: 201,
            body: {
              success: true,
              message: 'Item added successfully!',
              item_id: itemId,
              purchase_id: lineIds[0]!,
              warehouse_name: warehouse.warehouse_name,
            },
          };
        },
      );
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('conflict', 'That item name or barcode is already in use');
      throw error;
    }
  }

  async function batch(actor: TActor, input: TRestockBatchRequest, key: TIdempotencyKey | null) {
    assertNotFuture(input.purchase_date);
    const lineTotals = input.items.map((line) => line.quantity * nairaToKobo(line.unit_price));
    const paidParts = amountsPaid(input, lineTotals);
    return runIdempotent(deps.db, { tenantId: actor.tenantId, key, route: 'restock.batch' }, async (tx) => {
      const txScope = createStockScope(tx);
      const warehouse = await txScope.warehouses.requireByName(actor, input.warehouse_name);
      await consumeTransaction(tx, actor.tenantId);
      const itemsRepo = createItemsRepository(tx);
      const restockRepo = createRestockRepository(tx);
      const found = await itemsRepo.findManyInWarehouse(
        actor.tenantId,
        warehouse.warehouse_id,
        input.items.flatMap((line) => (line.item_id ? [line.item_id] : [])),
        input.items.flatMap((line) => (line.item_id ? [] : [line.item_name!])),
      );
      const lines = input.items.map((line) => {
        const item = line.item_id
          ? found.find((candidate) => candidate.item_id === line.item_id)
          : found.find(
              (candidate) => candidate.item_name.toLowerCase() === line.item_name!.trim().toLowerCase(),
            );
        if (!item)
          throw notFound(`Item ${line.item_name ?? line.item_id} not found in ${warehouse.warehouse_name}`);
        return { item, line };
      });
      const ledger = createLedger(tx);
      await ledger.lockItems(
        actor.tenantId,
        lines.map(({ item }) => item.item_id),
      );
      const { purchaseId, lineIds } = await restockRepo.insert(
        await purchaseHeader(tx, actor, warehouse.warehouse_id, input, {
          totalKobo: lineTotals.reduce((sum, total) => sum + total, 0),
          amountPaidKobo: paidParts.reduce((sum, part) => sum + part, 0),
        }),
        lines.map(({ item, line }, index) => ({
          itemId: item.item_id,
          quantity: line.quantity,
          unitPriceKobo: nairaToKobo(line.unit_price),
          totalKobo: lineTotals[index]!,
          amountPaidKobo: paidParts[index]!,
        })),
      );
      await ledger.postAll(
        lines.map(({ item, line }, index) => ({
          tenantId: actor.tenantId,
          itemId: item.item_id,
          businessDate: input.purchase_date,
          kind: 'supplied' as const,
          quantity: line.quantity,
          sourceType: 'purchase',
          sourceId: lineIds[index]!,
          userId: actor.userId,
        })),
      );
      await writeAudit(tx, actor, {
        kind: 'purchase.created',
        recordType: 'purchase',
        recordId: purchaseId,
        after: await documentView(restockRepo, actor.tenantId, purchaseId),
      });
      return {
        status: 201,
        body: { success: true, message: 'Restock completed successfully!', purchase_ids: lineIds },
      };
    });
  }

  async function priceBulkUpdate(actor: TActor, input: TPriceBulkUpdateRequest) {
    const warehouse = await scope.warehouses.requireByName(actor, input.warehouse_name);
    try {
      await deps.db.transaction(async (tx) => {
        const itemsRepo = createItemsRepository(tx);
        for (const update of input.updates) {
          const item = await itemsRepo.findById(actor.tenantId, update.item_id);
          if (!item || item.warehouse_id !== warehouse.warehouse_id) {
            throw notFound(`Item ${update.item_id} not found in ${warehouse.warehouse_name}`);
          }
          await assertBarcodeFree(
            tx,
            actor.tenantId,
            warehouse.warehouse_id,
            update.new_barcode,
            item.item_id,
          );
          const barcode = update.new_barcode || item.barcode;
          const priceKobo = nairaToKobo(update.new_price);
          const minPriceKobo =
            update.new_min_price === undefined
              ? item.min_price_kobo
              : update.new_min_price === null
                ? null
                : nairaToKobo(update.new_min_price);
          if (minPriceKobo !== null && minPriceKobo > priceKobo)
            throw new AppError(
              'bad_request',
              `${item.item_name}: the minimum price (${formatNaira(minPriceKobo)}) cannot be above the selling price (${formatNaira(priceKobo)})`,
            );
          await itemsRepo.update(actor.tenantId, item.item_id, {
            priceKobo,
            minPriceKobo,
            ...(update.new_barcode ? { barcode: update.new_barcode } : {}),
          });
          const minPrice = (kobo: number | null) => (kobo === null ? null : koboToNaira(kobo));
          await writeAudit(tx, actor, {
            kind: 'item.price_changed',
            recordType: 'item',
            recordId: item.item_id,
            before: {
              item_name: item.item_name,
              price: koboToNaira(item.price_kobo),
              min_price: minPrice(item.min_price_kobo),
              barcode: item.barcode,
            },
            after: {
              item_name: item.item_name,
              price: update.new_price,
              min_price: minPrice(minPriceKobo),
              barcode,
            },
          });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', 'That barcode is already in use');
      throw error;
    }
    return { success: true, message: 'Prices updated successfully!', updated: input.updates.length };
  }

  async function list(
    actor: TActor,
    query: {
      skip: number;
      limit: number;
      warehouse_name?: string | null;
      search?: string | null;
      start_date?: string | null;
      end_date?: string | null;
      before?: TPurchaseCursor | undefined;
      count: boolean;
    },
  ) {
    const { rows, more, total } = await repo.list(
      actor.tenantId,
      {
        warehouseIds: await scope.warehouseIds(actor, query.warehouse_name),
        search: query.search ?? null,
        start: query.start_date ?? null,
        end: query.end_date ?? null,
        limit: query.limit,
        offset: query.skip,
      },
      { before: query.before ?? null, count: query.count },
    );
    const last = rows[rows.length - 1];
    return {
      rows: rows.map(purchaseView),
      total,
      /** The keyset cursor of the next page (`YYYY-MM-DD.id` of the last row), or null on the last page. */
      nextBefore: more && last ? `${last.purchaseDate}.${last.id}` : null,
    };
  }

  /** The Reports cards over every purchase the filters match, and the latest few, from the database. */
  async function summary(
    actor: TActor,
    query: {
      warehouse_name?: string | null;
      search?: string | null;
      start_date?: string | null;
      end_date?: string | null;
    },
  ): Promise<TRestockSummary> {
    const filter = {
      warehouseIds: await scope.warehouseIds(actor, query.warehouse_name),
      search: query.search ?? null,
      start: query.start_date ?? null,
      end: query.end_date ?? null,
      limit: RECENT_PURCHASES,
      offset: 0,
    };
    const [totals, recent] = await Promise.all([
      repo.summary(actor.tenantId, filter),
      repo.list(actor.tenantId, filter, { before: null, count: false }),
    ]);
    return {
      total_purchases: totals.purchases,
      total_amount: koboToNaira(totals.totalKobo),
      outstanding: koboToNaira(outstandingKobo(totals.totalKobo, totals.paidKobo)),
      items_restocked: totals.items,
      units_restocked: totals.units,
      warehouses: totals.warehouses,
      recent: recent.rows.map(purchaseView),
    };
  }

  /** The live purchase line the caller may see (404 otherwise). */
  async function requireLine(actor: TActor, lineId: number) {
    const line = await repo.findLine(actor.tenantId, lineId);
    if (!line || !(await scope.warehouseIds(actor)).includes(line.warehouseId))
      throw notFound(PURCHASE_NOT_FOUND);
    return line;
  }

  /**
   * Deletes the purchase a line belongs to (a restock batch is one purchase): its stock comes off on the
   * purchase date (409 if since used); it and its payments are marked deleted, with who.
   */
  async function remove(actor: TActor, lineId: number, purchaseDate: string) {
    const line = await requireLine(actor, lineId);
    if (line.purchaseDate !== purchaseDate) throw notFound(PURCHASE_NOT_FOUND);
    await deps.db.transaction(async (tx) => {
      const restock = createRestockRepository(tx);
      if (!(await restock.lock(actor.tenantId, line.purchaseId))) throw notFound(PURCHASE_NOT_FOUND);
      const before = await documentView(restock, actor.tenantId, line.purchaseId);
      await createLedger(tx).postAll(
        before.lines.map((each) => ({
          tenantId: actor.tenantId,
          itemId: each.item_id,
          businessDate: each.purchase_date,
          kind: 'supplied' as const,
          quantity: -each.supplied_quantity,
          sourceType: 'purchase_deleted',
          sourceId: each.purchase_id,
          userId: actor.userId,
        })),
      );
      await restock.markDeleted(actor.tenantId, line.purchaseId, actor.userId);
      await markPaymentsDeleted(tx, actor, 'purchase', line.purchaseId);
      await writeAudit(tx, actor, {
        kind: 'purchase.deleted',
        recordType: 'purchase',
        recordId: line.purchaseId,
        before,
      });
    });
    return { success: true, message: 'Purchase deleted successfully' };
  }

  /** Pays the supplier on the purchase a line belongs to; answers the line as it then stands. */
  async function addSupplierPayment(
    actor: TActor,
    lineId: number,
    input: TPurchasePaymentRequest,
    key: TIdempotencyKey | null,
  ) {
    const { purchaseId } = await requireLine(actor, lineId);
    return runIdempotent(
      deps.db,
      { tenantId: actor.tenantId, key, route: `restock.payment.${lineId}` },
      async (tx) => {
        const restock = createRestockRepository(tx);
        const header = await restock.lock(actor.tenantId, purchaseId);
        if (!header) throw notFound(PURCHASE_NOT_FOUND);
        const { paidKobo } = await addPayment(
          tx,
          actor,
          {
            type: 'purchase',
            id: purchaseId,
            date: header.purchaseDate,
            totalKobo: header.totalKobo,
            paidKobo: header.amountPaidKobo,
            status: header.paymentStatus,
          },
          input,
        );
        await restock.spreadPaid(purchaseId, paidKobo);
        return {
          status: 201,
          body: { purchase: purchaseView((await restock.findLine(actor.tenantId, lineId))!) },
        };
      },
    );
  }

  return { newItem, batch, priceBulkUpdate, list, summary, remove, addPayment: addSupplierPayment };
}

export type TRestockService = ReturnType<typeof createRestockService>;
