/** How a sale is recorded, whether asked for as a sale batch or by converting a proforma. */
import { formatNaira, nairaToKobo } from '@app/domain/money/money';
import { amountPaidAtCreation } from '@app/domain/money/payment';
import { priceSale, type TDiscountType } from '@app/domain/pricing/pricing';
import type { TSale, TSaleLineInput, TSalePaymentMethod } from '@app/domain/schemas/sales';
import type { TActor } from '../../platform/auth/access.ts';
import type { Executor, Transaction } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { consumeTransaction } from '../../platform/tenancy/plan-limits.ts';
import { createFilesRepository } from '../files/files.repository.ts';
import { createItemsRepository, type TItem } from '../inventory/items.repository.ts';
import { createLedger } from '../inventory/ledger.repository.ts';
import { createStockScope } from '../inventory/stock-scope.ts';
import type { TWarehouse } from '../warehouses/warehouses.repository.ts';
import { createSalesRepository, saleView, type TSalesScope } from './sales.repository.ts';

const FILE_URL = /^\/api\/files\/([0-9a-f-]{36})$/;

/** What a sale is made of, however it was asked for (a sale batch or a converted proforma). */
export type TSaleDraft = {
  saleDate: string;
  warehouse: TWarehouse;
  customerName: string;
  customerPhone: string | null;
  invoiceNumber: string | null;
  notes: string | null;
  lines: { item: TItem; quantity: number; unitPriceKobo: number }[];
  applyVat: boolean;
  vatRate: number | null | undefined;
  discountType: TDiscountType;
  /** Percent for "percentage", naira for "fixed". */
  discountValue: number;
  paymentStatus: 'paid' | 'partial' | 'credit';
  paymentMethod: TSalePaymentMethod;
  /** The partial amount; for a paid sale what the customer handed over (may exceed the total). */
  amountEnteredKobo: number | null;
  dueDate: string | null;
  invoiceFileUrl: string | null;
  proformaId: number | null;
};

/** The caller's view of sales: the business's, and for an employee only their warehouses'. */
export async function salesScope(db: Executor, actor: TActor): Promise<TSalesScope> {
  if (actor.role === 'md') return { tenantId: actor.tenantId, warehouseIds: null };
  return { tenantId: actor.tenantId, warehouseIds: await createStockScope(db).warehouseIds(actor) };
}

/** Resolves the lines' items in the sale's warehouse: "Item 2: Rice is not in Main" when one is not. */
export async function resolveLines(
  db: Executor,
  actor: TActor,
  warehouse: TWarehouse,
  lines: readonly TSaleLineInput[],
  label: 'Item' | 'Proforma item',
): Promise<TSaleDraft['lines']> {
  for (const line of lines) {
    if (line.warehouse_name && line.warehouse_name.toLowerCase() !== warehouse.warehouse_name.toLowerCase())
      throw new AppError(
        'bad_request',
        `All items must come from one warehouse (${warehouse.warehouse_name})`,
      );
  }
  const ids = lines.map((line) => line.item_id as number);
  const found = await createItemsRepository(db).findManyInWarehouse(
    actor.tenantId,
    warehouse.warehouse_id,
    ids,
    [],
  );
  return lines.map((line, index) => {
    const item = found.find((candidate) => candidate.item_id === line.item_id);
    if (!item)
      throw notFound(
        `${label} ${index + 1}: ${line.item_name ?? `item ${String(line.item_id)}`} is not in ${warehouse.warehouse_name}`,
      );
    return { item, quantity: line.quantity as number, unitPriceKobo: nairaToKobo(line.unit_price as number) };
  });
}

export async function requireWarehouse(
  db: Executor,
  actor: TActor,
  input: { warehouse_name?: string | null; items: readonly TSaleLineInput[] },
) {
  const name = input.warehouse_name ?? input.items.find((line) => line.warehouse_name)?.warehouse_name;
  if (!name) throw new AppError('bad_request', 'Please select a warehouse first.');
  return createStockScope(db).warehouses.requireByName(actor, name);
}

