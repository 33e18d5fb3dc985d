import { z } from 'zod';
import { ZRecordedAtSchema } from './recorded-at.ts';
import { ZReviewStatusSchema } from './review-status.ts';
import {
  digitsAsText,
  hasAtMostTwoDecimals,
  MAX_DOCUMENT_NAIRA,
  MAX_DOCUMENT_TEXT,
  MAX_ID,
  optionalText,
  requiredText,
  ZDoneSchema,
} from './common.ts';

const isRealDate = (value: string) =>
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A calendar date YYYY-MM-DD that exists. */
export const ZBusinessDateSchema = z
  .string({ error: 'Date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date must be YYYY-MM-DD' })
  .refine(isRealDate, { error: 'Date is not a real date' });

/** A date that may be left out: missing, null or empty (a cleared date box sends "") all mean none. */
export const ZOptionalBusinessDateSchema = z
  .string({ error: 'Date must be YYYY-MM-DD' })
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'Date must be YYYY-MM-DD' })
  .refine((value) => value === '' || isRealDate(value), { error: 'Date is not a real date' })
  .transform((value) => value || null)
  .nullish();

/** Naira with at most two decimals, as money crosses the API. */
/** A naira amount; `negative` is what a screen says of one below 0 ("Prices cannot be negative"). */
export const nairaSchema = (negative = 'Amount cannot be negative') =>
  z
    .number({ error: 'Amount must be a number' })
    .nonnegative({ error: negative, abort: true })
    .max(1_000_000_000_000, { error: 'Amount is too large', abort: true })
    .refine(hasAtMostTwoDecimals, {
      error: 'Amount can have at most two decimals',
    });
export const ZNairaSchema = nairaSchema();

/** A whole quantity above 0, refused in a screen's words: `notAbove0` for 0, `negative` below it. */
export const quantitySchema = (notAbove0 = 'Quantity must be above 0', negative = notAbove0) =>
  z
    .number({ error: 'Quantity must be a number' })
    .max(100_000_000, { error: 'Quantity is too large', abort: true })
    .int({ error: 'Quantity must be a whole number' })
    .nonnegative({ error: negative, abort: true })
    .positive({ error: notAbove0 });
export const ZQuantitySchema = quantitySchema();

/** Spec 3 §5: the Restock screens' words, which the server answers with too. */
export const RESTOCK_MESSAGES = {
  warehouse: 'Please select a warehouse',
  quantityNegative: 'Quantity cannot be negative',
  unitPriceNegative: 'Unit price cannot be negative',
  quantitiesAbove0: 'All quantities must be greater than 0',
  noPriceRows: 'Please select at least one item to update',
  pricesNegative: 'Prices cannot be negative',
} as const;

/** A warehouse chosen from a list: "Please select a warehouse" when none is (Restock, Requisitions). */
export const ZSelectedWarehouseSchema = z
  .string({ error: RESTOCK_MESSAGES.warehouse })
  .trim()
  .min(1, { error: RESTOCK_MESSAGES.warehouse })
  .max(100, { error: 'Warehouse must be at most 100 characters' });

export const ZPaymentStatusSchema = z.enum(['paid', 'partial', 'credit'], {
  error: 'Payment status must be paid, partial or credit',
});
/** The screens offer "check"; it is sent and stored as "cheque". */
export const ZPaymentMethodSchema = z.preprocess(
  (value) => (value === 'check' ? 'cheque' : value),
  z.enum(['cash', 'transfer', 'cheque', 'card'], {
    error: 'Payment method must be cash, transfer, cheque or card',
  }),
);

export const ZBarcodeSchema = z
  .string()
  .trim()
  .max(64, { error: 'Barcode is at most 64 characters' })
  .regex(/^[\x21-\x7E]*$/, { error: 'Barcode has characters a scanner cannot produce' })
  .nullish()
  .transform((value) => (value ? value : null));

const paymentFields = {
  payment_status: ZPaymentStatusSchema.default('paid'),
  payment_method: ZPaymentMethodSchema.default('cash'),
  amount_paid: ZNairaSchema.nullish(),
  /** The spec's payload name for the amount paid (spec 3 §3); `amount_paid` wins when both are sent. */
  total_price_paid: ZNairaSchema.nullish(),
  due_date: ZOptionalBusinessDateSchema,
};

