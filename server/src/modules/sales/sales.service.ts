import { recordedAtOf } from '@app/domain/schemas/recorded-at';
import { businessDate, businessDayStart, printDate } from '@app/domain/dates/business-date';
import { nairaToKobo } from '@app/domain/money/money';
import {
  BACKDATE_DENIED,
  INVOICE_COMPULSORY,
  type TSaleBatchRequest,
  type TSalePaymentRequest,
  type TSalesFilterRequest,
  type TSale,
  type TSalesReportQuery,
  type TSalesCustomer,
  type TSalesCustomersQuery,
} from '@app/domain/schemas/sales';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { actorHas } from '../../platform/auth/guard.ts';
import type { Database } from '../../platform/db/client.ts';
import { refusePublicIdTaken } from '../../platform/db/errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { runIdempotent, runWithInlineKey, type TIdempotencyKey } from '../../platform/http/idempotency.ts';
import { createCustomersRepository } from '../customers/index.ts';
import { ownFileId } from '../files/index.ts';
import { createLedger, assertNotFuture } from '../inventory/index.ts';
import { addPayment, assertPaymentDate, markPaymentsDeleted } from '../payables/index.ts';
import { customerOf, draftLines, recordSaleOnce, salesScope, warehouseNameOf } from './sale-recording.ts';
import { salesReport } from './sales-report.service.ts';
import { addSaleFigures } from './sales-rollups.ts';
import { createSalesRepository } from './sales.repository.ts';
import { createTransferChecksRepository } from './transfer-checks.repository.ts';
import { withReceivedMethods } from './received-methods.ts';

export const SALE_NOT_FOUND = 'Sale not found';
/** How far back a customer search looks for names only sales carry (walk-ins without a phone). */
const RECENT_SALE_DAYS = 90;

