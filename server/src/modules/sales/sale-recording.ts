/** How a sale is recorded, whether asked for as a sale batch or by converting a proforma. */
import { newPublicId } from '@app/domain/ids/public-id';
import { formatNaira, nairaToKobo } from '@app/domain/money/money';
import { amountPaidAtCreation, statusAtCreation } from '@app/domain/money/payment';
import { priceSale, type TDiscountType } from '@app/domain/pricing/pricing';
import type { TSale, TSaleLineInput, TSalePaymentMethod } from '@app/domain/schemas/sales';
import type { TActor } from '../../platform/auth/access.ts';
import type { Executor, Transaction } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { TInlineKey, TReply } from '../../platform/http/idempotency.ts';
import { consumeTransaction } from '../../platform/tenancy/plan-limits.ts';
import { createCustomersRepository, CUSTOMER_NOT_FOUND } from '../customers/index.ts';
import {
  createItemsRepository,
  type TItem,
  createLedger,
  NO_LEDGER_WRITES,
  createStockScope,
} from '../inventory/index.ts';
import { type TWarehouse, employeeScope } from '../warehouses/index.ts';
import { assertPriceLimits, overridesForAudit, recordPriceOverrides } from './price-limits.ts';
import type { TSaleHeader } from './sale-statements.ts';
import { createSalesRepository, saleView, type TSalesScope } from './sales.repository.ts';

type TLineLabel = 'Item' | 'Proforma item';

/** A line as asked for: its item is looked up (and locked) when the sale is recorded. */
export type TDraftLine = { itemId: number; itemName: string | null; quantity: number; unitPriceKobo: number };

/** What a sale is made of, however it was asked for (a sale batch or a converted proforma). */
export type TSaleDraft = {
  saleDate: string;
  /** Looked up (case aside) among the actor's warehouses when the sale is recorded. */
  warehouseName: string;
  /** The public id the device gave the sale, if it did. */
  publicId: string | null;
  /** The customer-list entry the sale names (checked to be the business's); else the one its phone belongs to. */
  customerId: number | null;
  customerName: string;
  customerPhone: string | null;
  invoiceNumber: string | null;
  notes: string | null;
  lines: TDraftLine[];
  /** How the messages name a line: "Item 2: …" or "Proforma item 2: …". */
  lineLabel: TLineLabel;
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
  /** The uploaded invoice, a stored file of the business. */
  invoiceFileId: string | null;
  proformaId: number | null;
  /** When a sale recorded offline happened; its creation time (else the statement's now). */
  recordedAt?: Date | null;
};