/** What a new purchase says was paid at once, under either of its names. */
export function purchasePaidAtOnce(value: { amount_paid?: number | null; total_price_paid?: number | null }) {
  return value.amount_paid ?? value.total_price_paid ?? null;
}

/** Partial needs an amount above 0; credit and partial need a due date. */
export const OWED_DUE_DATE_REQUIRED = 'Due date is required for credit and partial payments';

/** Money owed cannot fall due before the document it is owed on: a due date before it is a slip. */
export function checkDueDate(
  dueDate: string | null | undefined,
  documentDate: string,
  document: 'sale' | 'purchase' | 'expense',
  ctx: z.RefinementCtx,
) {
  if (dueDate && dueDate < documentDate)
    ctx.addIssue({
      code: 'custom',
      path: ['due_date'],
      message: `The due date cannot be before the ${document} date`,
    });
}

export function checkPayment(
  value: { payment_status: string; amount_paid?: number | null; due_date?: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.payment_status !== 'paid' && !value.due_date) {
    ctx.addIssue({
      code: 'custom',
      path: ['due_date'],
      message: OWED_DUE_DATE_REQUIRED,
    });
  }
  if (value.payment_status === 'partial' && !(value.amount_paid && value.amount_paid > 0)) {
    ctx.addIssue({
      code: 'custom',
      path: ['amount_paid'],
      message: 'Please enter the partial payment amount',
    });
  }
}

/** Issue 17 §4: an item's floor is at most its price. */
export const MIN_PRICE_ABOVE_PRICE = 'The minimum price cannot be above the selling price';

export const ZNewItemRequestSchema = z
  .object({
    item_name: requiredText('Item name', 120),
    barcode: ZBarcodeSchema,
    supplied_quantity: quantitySchema('Quantity must be above 0', RESTOCK_MESSAGES.quantityNegative),
    reorder_level: z.number().int().min(0).max(100_000_000).default(0),
    unit_price: nairaSchema(RESTOCK_MESSAGES.unitPriceNegative),
    /** The selling price; defaults to the unit price paid. */
    selling_price: ZNairaSchema.nullish(),
    /** The lowest price staff who may sell below the price may charge (issue 17 §4); empty: no floor. */
    min_price: ZNairaSchema.nullish(),
    supplier_name: requiredText('Supplier name', 120),
    purchase_date: ZBusinessDateSchema,
    description: optionalText(1000),
    notes: optionalText(1000),
    warehouse_name: optionalText(100),
    new_warehouse_name: optionalText(100),
    access_choice: z.enum(['Yes', 'No']).default('No'),
    invoice_file_url: optionalText(300),
    ...paymentFields,
  })
  .superRefine((value, ctx) => {
    if (value.supplied_quantity * value.unit_price > MAX_DOCUMENT_NAIRA) {
      ctx.addIssue({
        code: 'custom',
        path: ['unit_price'],
        message: `Quantity × unit price is too large (at most ${MAX_DOCUMENT_TEXT})`,
      });
    }
    if (!value.warehouse_name && !value.new_warehouse_name) {
      ctx.addIssue({
        code: 'custom',
        path: ['warehouse_name'],
        message: 'Please select a warehouse or create a new one',
      });
    }
    if (typeof value.min_price === 'number' && value.min_price > (value.selling_price ?? value.unit_price)) {
      ctx.addIssue({ code: 'custom', path: ['min_price'], message: MIN_PRICE_ABOVE_PRICE });
    }
    checkPayment({ ...value, amount_paid: purchasePaidAtOnce(value) }, ctx);
    checkDueDate(value.due_date, value.purchase_date, 'purchase', ctx);
  });
export type TNewItemRequest = z.infer<typeof ZNewItemRequestSchema>;

