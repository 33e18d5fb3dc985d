import type { z } from 'zod';
import { newPublicId } from '@app/domain/ids/public-id';
import { DEFAULT_VAT_RATE } from '@app/domain/pricing/pricing';
import {
  INVOICE_COMPULSORY,
  ZSaleBatchRequestSchema,
  type TSaleBatchRequest,
  type TSalePaymentMethod,
} from '@app/domain/schemas/sales';
import type { TSalePaymentStatus } from './sale-form-options';
import { creditCustomerProblems, WALK_IN_CUSTOMER } from './sale-defaults';
import {
  missingItemProblems,
  payloadLines,
  pricingPayload,
  type TPricingState,
  type TSaleLine,
} from './sale-lines';

/** What a form shows after a refused submit: every message, and the first one per field. */
export type TFormProblems = { messages: string[]; fields: Record<string, string> };

/** The schema's issues (joined as the server's 422 would be) plus the screen's own checks. */
export function formProblems(error: z.ZodError | undefined, extra: readonly string[] = []): TFormProblems {
  const fields: Record<string, string> = {};
  const messages: string[] = [];
  for (const issue of error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in fields)) fields[field] = issue.message;
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  for (const message of extra) if (!messages.includes(message)) messages.push(message);
  return { messages, fields };
}

export type TSaleFormState = {
  sale_date: string;
  warehouse_name: string;
  invoice_number: string;
  customer_name: string;
  customer_phone: string;
  /** The customer-list entry picked for the name, if one was. */
  customer_id: number | null;
  /** The sale's own public id, made when the form starts (so a retry after a reload names the same sale). */
  public_id: string;
  payment_method: TSalePaymentMethod;
  payment_status: TSalePaymentStatus;
  amount_customer_paid: number | '';
  due_date: string;
  partial_payment_amount: number | '';
  partial_payment_date: string;
  partial_payment_note: string;
  notes: string;
};

/** A new sale: today, the given warehouse, a walk-in customer paying cash in full. */
export function saleFormInitial(today: string, warehouseName: string): TSaleFormState {
  return {
    sale_date: today,
    warehouse_name: warehouseName,
    invoice_number: '',
    customer_name: WALK_IN_CUSTOMER,
    customer_phone: '',
    customer_id: null,
    public_id: newPublicId(),
    payment_method: 'cash',
    payment_status: 'paid',
    amount_customer_paid: '',
    due_date: '',
    partial_payment_amount: '',
    partial_payment_date: today,
    partial_payment_note: '',
    notes: '',
  };
}

const numberOrNull = (value: number | '') => (value === '' ? null : value);

/** The POST /sales/batch body of the form (fields of other payment statuses left out). */
export function saleBatchBody(
  state: TSaleFormState,
  lines: readonly TSaleLine[],
  pricing: TPricingState,
  invoice: { url: string | null; override: boolean },
) {
  const partial = state.payment_status === 'partial';
  return {
    sale_date: state.sale_date,
    warehouse_name: state.warehouse_name || null,
    public_id: state.public_id,
    customer_id: state.customer_id,
    customer_name: state.customer_name,
    customer_phone: state.customer_phone,
    invoice_number: state.invoice_number,
    notes: state.notes,
    items: payloadLines(lines, state.warehouse_name),
    ...pricingPayload(pricing),
    payment_method: state.payment_method,
    payment_status: state.payment_status,
    amount_customer_paid: state.payment_status === 'paid' ? numberOrNull(state.amount_customer_paid) : null,
    due_date: state.payment_status === 'credit' ? state.due_date || null : null,
    partial_payment_amount: partial ? numberOrNull(state.partial_payment_amount) : null,
    partial_payment_date: partial ? state.partial_payment_date || null : null,
    partial_payment_note: partial ? state.partial_payment_note : null,
    invoice_file_url: invoice.url,
    invoice_override: invoice.override,
  };
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The checked sale as it goes on the wire (issue 16 §4: a sale in at most 2 KB up and down): what the server
 * would take as absent anyway is left out — empty and null fields, a line's shown total (the server prices
 * each line) and its warehouse when it is the sale's, no discount, the default VAT rate (or any rate when VAT
 * is off), and no invoice override. Every field the screens read back (items' names, VAT on or off, status,
 * method, customer) stays, so the device's copy of a queued sale still reads and prices the same.
 */
export function compactSaleBody(body: TSaleBatchRequest): TSaleBatchRequest {
  const compact: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) if (!isBlank(value)) compact[name] = value;
  if (body.discount_type === 'none' || !body.discount_value) {
    delete compact.discount_type;
    delete compact.discount_value;
  }
  if (!body.apply_vat || body.vat_rate === DEFAULT_VAT_RATE) delete compact.vat_rate;
  if (body.invoice_override === false) delete compact.invoice_override;
  const warehouse = (body.warehouse_name ?? '').trim().toLowerCase();
  compact.items = body.items.map((line) => {
    const kept: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(line)) if (!isBlank(value)) kept[name] = value;
    delete kept.total_amount;
    if (warehouse && (line.warehouse_name ?? '').trim().toLowerCase() === warehouse)
      delete kept.warehouse_name;
    return kept;
  });
  // The server's defaults (zod) fill what was left out: the same sale.
  return compact as TSaleBatchRequest;
}

/**
 * Spec 2 §5 Sale: the shared schema's numbered messages, lines the warehouse does not list, the
 * compulsory invoice (unless the user may override it), and a real name and phone for a sale that leaves
 * money owed (a walk-in customer pays in full).
 */
export function checkSale(
  body: ReturnType<typeof saleBatchBody>,
  context: {
    hasInvoice: boolean;
    canOverride: boolean;
    lines: TSaleLine[];
  },
): { ok: true; body: TSaleBatchRequest } | { ok: false; problems: TFormProblems } {
  const parsed = ZSaleBatchRequestSchema.safeParse(body);
  const customer = creditCustomerProblems(body);
  const extra = [
    ...Object.values(customer),
    ...missingItemProblems(context.lines, body.warehouse_name ?? '', 'Item'),
    ...(context.hasInvoice || context.canOverride ? [] : [INVOICE_COMPULSORY]),
  ];
  if (parsed.success && extra.length === 0) return { ok: true, body: parsed.data };
  const problems = formProblems(parsed.error, extra);
  for (const [field, message] of Object.entries(customer)) problems.fields[field] ??= message;
  if (!context.hasInvoice && !context.canOverride) problems.fields.invoice = INVOICE_COMPULSORY;
  return { ok: false, problems };
}
