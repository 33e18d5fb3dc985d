import { businessDate } from '@app/domain/dates/business-date';
import { formatNaira, koboToNaira, nairaToKobo } from '@app/domain/money/money';
import { amountPaidAtCreation, outstandingKobo, statusAfterPayment } from '@app/domain/money/payment';
import { priceSale, type TDiscountType } from '@app/domain/pricing/pricing';
import {
  BACKDATE_DENIED,
  INVOICE_COMPULSORY,
  type TSale,
  type TSaleBatchRequest,
  type TSalePaymentMethod,
  type TSalePaymentRequest,
  type TSalesFilterRequest,
  type TSalesReport,
  type TSalesReportQuery,
  type TSaleLineInput,
} from '@app/domain/schemas/sales';
import type { TActor } from '../../platform/auth/access.ts';
import { actorHas } from '../../platform/auth/guard.ts';
import type { Database, Executor, Transaction } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { runIdempotent } from '../../platform/http/idempotency.ts';
import { consumeTransaction } from '../../platform/tenancy/plan-limits.ts';
import { createFilesRepository } from '../files/files.repository.ts';
import { createItemsRepository, type TItem } from '../inventory/items.repository.ts';
import { createLedger } from '../inventory/ledger.repository.ts';
import { assertNotFuture, createStockScope } from '../inventory/stock-scope.ts';
import type { TWarehouse } from '../warehouses/warehouses.repository.ts';
import { createSalesRepository, saleView, type TSalesScope } from './sales.repository.ts';

export const SALE_NOT_FOUND = 'Sale not found';
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