export const ZRestockLineSchema = z
  .object({
    item_id: z.number().int().positive().max(MAX_ID).nullish(),
    item_name: optionalText(120),
    quantity: quantitySchema(RESTOCK_MESSAGES.quantitiesAbove0),
    unit_price: nairaSchema(RESTOCK_MESSAGES.unitPriceNegative),
  })
  .refine((line) => line.item_id || line.item_name, {
    error: 'Each line needs an item',
    path: ['item_name'],
  })
  .refine((line) => line.quantity * line.unit_price <= MAX_DOCUMENT_NAIRA, {
    error: `Quantity × unit price is too large (at most ${MAX_DOCUMENT_TEXT})`,
    path: ['unit_price'],
  });

export const ZRestockBatchRequestSchema = z
  .object({
    supplier_name: requiredText('Supplier name', 120),
    supplier_phone: digitsAsText(optionalText(40)),
    purchase_date: ZBusinessDateSchema,
    warehouse_name: ZSelectedWarehouseSchema,
    notes: optionalText(1000),
    invoice_file_url: optionalText(300),
    items: z
      .array(ZRestockLineSchema)
      .min(1, { error: 'Please select at least one item to restock' })
      .max(200),
    ...paymentFields,
  })
  .superRefine((value, ctx) => {
    const total = value.items.reduce((sum, line) => sum + line.quantity * line.unit_price, 0);
    if (total > MAX_DOCUMENT_NAIRA) {
      ctx.addIssue({
        code: 'custom',
        path: ['items'],
        message: `The items add up to more than ${MAX_DOCUMENT_TEXT}`,
      });
    }
    checkPayment({ ...value, amount_paid: purchasePaidAtOnce(value) }, ctx);
    checkDueDate(value.due_date, value.purchase_date, 'purchase', ctx);
  });
export type TRestockBatchRequest = z.infer<typeof ZRestockBatchRequestSchema>;

export const ZPriceBulkUpdateRequestSchema = z.object({
  warehouse_name: ZSelectedWarehouseSchema,
  updates: z
    .array(
      z
        .object({
          item_id: z.number().int().positive().max(MAX_ID),
          new_price: nairaSchema(RESTOCK_MESSAGES.pricesNegative),
          new_barcode: ZBarcodeSchema,
          /** The item's new minimum price; null clears it, absent keeps it. */
          new_min_price: nairaSchema(RESTOCK_MESSAGES.pricesNegative).nullish(),
        })
        .refine(
          (update) => !(typeof update.new_min_price === 'number' && update.new_min_price > update.new_price),
          {
            error: MIN_PRICE_ABOVE_PRICE,
            path: ['new_min_price'],
          },
        ),
    )
    .min(1, { error: RESTOCK_MESSAGES.noPriceRows })
    .max(1000),
});
export type TPriceBulkUpdateRequest = z.infer<typeof ZPriceBulkUpdateRequestSchema>;

export const ZPurchasePaymentRequestSchema = z.object({
  amount: ZNairaSchema.refine((value) => value > 0, { error: 'Please enter a valid payment amount' }),
  payment_method: ZPaymentMethodSchema,
  payment_date: ZBusinessDateSchema,
  notes: optionalText(500),
});
export type TPurchasePaymentRequest = z.infer<typeof ZPurchasePaymentRequestSchema>;

export const ZReturnItemRequestSchema = z.object({
  item_id: z.number({ error: 'Please select an item' }).int().positive().max(MAX_ID),
  return_quantity: ZQuantitySchema,
  selected_date: ZBusinessDateSchema,
  access_code: z
    .string({ error: 'Access code is required' })
    .min(1, { error: 'Access code is required' })
    .max(64),
  /** When a return recorded offline happened (the device's clock): kept as the return's creation time. */
  recorded_at: ZRecordedAtSchema.optional(),
});
export type TReturnItemRequest = z.infer<typeof ZReturnItemRequestSchema>;

/** A day's corrected figure: a whole number above zero (spec 2 §5, "Please enter a valid quantity"). */
const correctedFigure = z
  .number({ error: 'Please enter a valid quantity' })
  .int({ error: 'Please enter a valid quantity' })
  .min(1, { error: 'Please enter a valid quantity' })
  .max(100_000_000)
  .optional();

