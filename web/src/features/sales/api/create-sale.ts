import { useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { newPublicId } from '@app/domain/ids/public-id';
import { koboToNaira, nairaToKobo } from '@app/domain/money/money';
import { amountPaidAtCreation, outstandingKobo, statusAtCreation } from '@app/domain/money/payment';
import { priceSale } from '@app/domain/pricing/pricing';
import type { TSale, TSaleBatchRequest, TSaleRecorded, TSaleRow } from '@app/domain/schemas/sales';
import { api, SERVER_TIMEOUT_MS, type TPage } from '../../../lib/api-client';
import { subscriptionKeys } from '../../../lib/api/get-subscription-status';
import type { TOutboxAttachment, TStockChange } from '../../../lib/offline/db';
import { nextDeviceNumber } from '../../../lib/offline/device-number';
import { isUnreachable, offlineDb, offlineSync } from '../../../lib/offline/offline-sync';
import { wireBody } from '../../../lib/offline/sync-engine';
import { salesKeys } from './sales-keys';
import { saleInvoiceAttachment } from './upload-sale-invoice';
import { invalidateStock } from '../../../lib/stock-queries';

/** A sale kept on the device until the server can be reached. */
export type TQueuedSale = {
  /** The device's receipt number (sent as the sale's invoice_number); null for a sale whose first attempt may have reached the server. */
  receipt_number: string | null;
  public_id: string;
  recorded_at: string;
  sale_date: string;
  /** The grand total in naira, priced on the device with the domain's rule. */
  total: number;
  /** Its place in the outbox. */
  seq: number;
};
export type TSaleQueuedAnswer = {
  success: true;
  message: string;
  sale_id: null;
  sale: null;
  queued: TQueuedSale;
};
export type TCreateSaleAnswer = (TSaleRecorded & { queued?: undefined }) | TSaleQueuedAnswer;
export type TCreateSaleInput = {
  body: TSaleBatchRequest;
  idempotencyKey: string;
  /** An invoice the server could not be reached to take: the sale is kept on the device with it. */
  offlineInvoice?: File;
};

export const QUEUED_MESSAGE = 'Saved on this device; it will be sent when the connection returns';

/**
 * The device's receipt number of a sale recorded offline: "OFF-<device id>-<count>", e.g. "OFF-K7Q2MX-12",
 * unique per device (its id is random, its counter its own) and the sale's invoice_number once synced.
 */
export async function nextOfflineReceiptNumber(): Promise<string> {
  const { deviceId, n } = await nextDeviceNumber(await offlineDb(), 'sale');
  return `OFF-${deviceId}-${n}`;
}

/**
 * The public id and time of one submission, kept with its Idempotency-Key: a retry of the same submission
 * (after a reload too) sends the very same body, so the server can answer it from the key.
 */
function submissionIds(idempotencyKey: string): { public_id: string; recorded_at: string } {
  const name = `sale-submission.${idempotencyKey}`;
  try {
    const kept = JSON.parse(localStorage.getItem(name) ?? 'null') as {
      public_id: string;
      recorded_at: string;
    } | null;
    if (kept?.public_id && kept.recorded_at) return kept;
  } catch {
    // Unreadable: a fresh pair.
  }
  const ids = { public_id: newPublicId(), recorded_at: new Date().toISOString() };
  try {
    localStorage.setItem(name, JSON.stringify(ids));
  } catch {
    // A full storage must not stop the sale.
  }
  return ids;
}
const forgetSubmission = (idempotencyKey: string) =>
  localStorage.removeItem(`sale-submission.${idempotencyKey}`);

/** A sale's figures as the server will price and record them (naira): what its receipt shows. */
export type TSaleFigures = {
  subtotal: number;
  vat: number;
  /** The rate the VAT was charged at (the default when none was given), as the printed receipt names it. */
  vatRate: number;
  discount: number;
  /** A percentage discount's rate; null for a fixed amount. */
  discountPercent: number | null;
  total: number;
  paid: number;
  balance: number;
};

export function saleFigures(body: TSaleBatchRequest): TSaleFigures {
  const fixed = body.discount_type === 'fixed';
  const pricing = priceSale({
    lines: body.items.map((line) => ({
      quantity: Number(line.quantity),
      unitPriceKobo: nairaToKobo(Number(line.unit_price)),
    })),
    applyVat: body.apply_vat,
    vatRate: body.vat_rate,
    discountType: body.discount_type,
    discountValue: fixed ? nairaToKobo(body.discount_value ?? 0) : body.discount_value,
  });
  const totalKobo = pricing.grandTotalKobo;
  const entered = body.partial_payment_amount ?? body.amount_customer_paid;
  const paid = amountPaidAtCreation(
    statusAtCreation(body.payment_status, totalKobo),
    totalKobo,
    entered ? nairaToKobo(Number(entered)) : null,
  );
  const paidKobo = paid.ok ? paid.amountPaidKobo : 0;
  return {
    subtotal: koboToNaira(pricing.subtotalKobo),
    vat: koboToNaira(pricing.vatKobo),
    vatRate: pricing.vatRate,
    discount: koboToNaira(pricing.discountKobo),
    discountPercent: body.discount_type === 'percentage' ? (body.discount_value ?? 0) : null,
    total: koboToNaira(totalKobo),
    paid: koboToNaira(paidKobo),
    balance: koboToNaira(outstandingKobo(totalKobo, paidKobo)),
  };
}

/** A part payment that is not below the sale's total, refused on the device in the server's words. */
export function partialPaymentProblem(body: TSaleBatchRequest): string | null {
  if (body.payment_status !== 'partial') return null;
  const totalKobo = nairaToKobo(saleTotal(body));
  const entered = body.partial_payment_amount ? nairaToKobo(Number(body.partial_payment_amount)) : null;
  const paid = amountPaidAtCreation(statusAtCreation('partial', totalKobo), totalKobo, entered);
  return paid.ok ? null : paid.error;
}

/** What a sale takes from its warehouse: each line's quantity. */
export function saleStockChanges(body: TSaleBatchRequest): TStockChange[] {
  return body.items.map((line) => ({
    warehouseName: body.warehouse_name ?? line.warehouse_name ?? '',
    itemId: Number(line.item_id),
    delta: -Number(line.quantity),
  }));
}

/** The grand total of a sale request as the server will price it (naira). */
export const saleTotal = (body: TSaleBatchRequest): number => saleFigures(body).total;

/**
 * The lines' item names stay on the device (the queued sale's card and its edit show them); the server names
 * each line from its item_id, so a sale's round trip stays under 2 KB (issue 16 §4).
 */
const SALE_LOCAL_FIELDS = ['items.*.item_name'];

/** What a synced sale changes on the screens. */
const SALE_CHANGES = [
  salesKeys.lists(),
  salesKeys.allItems(),
  salesKeys.customers(),
  salesKeys.filterOptions(),
  subscriptionKeys.all,
];

async function queueSale(
  body: TSaleBatchRequest & { public_id: string; recorded_at: string },
  idempotencyKey: string,
  numbered: boolean,
  attachment?: TOutboxAttachment,
): Promise<TSaleQueuedAnswer> {
  const receiptNumber = numbered ? (body.invoice_number ?? (await nextOfflineReceiptNumber())) : null;
  const queuedBody = numbered ? { ...body, invoice_number: receiptNumber } : body;
  const total = saleTotal(body);
  const warehouseName = body.warehouse_name ?? body.items[0]?.warehouse_name ?? '';
  const record = await offlineSync.enqueue({
    kind: 'sale',
    method: 'POST',
    path: '/sales/batch',
    body: queuedBody,
    publicId: body.public_id,
    idempotencyKey,
    businessDate: body.sale_date,
    recordedAt: body.recorded_at,
    summary: {
      receipt_number: receiptNumber,
      customer_name: body.customer_name,
      warehouse_name: warehouseName,
      total,
      payment_status: body.payment_status,
      lines: body.items.length,
    },
    invalidates: SALE_CHANGES.map((key) => [...key]),
    localFields: SALE_LOCAL_FIELDS,
    stock: saleStockChanges(body),
    ...(attachment ? { attachment } : {}),
  });
  forgetSubmission(idempotencyKey);
  return {
    success: true,
    message: QUEUED_MESSAGE,
    sale_id: null,
    sale: null,
    queued: {
      receipt_number: receiptNumber,
      public_id: body.public_id,
      recorded_at: body.recorded_at,
      sale_date: body.sale_date,
      total,
      seq: record.seq,
    },
  };
}

/**
 * Records a sale: posted to the server when it can be reached (within SERVER_TIMEOUT_MS); otherwise kept in
 * the outbox with the device's receipt number and sent by the sync engine. The body always carries the
 * submission's public id and time, so a sale whose answer was lost is sent again as the same request (same
 * key, same body) and recorded once.
 */
export async function createSale({
  body,
  idempotencyKey,
  offlineInvoice,
}: TCreateSaleInput): Promise<TCreateSaleAnswer> {
  const sent = { ...submissionIds(idempotencyKey), ...body } as TSaleBatchRequest & {
    public_id: string;
    recorded_at: string;
  };
  // Offline from the start (or its invoice could not be uploaded): nothing was sent, so the sale can take its
  // device number.
  if (offlineInvoice)
    return queueSale(sent, idempotencyKey, true, await saleInvoiceAttachment(offlineInvoice));
  // The sync engine found the server unreachable (its last send got no answer): the sale is kept at once,
  // numbered, instead of waiting SERVER_TIMEOUT_MS for another silence.
  if (!navigator.onLine || !offlineSync.getState().online) return queueSale(sent, idempotencyKey, true);
  try {
    const answer = await api.post<TSaleRecorded>('/sales/batch', wireBody(sent, SALE_LOCAL_FIELDS), {
      headers: { 'Idempotency-Key': idempotencyKey },
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    });
    forgetSubmission(idempotencyKey);
    return answer;
  } catch (error) {
    // The server may have it already: the same request is queued unchanged. The next sale need not wait.
    if (isUnreachable(error)) return queueSale(sent, idempotencyKey, false);
    throw error;
  }
}

/** The sale's lines as the List tab shows them, newest first. */
export function saleRows(sale: TSale): TSaleRow[] {
  return sale.items
    .map((line) => ({
      sale_id: sale.sale_id,
      sale_number: sale.sale_number,
      line_id: line.line_id,
      sale_date: sale.sale_date,
      customer_name: sale.customer_name,
      customer_phone: sale.customer_phone,
      employee_name: sale.employee_name,
      warehouse_name: sale.warehouse_name,
      invoice_number: sale.invoice_number,
      item_id: line.item_id,
      item_name: line.item_name,
      quantity: line.quantity,
      unit_price: line.unit_price,
      total_amount: line.total_amount,
      grand_total: sale.grand_total,
      amount_paid: sale.amount_paid,
      outstanding: sale.outstanding,
      payment_status: sale.payment_status,
      payment_method: sale.payment_method,
      created_at: sale.created_at,
      transfer_check: sale.transfer_check ?? null,
      review: null,
    }))
    .reverse();
}

/** The plain List pages (salesKeys.list(limit)), which the recorded sale is added to. */
const isListPage = (query: Query) => query.queryKey.length === 3 && typeof query.queryKey[2] === 'number';

/** Issue 16 §4: the recorded sale joins the cached list pages; only what cannot be patched is fetched again. */
function showRecorded(queryClient: QueryClient, sale: TSale) {
  const rows = saleRows(sale);
  const pages = queryClient.getQueriesData<TPage<TSaleRow>>({
    queryKey: salesKeys.lists(),
    predicate: isListPage,
  });
  for (const [queryKey, page] of pages) {
    if (!page || page.rows.some((row) => row.sale_id === sale.sale_id)) continue;
    queryClient.setQueryData<TPage<TSaleRow>>(queryKey, {
      rows: [...rows, ...page.rows].slice(0, Number(queryKey[2])),
      total: page.total === null ? null : page.total + rows.length,
    });
  }
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: salesKeys.lists(), predicate: (query) => !isListPage(query) }),
    invalidateStock(queryClient),
    queryClient.invalidateQueries({ queryKey: salesKeys.customers() }),
    queryClient.invalidateQueries({ queryKey: salesKeys.filterOptions() }),
    // One more transaction on the plan.
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  ]);
}

export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSale,
    // Offline the call still runs (and queues the sale) instead of waiting for the network.
    networkMode: 'always',
    onSuccess: (answer) =>
      answer.queued ? invalidateStock(queryClient) : showRecorded(queryClient, answer.sale),
  });
}
