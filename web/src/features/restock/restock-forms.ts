/**
 * The Restock forms. Each form's schema checks what the screen owns (empty inputs, the choice of a
 * warehouse, spec 3 §5 messages), turns the values into the request and then runs the domain's
 * request schema (the one the server validates with), so no server rule is written twice. Form
 * fields are named like the request's, so the domain's errors land on the right input.
 */
import { z } from 'zod';
import { nairaToKobo } from '@app/domain/money/money';
import { PARTIAL_BELOW_TOTAL, PARTIAL_NEEDS_AMOUNT } from '@app/domain/money/payment';
import {
  RESTOCK_MESSAGES,
  ZNewItemRequestSchema,
  ZPriceBulkUpdateRequestSchema,
  ZRestockBatchRequestSchema,
} from '@app/domain/schemas/stock';
import type {
  TBatchRestockRequest,
  TNewItemRequest,
  TPaymentMethod,
  TPaymentStatus,
  TPriceUpdateRequest,
} from './restock-types';

export const MESSAGES = {
  itemNameRequired: 'Item name is required',
  quantityNegative: RESTOCK_MESSAGES.quantityNegative,
  unitPriceNegative: RESTOCK_MESSAGES.unitPriceNegative,
  warehouseOrNew: 'Please select a warehouse or create a new one',
  dueDateRequired: 'Due date is required for credit and partial payments',
  supplierRequired: 'Supplier name is required',
  warehouseRequired: RESTOCK_MESSAGES.warehouse,
  noLines: 'Please select at least one item to restock',
  quantityPositive: RESTOCK_MESSAGES.quantitiesAbove0,
  noPriceRows: RESTOCK_MESSAGES.noPriceRows,
  pricesNegative: RESTOCK_MESSAGES.pricesNegative,
  partialAmount: PARTIAL_NEEDS_AMOUNT,
  partialBelowTotal: PARTIAL_BELOW_TOTAL,
  paymentAmount: 'Please enter a valid payment amount',
} as const;

/** A number input's value: a number, or '' while empty. */
export type TNumberValue = number | '';

export type TPaymentFormFields = {
  payment_status: TPaymentStatus;
  payment_method: TPaymentMethod;
  amount_paid: TNumberValue;
  due_date: string;
};

export const defaultPaymentFields = (): TPaymentFormFields => ({
  payment_status: 'paid',
  payment_method: 'cash',
  amount_paid: '',
  due_date: '',
});

/** A number input: '' (empty) gets `required`, below 0 gets `negative`. */
const numberInput = (required: string, negative: string, min = 0) =>
  z.union([z.number(), z.literal('')]).superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: required });
    else if (value < min) ctx.addIssue({ code: 'custom', message: negative });
  });
const requiredString = (message: string) =>
  z.string().refine((value) => value.trim() !== '', { error: message });

const paymentFieldsShape = {
  payment_status: z.enum(['paid', 'partial', 'credit']),
  payment_method: z.enum(['cash', 'transfer', 'cheque', 'card']),
  amount_paid: z.union([z.number(), z.literal('')]),
  due_date: z.string(),
};

/** Due date for credit and partial; a partial amount above 0 and below the total. */
function checkPayment(values: TPaymentFormFields, totalKobo: number | null, ctx: z.RefinementCtx): void {
  if (values.payment_status !== 'paid' && !values.due_date) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.dueDateRequired, path: ['due_date'] });
  }
  if (values.payment_status === 'partial') {
    if (values.amount_paid === '' || !(values.amount_paid > 0)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.partialAmount, path: ['amount_paid'] });
    } else if (totalKobo !== null && nairaToKobo(values.amount_paid) >= totalKobo) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.partialBelowTotal, path: ['amount_paid'] });
    }
  }
}

function paymentPayload(values: TPaymentFormFields) {
  return {
    payment_status: values.payment_status,
    payment_method: values.payment_method,
    ...(values.payment_status === 'partial' && values.amount_paid !== ''
      ? { amount_paid: values.amount_paid }
      : {}),
    ...(values.payment_status !== 'paid' && values.due_date ? { due_date: values.due_date } : {}),
  };
}

const optional = (value: string) => value.trim() || undefined;

/** Line total in kobo: quantity × unit price, each line rounded once. */
export function lineTotalKobo(quantityValue: TNumberValue, unitPrice: TNumberValue): number {
  if (quantityValue === '' || unitPrice === '') return 0;
  return Math.max(0, quantityValue) * nairaToKobo(Math.max(0, unitPrice));
}