export const ZInventoryUpdateRequestSchema = z
  .object({
    log_date: ZBusinessDateSchema,
    notes: optionalText(500),
    supplied_quantity: correctedFigure,
    stock_out: correctedFigure,
    return_quantity: correctedFigure,
  })
  .refine(
    (value) =>
      [value.supplied_quantity, value.stock_out, value.return_quantity].filter((v) => v !== undefined)
        .length === 1,
    { error: 'Give exactly one of supplied_quantity, stock_out or return_quantity' },
  );
export type TInventoryUpdateRequest = z.infer<typeof ZInventoryUpdateRequestSchema>;

export const ZAccessCodeRequestSchema = z.object({
  code: z
    .string({ error: 'Please enter an access code' })
    .trim()
    .min(1, { error: 'Please enter an access code', abort: true })
    .min(4, { error: 'Access code must be at least 4 characters' })
    .max(32, { error: 'Access code must be at most 32 characters' }),
});
export type TAccessCodeRequest = z.infer<typeof ZAccessCodeRequestSchema>;

/** GET /settings/access-code: whether a code is set (the code itself is kept only as a hash). */
export const ZAccessCodeStatusSchema = z.object({ is_set: z.boolean(), updated_at: z.string().nullable() });
export type TAccessCodeStatus = z.infer<typeof ZAccessCodeStatusSchema>;

/** PUT /settings/access-code/generate: a new code, shown this once. */
export const ZGeneratedAccessCodeSchema = z.object({ access_code: z.string() });
export type TGeneratedAccessCode = z.infer<typeof ZGeneratedAccessCodeSchema>;

/** A purchase as the restock calls answer it (money in naira). */
export const ZPurchaseSchema = z.object({
  purchase_id: z.number().int(),
  public_id: z.string(),
  item_id: z.number().int(),
  item_name: z.string(),
  warehouse_name: z.string(),
  supplier_name: z.string(),
  supplier_phone: z.string().nullable(),
  supplied_quantity: z.number().int(),
  unit_price: z.number(),
  total_price_paid: z.number(),
  amount_paid: z.number(),
  outstanding: z.number(),
  purchase_date: z.string(),
  due_date: z.string().nullable(),
  payment_status: z.enum(['paid', 'partial', 'credit']),
  payment_method: z.enum(['cash', 'transfer', 'cheque', 'card']),
  invoice_file_url: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  /** The purchase the line belongs to (a restock batch is one purchase): a payment is made on all of it. */
  purchase_total: z.number(),
  purchase_amount_paid: z.number(),
  purchase_outstanding: z.number(),
  purchase_line_count: z.number().int(),
  /** The purchase's review mark (Admin Review); null while unreviewed. */
  review: ZReviewStatusSchema.optional(),
});
export type TPurchase = z.infer<typeof ZPurchaseSchema>;

/** GET /restock/summary: the Restock Reports cards and Recent Activity, for the purchases the filters match. */
export const ZRestockSummarySchema = z.object({
  total_purchases: z.number().int(),
  total_amount: z.number(),
  outstanding: z.number(),
  items_restocked: z.number().int(),
  units_restocked: z.number().int(),
  warehouses: z.number().int(),
  /** The latest purchases, newest first (at most 5). */
  recent: z.array(ZPurchaseSchema),
});
export type TRestockSummary = z.infer<typeof ZRestockSummarySchema>;

/** An item as the item maps answer it, keyed by its name (price in naira). */
export const ZItemMapEntrySchema = z.object({
  item_id: z.number().int(),
  price: z.number(),
  barcode: z.string().nullable(),
  closing_balance: z.number().int(),
  reorder_level: z.number().int(),
  warehouse_name: z.string(),
  /** The item's minimum price for staff selling below its price; null: none. */
  min_price: z.number().nullable().optional(),
});
export const ZItemMapSchema = z.record(z.string(), ZItemMapEntrySchema);
export type TItemMap = z.infer<typeof ZItemMapSchema>;

/** A row of the inventory daily log: one item on one date. */
export const ZDailyLogSchema = z.object({
  log_date: z.string(),
  item_id: z.number().int(),
  item_name: z.string(),
  warehouse_name: z.string(),
  open_balance: z.number().int(),
  supplied_quantity: z.number().int(),
  return_quantity: z.number().int(),
  stock_out: z.number().int(),
  closing_balance: z.number().int(),
  reorder_level: z.number().int(),
});
export type TDailyLog = z.infer<typeof ZDailyLogSchema>;