/** The caller's view of sales: the business's, and for an employee only their warehouses'. */
export async function salesScope(db: Executor, actor: TActor): Promise<TSalesScope> {
  if (actor.role === 'md') return { tenantId: actor.tenantId, warehouseIds: null };
  return { tenantId: actor.tenantId, warehouseIds: await createStockScope(db).warehouseIds(actor) };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The lines as asked for, all from the sale's warehouse. */
export function draftLines(warehouseName: string, lines: readonly TSaleLineInput[]): TDraftLine[] {
  return lines.map((line) => {
    if (line.warehouse_name && !sameName(line.warehouse_name, warehouseName))
      throw new AppError('bad_request', `All items must come from one warehouse (${warehouseName})`);
    return {
      itemId: line.item_id as number,
      itemName: line.item_name ?? null,
      quantity: line.quantity as number,
      unitPriceKobo: nairaToKobo(line.unit_price as number),
    };
  });
}

function notInWarehouse(label: TLineLabel, index: number, line: TDraftLine, warehouseName: string) {
  return notFound(
    `${label} ${index + 1}: ${line.itemName ?? `item ${String(line.itemId)}`} is not in ${warehouseName}`,
  );
}

/** Resolves the lines' items in the sale's warehouse: "Item 2: Rice is not in Main" when one is not. */
export async function resolveLines(
  db: Executor,
  actor: TActor,
  warehouse: TWarehouse,
  inputLines: readonly TSaleLineInput[],
  label: TLineLabel,
): Promise<(TDraftLine & { item: TItem })[]> {
  const lines = draftLines(warehouse.warehouse_name, inputLines);
  const found = await createItemsRepository(db).findManyInWarehouse(
    actor.tenantId,
    warehouse.warehouse_id,
    lines.map((line) => line.itemId),
    [],
  );
  return lines.map((line, index) => {
    const item = found.find((candidate) => candidate.item_id === line.itemId);
    if (!item) throw notInWarehouse(label, index, line, warehouse.warehouse_name);
    return { ...line, item };
  });
}

type TWarehouseInput = { warehouse_name?: string | null; items: readonly TSaleLineInput[] };

/** The warehouse a sale or proforma asks for, by name: its own or its lines'. */
export function warehouseNameOf(input: TWarehouseInput): string {
  const name = input.warehouse_name ?? input.items.find((line) => line.warehouse_name)?.warehouse_name;
  if (!name) throw new AppError('bad_request', 'Please select a warehouse first.');
  return name;
}

export async function requireWarehouse(db: Executor, actor: TActor, input: TWarehouseInput) {
  return createStockScope(db).warehouses.requireByName(actor, warehouseNameOf(input));
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

/** Rounds to the two decimals the sale keeps (a rate or discount of 12.345 is charged and stored as 12.35). */
const hundredths = (value: number) => Math.round(value * 100) / 100;

/**
 * How a sale's own statements handle the call's Idempotency-Key (see runWithInlineKey). `endsTransaction`:
 * the caller writes nothing after the sale, so the sale's last statement may carry the COMMIT.
 */
export type TSaleKey = {
  key: TInlineKey;
  replyFor: (sale: TSale) => TReply<unknown>;
  endsTransaction: boolean;
};

/** For a caller that claimed its key itself (or has none): the sale's statements leave keys alone. */
function noKey(tenantId: number): TSaleKey {
  return {
    key: {
      claim: {
        tenantId,
        idempotencyKey: null,
        idempotencyRoute: '',
        idempotencyHash: null,
        idempotencyKeptHours: 0,
      },
      keep: () => ({ replyStatus: 0, replyBody: null }),
    },
    replyFor: () => ({ status: 0, body: null }),
    endsTransaction: false,
  };
}

/**
 * Records a sale inside the caller's transaction: one transaction on the plan, the sale and its lines,
 * the stock out through the ledger (409 when it would go below zero), the report's per-item days and,
 * for a new phone, the customer. A sale of today is two statements: one opens it (claims `saleKey`'s
 * key, takes its ids, reads the plan and locks its items), one writes it all with the key's answer.
 * Null when the key was already claimed (the caller answers what was kept for it).
 */
export async function recordSaleOnce(
  tx: Transaction,
  actor: TActor,
  draft: TSaleDraft,
  saleKey: TSaleKey,
): Promise<TSale | null> {
  const repo = createSalesRepository(tx);
  const opened = await repo.openSale(saleKey.key.claim, {
    employeeId: employeeScope(actor),
    warehouseName: draft.warehouseName,
    itemIds: draft.lines.map((line) => line.itemId),
  });
  if (!opened) return null;
  const { warehouse } = opened;
  const ledger = createLedger(tx);
  ledger.hold(opened.items);
  const found = await ledger.lockItems(
    actor.tenantId,
    draft.lines.map((line) => line.itemId),
  );
  for (const [index, line] of draft.lines.entries()) {
    const item = found.get(line.itemId);
    if (!item || item.deleted || item.warehouseId !== warehouse.warehouse_id) {
      // A line names its item by id; the message names it as the business knows it, unless the item sits
      // in a warehouse the seller cannot open (its name is not theirs to learn).
      const visible =
        item !== undefined &&
        (actor.role === 'md' || (await createStockScope(tx).warehouseIds(actor)).includes(item.warehouseId));
      const itemName = line.itemName ?? (visible ? item.name : null);
      throw notInWarehouse(draft.lineLabel, index, { ...line, itemName }, warehouse.warehouse_name);
    }
  }
  const lines = draft.lines.map((line) => ({ ...line, itemName: found.get(line.itemId)!.name }));
  // Checked with the actor's keys against the prices and limits the opening statement read.
  const priceOverrides = await assertPriceLimits(
    tx,
    actor,
    {
      lines: draft.lines,
      label: draft.lineLabel,
      applyVat: draft.applyVat,
      vatRate: draft.vatRate,
      discountType: draft.discountType,
      discountValue: draft.discountValue,
    },
    opened.priceLimits,
  );
  await consumeTransaction(tx, actor.tenantId, opened.plan);
  const vatRate = draft.vatRate ? hundredths(draft.vatRate) : draft.vatRate;
  const discountValue = draft.discountType === 'none' ? 0 : hundredths(draft.discountValue);
  const pricing = priceSale({
    lines,
    applyVat: draft.applyVat,
    vatRate,
    discountType: draft.discountType,
    discountValue: draft.discountType === 'fixed' ? nairaToKobo(discountValue) : discountValue,
  });
  const { amountPaidKobo, tenderedKobo } = paymentOf(draft, pricing.grandTotalKobo);
  const status = statusAtCreation(draft.paymentStatus, pricing.grandTotalKobo);
  const header: TSaleHeader = {
    id: opened.saleId,
    publicId: draft.publicId ?? newPublicId(),
    customerId: draft.customerId,
    tenantId: actor.tenantId,
    // Taken by the writing statement (and filled into the kept answer there).
    number: 0,
    warehouseId: warehouse.warehouse_id,
    saleDate: draft.saleDate,
    customerName: draft.customerName,
    customerPhone: draft.customerPhone,
    invoiceNumber: draft.invoiceNumber,
    notes: draft.notes,
    subtotalKobo: pricing.subtotalKobo,
    vatRate: pricing.vatRate,
    vatKobo: pricing.vatKobo,
    discountType: draft.discountType,
    discountValue,
    discountKobo: pricing.discountKobo,
    grandTotalKobo: pricing.grandTotalKobo,
    amountPaidKobo,
    tenderedKobo,
    paymentStatus: status,
    paymentMethod: draft.paymentMethod,
    dueDate: status === 'paid' ? null : draft.dueDate,
    invoiceFileId: draft.invoiceFileId,
    proformaId: draft.proformaId,
    userId: actor.userId,
    employeeName: actor.username,
    createdAt: draft.recordedAt ?? opened.now,
    deletedAt: null,
    deletedBy: null,
  };
  const saleLinesRows = lines.map((line, index) => ({
    id: opened.lineIds[index]!,
    tenantId: actor.tenantId,
    saleId: opened.saleId,
    itemId: line.itemId,
    itemName: line.itemName,
    quantity: line.quantity,
    unitPriceKobo: line.unitPriceKobo,
    totalKobo: pricing.lineTotalsKobo[index]!,
  }));
  const entries = saleLinesRows.map((line) => ({
    tenantId: actor.tenantId,
    itemId: line.itemId,
    businessDate: draft.saleDate,
    kind: 'stock_out' as const,
    quantity: line.quantity,
    sourceType: 'sale_line',
    sourceId: line.id,
    userId: actor.userId,
  }));
  const unnumbered = saleView({ ...header, warehouseName: warehouse.warehouse_name }, saleLinesRows);
  // A sale below price or with a discount (rare): its report row, and its lines in the audit entry.
  const overrides = priceOverrides
    ? Object.assign({}, priceOverrides, { discount_kobo: pricing.discountKobo })
    : null;
  if (overrides)
    await recordPriceOverrides(
      tx,
      {
        saleId: opened.saleId,
        tenantId: actor.tenantId,
        warehouseId: warehouse.warehouse_id,
        saleDate: draft.saleDate,
        userId: actor.userId,
        employeeName: actor.username,
      },
      overrides,
    );
  // Today's sale (the common case) leaves stock in the same statement as the sale; a backdated one
  // moves later days' closings and goes through the ledger's general path after it.
  const stockOut = ledger.writesInBulk(entries);
  const written = await repo.writeSale(
    header,
    saleLinesRows,
    // Object.assign, not spreads (see columnsOf in platform/db/prepared.ts).
    Object.assign(
      {},
      stockOut?.values ?? NO_LEDGER_WRITES,
      saleKey.key.claim,
      saleKey.key.keep(saleKey.replyFor(unnumbered)),
      {
        auditAfter: JSON.stringify(
          overrides
            ? Object.assign({}, unnumbered, { price_overrides: overridesForAudit(overrides) })
            : unnumbered,
        ),
      },
    ),
    { endsTransaction: saleKey.endsTransaction && stockOut !== null },
  );
  if (stockOut) stockOut.done();
  else await ledger.postAll(entries);
  return { ...unnumbered, sale_number: written.saleNumber, customer_id: written.customerId };
}

/** Records a sale for a caller that handles its Idempotency-Key itself (converting a proforma). */
export async function recordSale(tx: Transaction, actor: TActor, draft: TSaleDraft): Promise<TSale> {
  const sale = await recordSaleOnce(tx, actor, draft, noKey(actor.tenantId));
  if (!sale) throw new Error('a sale without a key is never found claimed');
  return sale;
}

/**
 * The customer a sale or proforma is for: the one it names (404 when not the business's), else the one its
 * phone belongs to, else none (a walk-in).
 */
export async function customerOf(
  db: Executor,
  tenantId: number,
  input: { customer_id?: number | null | undefined; customer_phone: string | null },
): Promise<number | null> {
  const customers = createCustomersRepository(db);
  if (input.customer_id) {
    const found = await customers.idOf(tenantId, { id: input.customer_id });
    if (!found) throw notFound(CUSTOMER_NOT_FOUND);
    return found;
  }
  return input.customer_phone ? customers.idOf(tenantId, { phone: input.customer_phone }) : null;
}