// ---------------------------------------------------------------- Add New Item

const MIN_PRICE_NEGATIVE = 'Minimum price cannot be negative';

export type TNewItemForm = TPaymentFormFields & {
  warehouse_mode: 'existing' | 'new';
  warehouse_name: string;
  new_warehouse_name: string;
  access_choice: 'Yes' | 'No';
  item_name: string;
  barcode: string;
  supplied_quantity: TNumberValue;
  reorder_level: TNumberValue;
  unit_price: TNumberValue;
  /** The item's minimum price for staff selling below its price (issue 17 §4); empty: no floor. */
  min_price: TNumberValue;
  supplier_name: string;
  purchase_date: string;
  description: string;
  notes: string;
};

export const newItemInitialValues = (today: string, warehouseName = ''): TNewItemForm => ({
  warehouse_mode: 'existing',
  warehouse_name: warehouseName,
  new_warehouse_name: '',
  access_choice: 'No',
  item_name: '',
  barcode: '',
  supplied_quantity: 1,
  reorder_level: 0,
  unit_price: '',
  min_price: '',
  supplier_name: '',
  purchase_date: today,
  description: '',
  notes: '',
  ...defaultPaymentFields(),
});

export function newItemPayload(values: TNewItemForm, invoiceFileUrl?: string): TNewItemRequest {
  const isNew = values.warehouse_mode === 'new';
  return {
    item_name: values.item_name.trim(),
    barcode: optional(values.barcode),
    supplied_quantity: Number(values.supplied_quantity),
    reorder_level: Number(values.reorder_level),
    unit_price: Number(values.unit_price),
    min_price: values.min_price === '' ? null : Number(values.min_price),
    supplier_name: values.supplier_name.trim(),
    purchase_date: values.purchase_date,
    description: optional(values.description),
    notes: optional(values.notes),
    ...(isNew
      ? { new_warehouse_name: values.new_warehouse_name.trim() }
      : { warehouse_name: values.warehouse_name }),
    access_choice: isNew ? values.access_choice : 'No',
    invoice_file_url: invoiceFileUrl,
    ...paymentPayload(values),
  };
}

export const ZNewItemFormSchema = z
  .object({
    ...paymentFieldsShape,
    warehouse_mode: z.enum(['existing', 'new']),
    warehouse_name: z.string(),
    new_warehouse_name: z.string(),
    access_choice: z.enum(['Yes', 'No']),
    item_name: requiredString(MESSAGES.itemNameRequired),
    barcode: z.string(),
    supplied_quantity: numberInput('Quantity is required', MESSAGES.quantityNegative),
    reorder_level: numberInput('Reorder level is required', 'Reorder level cannot be negative'),
    unit_price: numberInput('Unit price is required', MESSAGES.unitPriceNegative),
    min_price: z.union([z.literal(''), z.number().min(0, { error: MIN_PRICE_NEGATIVE })]),
    supplier_name: requiredString(MESSAGES.supplierRequired),
    purchase_date: requiredString('Purchase date is required'),
    description: z.string(),
    notes: z.string(),
  })
  .superRefine((values, ctx) => {
    const field = values.warehouse_mode === 'existing' ? 'warehouse_name' : 'new_warehouse_name';
    if (!values[field].trim())
      ctx.addIssue({ code: 'custom', message: MESSAGES.warehouseOrNew, path: [field] });
    checkPayment(values, lineTotalKobo(values.supplied_quantity, values.unit_price), ctx);
  })
  .transform((values) => newItemPayload(values))
  .pipe(ZNewItemRequestSchema);

// ---------------------------------------------------------------- Restock Items (batch)

export type TBatchLine = {
  item_id: number;
  item_name: string;
  quantity: TNumberValue;
  unit_price: TNumberValue;
};

export type TBatchForm = TPaymentFormFields & {
  supplier_name: string;
  supplier_phone: string;
  warehouse_name: string;
  purchase_date: string;
  items: TBatchLine[];
  notes: string;
};

export const batchInitialValues = (today: string, warehouseName = ''): TBatchForm => ({
  supplier_name: '',
  supplier_phone: '',
  warehouse_name: warehouseName,
  purchase_date: today,
  items: [],
  notes: '',
  ...defaultPaymentFields(),
});