/** An item at or below its reorder level. */
export const ZLowStockSchema = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  warehouse_name: z.string(),
  closing_balance: z.number().int(),
  reorder_level: z.number().int(),
});
export type TLowStock = z.infer<typeof ZLowStockSchema>;

/** GET /inventory/reports/summary: per period and item, the stock's movement. */
export const ZInventoryReportRowSchema = z.object({
  period: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  item_id: z.number().int(),
  item_name: z.string(),
  warehouse_name: z.string(),
  total_open_stock: z.number().int(),
  total_stock_in: z.number().int(),
  total_returned: z.number().int(),
  total_stock_out: z.number().int(),
  total_closing_stock: z.number().int(),
});
export type TInventoryReportRow = z.infer<typeof ZInventoryReportRowSchema>;

/** GET /inventory/adjustments: the latest corrections of past days, newest first. */
export const ZInventoryAdjustmentSchema = z.object({
  adjustment_id: z.number().int(),
  item_id: z.number().int(),
  item_name: z.string(),
  log_date: z.string(),
  /** Named as the update call names it. */
  field: z.enum(['supplied_quantity', 'return_quantity', 'stock_out']),
  old_value: z.number().int(),
  new_value: z.number().int(),
  notes: z.string().nullable(),
  created_at: z.string(),
  user_name: z.string().nullable(),
});
export type TInventoryAdjustment = z.infer<typeof ZInventoryAdjustmentSchema>;

/** A warehouse the caller may use (GET /warehouses and the screens' own lists). */
export const ZWarehouseSchema = z.object({
  warehouse_id: z.number().int(),
  warehouse_name: z.string(),
  access_all: z.boolean(),
});
export type TWarehouse = z.infer<typeof ZWarehouseSchema>;

/** A warehouse as the MD grants it to an employee. */
export const ZEmployeeWarehouseSchema = ZWarehouseSchema.extend({ can_access: z.boolean() });
export type TEmployeeWarehouse = z.infer<typeof ZEmployeeWarehouseSchema>;

/** POST /settings/employee-warehouses/{employee_id}: which warehouses the employee may use. */
export const ZWarehouseGrantsRequestSchema = z
  .array(
    z.object({
      warehouse_id: z.number().int().positive().max(MAX_ID),
      can_access: z.boolean(),
    }),
  )
  .max(1000);
export type TWarehouseGrant = z.infer<typeof ZWarehouseGrantsRequestSchema>[number];

/** POST /restock/new-item: the item and its first purchase (purchase_id: its line). */
export const ZNewItemRecordedSchema = ZDoneSchema.extend({
  item_id: z.number().int(),
  purchase_id: z.number().int(),
  warehouse_name: z.string(),
});
export type TNewItemRecorded = z.infer<typeof ZNewItemRecordedSchema>;

/** POST /restock/batch: the purchase's lines (the API's purchase_ids). */
export const ZRestockRecordedSchema = ZDoneSchema.extend({ purchase_ids: z.array(z.number().int()) });
export type TRestockRecorded = z.infer<typeof ZRestockRecordedSchema>;

/** POST /restock/price-bulk-update: how many items changed. */
export const ZPricesUpdatedSchema = ZDoneSchema.extend({ updated: z.number().int() });
export type TPricesUpdated = z.infer<typeof ZPricesUpdatedSchema>;

/** GET /sales/barcode/item (and the restock and inventory screens' lookups): the item a barcode names. */
export const ZBarcodeItemSchema = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  price: z.number(),
  warehouse_name: z.string(),
});
export type TBarcodeItem = z.infer<typeof ZBarcodeItemSchema>;

/** POST /inventory/return-item: how many units came back. */
export const ZItemReturnedSchema = ZDoneSchema.extend({ return_quantity: z.number().int() });
export type TItemReturned = z.infer<typeof ZItemReturnedSchema>;

/** DELETE /inventory/item/{item_id}. */
export const ZItemDeletedSchema = z.object({ msg: z.string() });
export type TItemDeleted = z.infer<typeof ZItemDeletedSchema>;