function paymentOf(draft: TSaleDraft, grandTotalKobo: number) {
  if (draft.paymentMethod === 'none' && draft.paymentStatus !== 'credit')
    throw new AppError('bad_request', 'Choose how the customer paid (cash, card, transfer or cheque)');
  const paid = amountPaidAtCreation(
    draft.paymentStatus,
    grandTotalKobo,
    draft.paymentStatus === 'partial' ? draft.amountEnteredKobo : null,
  );
  if (!paid.ok) throw new AppError('bad_request', paid.error);
  const tenderedKobo = draft.paymentStatus === 'paid' ? draft.amountEnteredKobo : null;
  if (tenderedKobo !== null && tenderedKobo < grandTotalKobo)
    throw new AppError(
      'bad_request',
      `Amount paid ${formatNaira(tenderedKobo)} is less than the total ${formatNaira(grandTotalKobo)}: choose partial or credit`,
    );
  return { amountPaidKobo: paid.amountPaidKobo, tenderedKobo };
}

/**
 * Records a sale inside the caller's transaction: one transaction on the plan, the sale and its lines,
 * the stock out through the ledger (409 when it would go below zero), the report's per-item days and,
 * for a new phone, the customer.
 */
export async function recordSale(tx: Transaction, actor: TActor, draft: TSaleDraft): Promise<TSale> {
  await consumeTransaction(tx, actor.tenantId);
  const pricing = priceSale({
    lines: draft.lines,
    applyVat: draft.applyVat,
    vatRate: draft.vatRate,
    discountType: draft.discountType,
    discountValue: draft.discountType === 'fixed' ? nairaToKobo(draft.discountValue) : draft.discountValue,
  });
  const { amountPaidKobo, tenderedKobo } = paymentOf(draft, pricing.grandTotalKobo);
  const repo = createSalesRepository(tx);
  const header = {
    tenantId: actor.tenantId,
    warehouseId: draft.warehouse.warehouse_id,
    saleDate: draft.saleDate,
    customerName: draft.customerName,
    customerPhone: draft.customerPhone,
    invoiceNumber: draft.invoiceNumber,
    notes: draft.notes,
    subtotalKobo: pricing.subtotalKobo,
    vatRate: pricing.vatRate,
    vatKobo: pricing.vatKobo,
    discountType: draft.discountType,
    discountValue: draft.discountType === 'none' ? 0 : draft.discountValue,
    discountKobo: pricing.discountKobo,
    grandTotalKobo: pricing.grandTotalKobo,
    amountPaidKobo,
    tenderedKobo,
    paymentStatus: draft.paymentStatus,
    paymentMethod: draft.paymentMethod,
    dueDate: draft.paymentStatus === 'paid' ? null : draft.dueDate,
    invoiceFileUrl: draft.invoiceFileUrl,
    proformaId: draft.proformaId,
    userId: actor.userId,
    employeeName: actor.username,
  };
  const lines = draft.lines.map((line, index) => ({
    tenantId: actor.tenantId,
    itemId: line.item.item_id,
    itemName: line.item.item_name,
    quantity: line.quantity,
    unitPriceKobo: line.unitPriceKobo,
    totalKobo: pricing.lineTotalsKobo[index]!,
  }));
  const ledger = createLedger(tx);
  // Lines reference their items (a key-share lock): take the items' row locks first.
  await ledger.lockItems(
    actor.tenantId,
    lines.map((line) => line.itemId),
  );
  const stored = await repo.insertSale(header, lines);
  await ledger.postAll(
    lines.map((line, index) => ({
      tenantId: actor.tenantId,
      itemId: line.itemId,
      businessDate: draft.saleDate,
      kind: 'stock_out' as const,
      quantity: line.quantity,
      sourceType: 'sale_line',
      sourceId: stored.lines[index]!.id,
      userId: actor.userId,
    })),
  );
  await repo.addItemDaily(
    lines.map((line) => ({
      tenantId: actor.tenantId,
      itemId: line.itemId,
      saleDate: draft.saleDate,
      quantity: line.quantity,
      revenueKobo: line.totalKobo,
    })),
  );
  if (draft.customerPhone)
    await repo.addCustomerIfNew(actor.tenantId, draft.customerName, draft.customerPhone);
  return saleView({ ...stored.header, warehouseName: draft.warehouse.warehouse_name }, stored.lines);
}

/** An uploaded invoice must be a file of the same business. */
export async function assertOwnFile(db: Executor, tenantId: number, url: string): Promise<void> {
  const id = FILE_URL.exec(url)?.[1];
  if (!id || !(await createFilesRepository(db).find(tenantId, id)))
    throw new AppError('bad_request', 'The invoice file was not found: please upload it again');
}