/** Adds an item as a line, or adds `quantity` to its line when it is already there. */
export function addBatchLine(
  lines: readonly TBatchLine[],
  item: { item_id: number; item_name: string; price: number },
  quantityToAdd = 1,
): TBatchLine[] {
  const index = lines.findIndex((line) => line.item_id === item.item_id);
  if (index === -1) {
    return [
      ...lines,
      { item_id: item.item_id, item_name: item.item_name, quantity: quantityToAdd, unit_price: item.price },
    ];
  }
  return lines.map((line, i) =>
    i === index ? { ...line, quantity: (line.quantity === '' ? 0 : line.quantity) + quantityToAdd } : line,
  );
}

export function batchTotalKobo(lines: readonly TBatchLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalKobo(line.quantity, line.unit_price), 0);
}

export function batchPayload(values: TBatchForm, invoiceFileUrl?: string): TBatchRestockRequest {
  return {
    supplier_name: values.supplier_name.trim(),
    supplier_phone: optional(values.supplier_phone),
    purchase_date: values.purchase_date,
    warehouse_name: values.warehouse_name,
    notes: optional(values.notes),
    invoice_file_url: invoiceFileUrl,
    items: values.items.map((line) => ({
      item_id: line.item_id,
      item_name: line.item_name,
      quantity: Number(line.quantity),
      unit_price: Number(line.unit_price),
    })),
    ...paymentPayload(values),
  };
}

export const ZBatchFormSchema = z
  .object({
    ...paymentFieldsShape,
    supplier_name: requiredString(MESSAGES.supplierRequired),
    supplier_phone: z.string().regex(/^[+\d\s()-]*$/, { error: 'Enter a valid phone number' }),
    warehouse_name: requiredString(MESSAGES.warehouseRequired),
    purchase_date: requiredString('Purchase date is required'),
    notes: z.string(),
    items: z
      .array(
        z.object({
          item_id: z.number(),
          item_name: z.string(),
          quantity: numberInput(MESSAGES.quantityPositive, MESSAGES.quantityPositive, 1),
          unit_price: numberInput('Unit price is required', MESSAGES.unitPriceNegative),
        }),
      )
      .min(1, { error: MESSAGES.noLines }),
  })
  .superRefine((values, ctx) => checkPayment(values, batchTotalKobo(values.items), ctx))
  .transform((values) => batchPayload(values))
  .pipe(ZRestockBatchRequestSchema);

// ---------------------------------------------------------------- Update Prices

export type TPriceRow = {
  item_id: number;
  item_name: string;
  current_price: number;
  new_price: TNumberValue;
  new_barcode: string;
  /** The item's minimum price (issue 17 §4) and the one typed, filled with it; empty: no floor. */
  current_min_price?: number | null;
  new_min_price?: TNumberValue;
};

/** The row's minimum price when it was changed (null clears it); undefined keeps the item's. */
function changedMinPrice(row: TPriceRow): number | null | undefined {
  if (row.new_min_price === undefined) return undefined;
  const typed = row.new_min_price === '' ? null : Number(row.new_min_price);
  return typed === (row.current_min_price ?? null) ? undefined : typed;
}
export type TPriceForm = { warehouse_name: string; updates: TPriceRow[] };

export function priceUpdatePayload(values: TPriceForm): TPriceUpdateRequest {
  return {
    warehouse_name: values.warehouse_name,
    updates: values.updates.map((row) => ({
      item_id: row.item_id,
      new_price: Number(row.new_price),
      ...(changedMinPrice(row) === undefined ? {} : { new_min_price: changedMinPrice(row) }),
      ...(row.new_barcode.trim() ? { new_barcode: row.new_barcode.trim() } : {}),
    })),
  };
}

export const ZPriceFormSchema = z
  .object({
    warehouse_name: requiredString(MESSAGES.warehouseRequired),
    updates: z
      .array(
        z.object({
          item_id: z.number(),
          item_name: z.string(),
          current_price: z.number(),
          new_price: numberInput('Enter the new price', MESSAGES.pricesNegative),
          new_barcode: z.string(),
          current_min_price: z.number().nullable().optional(),
          new_min_price: z
            .union([z.literal(''), z.number().min(0, { error: MIN_PRICE_NEGATIVE })])
            .optional(),
        }),
      )
      .min(1, { error: MESSAGES.noPriceRows }),
  })
  .transform(priceUpdatePayload)
  .pipe(ZPriceBulkUpdateRequestSchema);