export function createSalesService(deps: { db: Database }) {
  const { db } = deps;

  async function batch(actor: TActor, input: TSaleBatchRequest, key: string | null) {
    assertNotFuture(input.sale_date);
    if (input.sale_date < businessDate() && !actorHas(actor, 'sales.backdate.access'))
      throw new AppError('forbidden', BACKDATE_DENIED);
    if (input.invoice_file_url) await assertOwnFile(db, actor.tenantId, input.invoice_file_url);
    else if (!actorHas(actor, 'sales.invoice_override.access'))
      throw new AppError('bad_request', INVOICE_COMPULSORY);
    const warehouse = await requireWarehouse(db, actor, input);
    const lines = await resolveLines(db, actor, warehouse, input.items, 'Item');
    const entered =
      input.payment_status === 'partial'
        ? (input.partial_payment_amount ?? input.amount_customer_paid)
        : input.amount_customer_paid;
    return runIdempotent(db, { tenantId: actor.tenantId, key, route: 'sales.batch' }, async (tx) => {
      const sale = await recordSale(tx, actor, {
        saleDate: input.sale_date,
        warehouse,
        customerName: input.customer_name,
        customerPhone: input.customer_phone,
        invoiceNumber: input.invoice_number,
        notes: input.payment_status === 'partial' ? withPartialNote(input) : input.notes,
        lines,
        applyVat: input.apply_vat,
        vatRate: input.vat_rate,
        discountType: input.discount_type,
        discountValue: input.discount_value ?? 0,
        paymentStatus: input.payment_status,
        paymentMethod: input.payment_method,
        amountEnteredKobo: entered ? nairaToKobo(entered) : null,
        dueDate: input.due_date ?? null,
        invoiceFileUrl: input.invoice_file_url,
        proformaId: null,
      });
      return {
        status: 201,
        body: { success: true, message: 'Sale recorded successfully', sale_id: sale.sale_id, sale },
      };
    });
  }

  async function list(actor: TActor, page: { limit: number; skip: number }) {
    return createSalesRepository(db).listRows(await salesScope(db, actor), page);
  }

  async function filter(actor: TActor, input: TSalesFilterRequest) {
    const { rows } = await createSalesRepository(db).listRows(
      await salesScope(db, actor),
      { limit: input.limit, skip: 0 },
      input,
    );
    return rows;
  }

  async function remove(actor: TActor, saleId: number) {
    await db.transaction(async (tx) => {
      const repo = createSalesRepository(tx);
      const sale = await repo.lockSale(await salesScope(tx, actor), saleId);
      if (!sale) throw notFound(SALE_NOT_FOUND);
      const lines = await repo.lines(saleId);
      await createLedger(tx).postAll(
        lines.map((line) => ({
          tenantId: actor.tenantId,
          itemId: line.itemId,
          businessDate: sale.saleDate,
          kind: 'stock_out' as const,
          quantity: -line.quantity,
          sourceType: 'sale_line_deleted',
          sourceId: line.id,
          userId: actor.userId,
        })),
      );
      await repo.addItemDaily(
        lines.map((line) => ({
          tenantId: actor.tenantId,
          itemId: line.itemId,
          saleDate: sale.saleDate,
          quantity: -line.quantity,
          revenueKobo: -line.totalKobo,
        })),
      );
      await repo.markDeleted(saleId, actor.userId);
    });
    return { success: true, message: `Sale #${saleId} deleted; its items are back in stock` };
  }

  async function addPayment(actor: TActor, saleId: number, input: TSalePaymentRequest, key: string | null) {
    assertNotFuture(input.payment_date);
    return runIdempotent(
      db,
      { tenantId: actor.tenantId, key, route: `sales.payment.${saleId}` },
      async (tx) => {
        const repo = createSalesRepository(tx);
        const scope = await salesScope(tx, actor);
        const sale = await repo.lockSale(scope, saleId);
        if (!sale) throw notFound(SALE_NOT_FOUND);
        const outstanding = outstandingKobo(sale.grandTotalKobo, sale.amountPaidKobo);
        const amountKobo = nairaToKobo(input.amount);
        if (outstanding === 0) throw new AppError('bad_request', 'Nothing is outstanding on this sale');
        if (amountKobo > outstanding)
          throw new AppError(
            'bad_request',
            `Payment of ${formatNaira(amountKobo)} is more than the outstanding ${formatNaira(outstanding)}`,
          );
        const paidKobo = sale.amountPaidKobo + amountKobo;
        await repo.addPayment(
          {
            tenantId: actor.tenantId,
            saleId,
            amountKobo,
            paymentMethod: input.payment_method,
            paymentDate: input.payment_date,
            notes: input.notes,
            userId: actor.userId,
          },
          paidKobo,
          statusAfterPayment(sale.grandTotalKobo, paidKobo),
        );
        const updated = (await repo.findSale(scope, saleId))!;
        return {
          status: 201,
          body: {
            success: true,
            message:
              updated.outstanding === 0 ? 'Payment recorded: the sale is fully paid' : 'Payment recorded',
            sale: updated,
          },
        };
      },
    );
  }

  async function report(actor: TActor, query: TSalesReportQuery): Promise<TSalesReport> {
    if (query.end_date < query.start_date)
      throw new AppError('bad_request', 'End date must be on or after the start date');
    const repo = createSalesRepository(db);
    const scope = await salesScope(db, actor);
    const [daily, customers, sold] = await Promise.all([
      repo.dailyByMethod(scope, query.start_date, query.end_date),
      repo.topCustomers(scope, query.start_date, query.end_date, query.limit),
      repo.itemsSold(scope, query.start_date, query.end_date),
    ]);
    let totalKobo = 0;
    let paidKobo = 0;
    let vatKobo = 0;
    let count = 0;
    const byMethod = new Map<string, { totalKobo: number; count: number }>();
    const byDay = new Map<string, number>();
    for (const row of daily) {
      const total = Number(row.totalKobo);
      totalKobo += total;
      paidKobo += Number(row.paidKobo);
      vatKobo += Number(row.vatKobo);
      count += row.count;
      const method = byMethod.get(row.paymentMethod) ?? { totalKobo: 0, count: 0 };
      byMethod.set(row.paymentMethod, {
        totalKobo: method.totalKobo + total,
        count: method.count + row.count,
      });
      byDay.set(row.saleDate, (byDay.get(row.saleDate) ?? 0) + total);
    }
    const cogsKobo = Math.round(sold.reduce((sum, item) => sum + item.quantity * item.averageCostKobo, 0));
    const expensesKobo = 0;
    return {
      start_date: query.start_date,
      end_date: query.end_date,
      totals: {
        total_sales: koboToNaira(totalKobo),
        total_paid: koboToNaira(paidKobo),
        total_credit: koboToNaira(totalKobo - paidKobo),
        total_expenses: koboToNaira(expensesKobo),
        expenses_paid: 0,
        profit: koboToNaira(totalKobo - expensesKobo),
        total_vat: koboToNaira(vatKobo),
        cost_of_goods_sold: koboToNaira(cogsKobo),
        gross_profit: koboToNaira(totalKobo - vatKobo - cogsKobo),
        sales_count: count,
      },
      payment_method_summary: [...byMethod]
        .map(([method, value]) => ({
          payment_method: method,
          total_sales: koboToNaira(value.totalKobo),
          count: value.count,
        }))
        .sort((a, b) => b.total_sales - a.total_sales),
      timeseries: [...byDay]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, total]) => ({ sale_date: date, total_sales: koboToNaira(total) })),
      top_products: [...sold]
        .sort((a, b) => b.revenueKobo - a.revenueKobo)
        .slice(0, query.limit)
        .map((item) => ({
          item_name: item.itemName,
          quantity_sold: item.quantity,
          total_sales: koboToNaira(item.revenueKobo),
        })),
      top_customers: customers.map((row) => ({
        customer_name: row.customerName,
        total_spent: koboToNaira(Number(row.totalKobo)),
        purchases: row.purchases,
      })),
    };
  }

  return {
    batch,
    list,
    filter,
    remove,
    addPayment,
    report,
    filterOptions: async (actor: TActor) =>
      createSalesRepository(db).filterOptions(await salesScope(db, actor)),
    pending: async (actor: TActor) => createSalesRepository(db).pending(await salesScope(db, actor)),
    customers: async (actor: TActor) =>
      createSalesRepository(db).receiptCustomers(await salesScope(db, actor)),
    /** The sales of a customer on a date (one of them with saleId), for receipts. */
    forReceipt: async (actor: TActor, query: { date: string; customerName: string; saleId?: number }) =>
      createSalesRepository(db).forCustomerOn(
        await salesScope(db, actor),
        query.date,
        query.customerName,
        query.saleId,
      ),
  };
}

/** The partial payment's date and note are kept with the sale's notes. */
function withPartialNote(input: TSaleBatchRequest): string | null {
  if (!input.partial_payment_note && !input.partial_payment_date) return input.notes;
  const line = `Partial payment${input.partial_payment_date ? ` on ${input.partial_payment_date}` : ''}${input.partial_payment_note ? `: ${input.partial_payment_note}` : ''}`;
  return input.notes ? `${input.notes}\n${line}` : line;
}

export type TSalesService = ReturnType<typeof createSalesService>;