export function createSalesService(deps: { db: Database }) {
  const { db } = deps;

  async function batch(actor: TActor, input: TSaleBatchRequest, key: TIdempotencyKey | null) {
    assertNotFuture(input.sale_date);
    if (input.payment_status === 'partial' && input.partial_payment_date)
      assertPaymentDate('sale', input.partial_payment_date, input.sale_date);
    // A device's clock ahead of the server's is taken as now.
    const recordedAt = recordedAtOf(input.recorded_at);
    // A sale recorded offline and sent later is dated the day it happened, which is not a backdate.
    if (input.sale_date < businessDate(recordedAt ?? undefined) && !actorHas(actor, 'sales.backdate.access'))
      throw new AppError('forbidden', BACKDATE_DENIED);
    const invoiceFileId = input.invoice_file_url
      ? await ownFileId(db, actor.tenantId, input.invoice_file_url)
      : null;
    if (!invoiceFileId && !actorHas(actor, 'sales.invoice_override.access'))
      throw new AppError('bad_request', INVOICE_COMPULSORY);
    const warehouseName = warehouseNameOf(input);
    const lines = draftLines(warehouseName, input.items);
    // Only a named customer is looked up here; a phone's customer is found (or added) by the sale's statement.
    const customerId = input.customer_id ? await customerOf(db, actor.tenantId, input) : null;
    const entered =
      input.payment_status === 'partial'
        ? (input.partial_payment_amount ?? input.amount_customer_paid)
        : input.amount_customer_paid;
    const replyFor = (sale: TSale) => ({
      status: 201,
      body: { success: true, message: 'Sale recorded successfully', sale_id: sale.sale_id, sale },
    });
    const scope = { tenantId: actor.tenantId, key, route: 'sales.batch' };
    return refusePublicIdTaken('sale', 'sales_public_id_uq', () =>
      runWithInlineKey(db, scope, async (tx, inlineKey) => {
        const sale = await recordSaleOnce(
          tx,
          actor,
          {
            saleDate: input.sale_date,
            warehouseName,
            publicId: input.public_id ?? null,
            customerId,
            customerName: input.customer_name,
            customerPhone: input.customer_phone,
            invoiceNumber: input.invoice_number,
            notes: input.payment_status === 'partial' ? withPartialNote(input) : input.notes,
            lines,
            lineLabel: 'Item',
            applyVat: input.apply_vat,
            vatRate: input.vat_rate,
            discountType: input.discount_type,
            discountValue: input.discount_value ?? 0,
            paymentStatus: input.payment_status,
            paymentMethod: input.payment_method,
            amountEnteredKobo: entered ? nairaToKobo(entered) : null,
            dueDate: input.due_date ?? null,
            invoiceFileId,
            proformaId: null,
            recordedAt,
          },
          { key: inlineKey, replyFor, endsTransaction: true },
        );
        return sale && replyFor(sale);
      }),
    );
  }

  /** A page of sale lines; `nextBefore` is the last line's id when more follow (the next page's `before`). */
  async function list(
    actor: TActor,
    page: { limit: number; skip: number; before?: number | undefined; count: boolean },
    filter?: TSalesFilterRequest,
  ) {
    const scope = await salesScope(db, actor);
    const { rows, total, more } = await createSalesRepository(db).listRows(
      scope,
      { limit: page.limit, skip: page.skip, before: page.before ?? null, count: page.count },
      filter,
    );
    const checks = await createTransferChecksRepository(db).saleStates(
      scope,
      rows.map((row) => row.sale_id),
    );
    const paid = await withReceivedMethods(db, scope.tenantId, rows);
    return {
      rows: paid.map((row) => ({ ...row, transfer_check: checks.get(row.sale_id) ?? null })),
      total,
      nextBefore: more ? rows[rows.length - 1]!.line_id : null,
    };
  }

  async function filter(actor: TActor, input: TSalesFilterRequest) {
    return list(actor, { limit: input.limit, skip: 0, before: input.before, count: false }, input);
  }

  async function remove(actor: TActor, saleId: number) {
    const number = await db.transaction(async (tx) => {
      const repo = createSalesRepository(tx);
      const scope = await salesScope(tx, actor);
      const sale = await repo.lockSale(scope, saleId);
      if (!sale) throw notFound(SALE_NOT_FOUND);
      const before = await repo.findSale(scope, saleId);
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
      await addSaleFigures(tx, saleId, -1, 'all');
      await repo.markDeleted(saleId, actor.userId);
      await markPaymentsDeleted(tx, actor, 'sale', saleId);
      await writeAudit(tx, actor, {
        kind: 'sale.deleted',
        recordType: 'sale',
        recordId: saleId,
        before,
      });
      return sale.number;
    });
    // The number the business's customers saw (its own sequence), not the record's key.
    return { success: true, message: `Sale #${number} deleted; its items are back in stock` };
  }

  async function addSalePayment(
    actor: TActor,
    saleId: number,
    input: TSalePaymentRequest,
    key: TIdempotencyKey | null,
  ) {
    return runIdempotent(
      db,
      { tenantId: actor.tenantId, key, route: `sales.payment.${saleId}` },
      async (tx) => {
        const repo = createSalesRepository(tx);
        const scope = await salesScope(tx, actor);
        const sale = await repo.lockSale(scope, saleId);
        if (!sale) throw notFound(SALE_NOT_FOUND);
        await addSaleFigures(tx, saleId, -1, 'day');
        await addPayment(
          tx,
          actor,
          {
            type: 'sale',
            id: saleId,
            date: sale.saleDate,
            totalKobo: sale.grandTotalKobo,
            paidKobo: sale.amountPaidKobo,
            status: sale.paymentStatus,
          },
          input,
        );
        await addSaleFigures(tx, saleId, 1, 'day');
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

  return {
    batch,
    list,
    filter,
    remove,
    addPayment: addSalePayment,
    report: (actor: TActor, query: TSalesReportQuery) => salesReport(db, actor, query),
    filterOptions: async (actor: TActor) =>
      createSalesRepository(db).filterOptions(await salesScope(db, actor)),
    pending: async (actor: TActor) => {
      const scope = await salesScope(db, actor);
      const pending = await createSalesRepository(db).pending(scope);
      const checks = await createTransferChecksRepository(db).saleStates(
        scope,
        pending.map((sale) => sale.sale_id),
      );
      return pending.map((sale) => ({ ...sale, transfer_check: checks.get(sale.sale_id) ?? null }));
    },
    /**
     * Every known customer (for receipts), or a picker's page of matches: the customer list's, then names on
     * the last RECENT_SALE_DAYS days of sales that no listed customer carries.
     */
    customers: async (actor: TActor, query: TSalesCustomersQuery): Promise<TSalesCustomer[]> => {
      const scope = await salesScope(db, actor);
      if (query.search === undefined) return createSalesRepository(db).receiptCustomers(scope);
      const listed = (
        await createCustomersRepository(db).matches(actor.tenantId, query.search, query.limit)
      ).map((row) => ({ name: row.name, phone: row.phone, customer_id: row.id, email: row.email }));
      if (listed.length >= query.limit) return listed;
      const known = new Set(listed.map((customer) => customer.name.toLowerCase()));
      const since = businessDate(businessDayStart(businessDate(), -RECENT_SALE_DAYS));
      const onSales = await createSalesRepository(db).recentCustomerNames(
        scope,
        query.search,
        since,
        query.limit,
      );
      return [...listed, ...onSales.filter((customer) => !known.has(customer.name.toLowerCase()))].slice(
        0,
        query.limit,
      );
    },
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
  const on = input.partial_payment_date ? ` on ${printDate(input.partial_payment_date)}` : '';
  const line = `Partial payment${on}${input.partial_payment_note ? `: ${input.partial_payment_note}` : ''}`;
  return input.notes ? `${input.notes}\n${line}` : line;
}

export type TSalesService = ReturnType<typeof createSalesService>;
