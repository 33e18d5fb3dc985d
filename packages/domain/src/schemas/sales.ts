import { z } from 'zod';
import {
  countFlag,
  MAX_DOCUMENT_NAIRA,
  MAX_DOCUMENT_TEXT,
  MAX_ID,
  ZPathId,
  ZDoneSchema,
  ZEmailSchema,
  digitsAsText,
  hasAtMostTwoDecimals,
  optionalText,
  requiredText,
} from './common.ts';
export { ZDoneSchema } from './common.ts';
import { ZOptionalPhoneSchema } from './customers.ts';
import { ZReviewStatusSchema } from './review-status.ts';
import { ZPublicIdSchema } from '../ids/public-id.ts';
import { ZRecordedAtSchema } from './recorded-at.ts';
import { ZSaleTransferCheckSchema } from './bank.ts';
import {
  checkDueDate,
  ZBusinessDateSchema,
  ZOptionalBusinessDateSchema,
  ZNairaSchema,
  ZPaymentStatusSchema,
} from './stock.ts';

const ZCustomerIdSchema = z
  .number({ error: 'customer_id must be a customer’s id' })
  .int({ error: 'customer_id must be a customer’s id' })
  .positive({ error: 'customer_id must be a customer’s id' })
  .max(MAX_ID, { error: 'customer_id must be a customer’s id' })
  .nullish();

export const WAREHOUSE_REQUIRED = 'Please select a warehouse first.';
export const ITEM_REQUIRED = 'At least one item is required';
export const INVOICE_COMPULSORY =
  'Invoice upload is compulsory. Please upload or capture the invoice before saving the sale.';
export const BACKDATE_DENIED =
  'You do not have permission to backdate sales. The date has been reset to today.';
export const DUE_DATE_REQUIRED = 'Please choose a due date for a credit sale';
export const ALREADY_CONVERTED = 'This proforma has already been converted to a sale';
/** A converted proforma is the quote its sale came from: it stays, so the sale keeps its link to it. */
export const convertedProformaUndeletable = (saleNumber: number | null) =>
  `This proforma was converted into sale ${saleNumber === null ? '' : `#${saleNumber} `}and cannot be deleted.`;
export const UPLOAD_INVOICE_FIRST = 'Upload invoice: please upload an invoice file before conversion.';

/** The name a new sale starts with: most sales are to someone who walks in and pays. */
export const WALK_IN_CUSTOMER = 'Walk-in customer';
export const CREDIT_NAME_REQUIRED = 'A credit or part-paid sale needs the customer’s name';
export const CREDIT_PHONE_REQUIRED = 'A credit or part-paid sale needs the customer’s phone';

/** "Walk-in customer", "Walk-in", "walk in" (any case): no one the business could ask for its money. */
export const isWalkIn = (name: string) => /^walk[\s-]*in(\s+customer)?$/i.test(name.trim());

/** Credit and part-paid sales leave money owed: the business must know who owes it and how to reach them. */
export const owesMoney = (status: string) => status === 'credit' || status === 'partial';

/**
 * The server's rule for a sale owing money: a real name, not the walk-in default (spec-silent; the spec keeps
 * the phone optional, so the server does not ask for one; docs/decisions.md).
 */
export function creditNameProblem(state: { payment_status: string; customer_name: string }): string | null {
  return owesMoney(state.payment_status) && isWalkIn(state.customer_name) ? CREDIT_NAME_REQUIRED : null;
}

/** What the Add Sale form asks of a sale owing money: the server's real name, and a phone to reach them by. */
export function creditCustomerProblems(state: {
  payment_status: string;
  customer_name: string;
  customer_phone: string | null | undefined;
}): { customer_name?: string; customer_phone?: string } {
  if (!owesMoney(state.payment_status)) return {};
  const name = creditNameProblem(state);
  return {
    ...(name ? { customer_name: name } : {}),
    ...((state.customer_phone ?? '').trim() ? {} : { customer_phone: CREDIT_PHONE_REQUIRED }),
  };
}

/** Sales take cash, card, transfer or cheque ("check" on screens); "none" for a credit sale. */
export const ZSalePaymentMethodSchema = z.preprocess(
  (value) => (value === 'check' ? 'cheque' : value === '' || value === null ? undefined : value),
  z
    .enum(['cash', 'card', 'transfer', 'cheque', 'none'], {
      error: 'Payment method must be cash, card, transfer, cheque or none',
    })
    .default('cash'),
);
export type TSalePaymentMethod = 'cash' | 'card' | 'transfer' | 'cheque' | 'none';

export const ZDiscountTypeSchema = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? 'none' : value),
  z.enum(['none', 'percentage', 'fixed'], { error: 'Discount type must be none, percentage or fixed' }),
);

/** A line as the screens send it; checked in `checkLines` so each message carries the line number. */
export const ZSaleLineSchema = z.object({
  item_id: z.unknown().optional(),
  item_name: z.string().max(120).nullish(),
  quantity: z.unknown().optional(),
  unit_price: z.unknown().optional(),
  /** Shown by the screens; the server prices the line itself. */
  total_amount: z.unknown().optional(),
  warehouse_name: optionalText(100),
});
export type TSaleLineInput = z.infer<typeof ZSaleLineSchema>;

export type TCheckedLine = {
  item_id: number;
  item_name: string | null;
  quantity: number;
  unit_price: number;
  warehouse_name: string | null;
};

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID;

/** "Item 2: Quantity must be greater than 0": one numbered message per faulty line. */

export function lineProblems(lines: readonly TSaleLineInput[], label: 'Item' | 'Proforma item'): string[] {
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const prefix = `${label} ${index + 1}`;
    if (line.item_id === undefined || line.item_id === null || line.item_id === '') {
      problems.push(`${prefix}: Please select an item`);
      return;
    }
    if (!isPositiveInteger(line.item_id)) problems.push(`${prefix}: Item ID must be a valid positive number`);
    const quantity = line.quantity;
    if (typeof quantity !== 'number' || !(quantity > 0))
      problems.push(`${prefix}: Quantity must be greater than 0`);
    else if (!Number.isInteger(quantity)) problems.push(`${prefix}: Quantity must be a whole number`);
    else if (quantity > 100_000_000) problems.push(`${prefix}: Quantity must be at most 100,000,000`);
    const price = line.unit_price;
    // The naira rule's own words ("Amount is too large", "… at most two decimals"), said of the unit price.
    const priceRule = ZNairaSchema.safeParse(price).error?.issues[0]?.message.replace(
      /^Amount/,
      'Unit price',
    );
    if (typeof price !== 'number' || !(price > 0))
      problems.push(`${prefix}: Unit price must be greater than 0`);
    else if (priceRule) problems.push(`${prefix}: ${priceRule}`);
    else if (typeof quantity === 'number' && quantity * price > MAX_DOCUMENT_NAIRA)
      problems.push(`${prefix}: Quantity × unit price is too large (at most ${MAX_DOCUMENT_TEXT})`);
  });
  const total = lines.reduce(
    (sum, line) =>
      sum +
      (typeof line.quantity === 'number' && typeof line.unit_price === 'number'
        ? line.quantity * line.unit_price
        : 0),
    0,
  );
  if (problems.length === 0 && total > MAX_DOCUMENT_NAIRA)
    problems.push(`The items add up to more than ${MAX_DOCUMENT_TEXT}`);
  return problems;
}

function checkLines(label: 'Item' | 'Proforma item') {
  return (value: { items: TSaleLineInput[] }, ctx: z.RefinementCtx) => {
    for (const message of lineProblems(value.items, label)) {
      ctx.addIssue({ code: 'custom', path: ['items'], message });
    }
  };
}

const ZItemsSchema = z
  .array(ZSaleLineSchema, { error: ITEM_REQUIRED })
  .min(1, { error: ITEM_REQUIRED })
  .max(200, { error: 'A sale can have at most 200 items' });

const pricingFields = {
  apply_vat: z.boolean().default(true),
  /** Percent; 0 falls back to 7.5. */
  vat_rate: z.number().min(0).max(100, { error: 'VAT rate must be at most 100%' }).nullish(),
  discount_type: ZDiscountTypeSchema,
  /** Percent for "percentage", naira for "fixed". */
  discount_value: z
    .number()
    .min(0, { error: 'Discount cannot be negative' })
    .max(1_000_000_000_000)
    .nullish(),
};

function checkDiscount(
  value: { discount_type: string; discount_value?: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.discount_type === 'percentage' && (value.discount_value ?? 0) > 100) {
    ctx.addIssue({
      code: 'custom',
      path: ['discount_value'],
      message: 'A percentage discount is at most 100%',
    });
  }
  if (value.discount_type === 'fixed' && !hasAtMostTwoDecimals(value.discount_value ?? 0)) {
    ctx.addIssue({
      code: 'custom',
      path: ['discount_value'],
      message: 'A fixed discount can have at most two decimals',
    });
  }
}

export const ZSaleBatchRequestSchema = z
  .object({
    /** Sent by the screens; the server records the signed-in user instead. */
    employee_id: z.unknown().optional(),
    employee_name: z.unknown().optional(),
    /** The sale's public id, when the device named it (a UUID); the server makes one otherwise. */
    public_id: ZPublicIdSchema.optional(),
    /** When a sale recorded offline happened (the device's clock): kept as the sale's creation time. */
    recorded_at: ZRecordedAtSchema.optional(),
    /** The customer-list entry the sale is for (a walk-in has none: the typed name and phone stay). */
    customer_id: ZCustomerIdSchema,
    sale_date: ZBusinessDateSchema,
    /** The sale's warehouse; when absent, the lines' warehouse_name (all the same). */
    warehouse_name: optionalText(100),
    customer_name: requiredText('Customer name', 120),
    customer_phone: ZOptionalPhoneSchema,
    invoice_number: optionalText(60),
    notes: optionalText(1000),
    items: ZItemsSchema,
    ...pricingFields,
    payment_method: ZSalePaymentMethodSchema,
    payment_status: ZPaymentStatusSchema.default('paid'),
    /** What the customer handed over: for a paid sale it may exceed the total (change is given). */
    amount_customer_paid: ZNairaSchema.nullish(),
    due_date: ZOptionalBusinessDateSchema,
    partial_payment_amount: ZNairaSchema.nullish(),
    partial_payment_date: ZOptionalBusinessDateSchema,
    partial_payment_note: optionalText(500),
    invoice_file_url: optionalText(300),
    /** Asks to record without an invoice; honoured only with sales.invoice_override.access. */
    invoice_override: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    checkLines('Item')(value, ctx);
    checkDiscount(value, ctx);
    if (!value.warehouse_name && !value.items.some((line) => line.warehouse_name)) {
      ctx.addIssue({ code: 'custom', path: ['warehouse_name'], message: WAREHOUSE_REQUIRED });
    }
    if (value.payment_status === 'credit' && !value.due_date) {
      ctx.addIssue({ code: 'custom', path: ['due_date'], message: DUE_DATE_REQUIRED });
    }
    checkDueDate(value.due_date, value.sale_date, 'sale', ctx);
    if (
      value.payment_status === 'partial' &&
      !((value.partial_payment_amount ?? value.amount_customer_paid ?? 0) > 0)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['partial_payment_amount'],
        message: 'Please enter the partial payment amount',
      });
    }
    const nameProblem = creditNameProblem(value);
    if (nameProblem) ctx.addIssue({ code: 'custom', path: ['customer_name'], message: nameProblem });
  });
export type TSaleBatchRequest = z.infer<typeof ZSaleBatchRequestSchema>;

/** A later payment against a sale with an outstanding balance. */
export const ZSalePaymentRequestSchema = z.object({
  amount: ZNairaSchema.refine((value) => value > 0, { error: 'Please enter a valid payment amount' }),
  payment_method: ZSalePaymentMethodSchema.refine((method) => method !== 'none', {
    error: 'Choose how the customer paid',
  }),
  payment_date: ZBusinessDateSchema,
  notes: optionalText(500),
});
export type TSalePaymentRequest = z.infer<typeof ZSalePaymentRequestSchema>;

export const SALES_FILTER_TYPES = ['customer_name', 'employee_name', 'customer_phone', 'item_name'] as const;

/** GET /sales: a page of sale lines, newest first. */
export const ZSalesListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Keyset paging: the lines after this one (the previous page's X-Next-Before); `skip` is then not used. */
  before: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  count: countFlag(),
});

export const ZSalesFilterRequestSchema = z.object({
  keyword: optionalText(120),
  /** "" (the "all" choice) is no filter. */
  filter_type: z
    .enum(['', ...SALES_FILTER_TYPES])
    .transform((value) => value || null)
    .nullish(),
  filter_values: z.array(z.string().trim().max(120)).max(200).default([]),
  start_date: ZOptionalBusinessDateSchema,
  end_date: ZOptionalBusinessDateSchema,
  limit: z.number().int().min(1).max(500).default(500),
  /** Keyset paging: the lines after this one (the previous answer's X-Next-Before, the last line's id). */
  before: z.number().int().min(1).max(MAX_ID).optional(),
});
export type TSalesFilterRequest = z.infer<typeof ZSalesFilterRequestSchema>;

export const ZSalesReportQuerySchema = z.object({
  start_date: ZBusinessDateSchema,
  end_date: ZBusinessDateSchema,
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type TSalesReportQuery = z.infer<typeof ZSalesReportQuerySchema>;

export const ZProformaRequestSchema = z
  .object({
    /** The proforma's public id, when the device named it (a UUID). */
    public_id: ZPublicIdSchema.optional(),
    /** The customer-list entry the proforma is for, if any. */
    customer_id: ZCustomerIdSchema,
    customer_name: requiredText('Customer name', 120),
    customer_phone: ZOptionalPhoneSchema,
    warehouse_name: optionalText(100),
    notes: optionalText(1000),
    items: ZItemsSchema,
    ...pricingFields,
  })
  .superRefine((value, ctx) => {
    checkLines('Proforma item')(value, ctx);
    checkDiscount(value, ctx);
    if (!value.warehouse_name && !value.items.some((line) => line.warehouse_name)) {
      ctx.addIssue({ code: 'custom', path: ['warehouse_name'], message: WAREHOUSE_REQUIRED });
    }
  });
export type TProformaRequest = z.infer<typeof ZProformaRequestSchema>;

/** How a converted proforma is paid; by default paid in cash on the day of conversion. */
export const ZProformaConvertRequestSchema = z
  .object({
    payment_method: ZSalePaymentMethodSchema,
    payment_status: ZPaymentStatusSchema.default('paid'),
    amount_paid: ZNairaSchema.nullish(),
    due_date: ZOptionalBusinessDateSchema,
  })
  .default({ payment_method: 'cash', payment_status: 'paid' });
export type TProformaConvertRequest = z.infer<typeof ZProformaConvertRequestSchema>;

export const PDF_FORMATS = ['A4', 'thermal'] as const;
export type TPdfFormat = (typeof PDF_FORMATS)[number];
const ZPdfFormatSchema = z.preprocess(
  (value) =>
    typeof value === 'string' && value.toLowerCase() === 'a4'
      ? 'A4'
      : typeof value === 'string'
        ? value.toLowerCase()
        : value,
  z.enum(PDF_FORMATS, { error: 'Format must be A4 or thermal' }).default('A4'),
);

export const ZProformaPdfRequestSchema = z.object({
  proforma_id: ZPathId,
  format: ZPdfFormatSchema,
});

export const ZReceiptPdfRequestSchema = z.object({
  customer_name: requiredText('Customer name', 120),
  date_raw: ZBusinessDateSchema,
  pdf_format: ZPdfFormatSchema,
  /** One sale of that day only; otherwise every sale of the customer on the date. */
  sale_id: ZPathId.optional(),
});
export type TReceiptPdfRequest = z.infer<typeof ZReceiptPdfRequestSchema>;

export const ZReceiptEmailRequestSchema = z.object({
  customer_email: z
    .string({ error: 'Email address is required' })
    .trim()
    .min(1, { error: 'Email address is required' })
    .pipe(ZEmailSchema),
  customer_name: requiredText('Customer name', 120),
  sale_date: ZBusinessDateSchema,
  pdf_format: ZPdfFormatSchema,
  sale_id: z.number().int().positive().max(MAX_ID).optional(),
});
export type TReceiptEmailRequest = z.infer<typeof ZReceiptEmailRequestSchema>;

export const ZCompanyRequestSchema = z.object({
  tenant_name: requiredText('Business name', 120),
  phone_number: ZOptionalPhoneSchema,
  address: optionalText(300),
  account_number: digitsAsText(
    z
      .string()
      .trim()
      .regex(/^\d{0,20}$/, { error: 'Account number is digits only' })
      .nullish()
      .transform((value) => (value ? value : null)),
  ),
  bank_name: optionalText(120),
  account_name: optionalText(120),
});
export type TCompanyRequest = z.infer<typeof ZCompanyRequestSchema>;

/** Answers of the sales calls (docs/sales-api.md): money in naira, dates as YYYY-MM-DD, instants ISO. */
const ZSaleMethod = z.enum(['cash', 'card', 'transfer', 'cheque', 'none']);
const ZSaleStatus = z.enum(['paid', 'partial', 'credit']);
const ZDiscountType = z.enum(['none', 'percentage', 'fixed']);
/** How a sale or proforma was priced, as both answer it. */
const pricedFields = {
  subtotal: z.number(),
  vat_rate: z.number(),
  vat_amount: z.number(),
  discount_type: ZDiscountType,
  discount_value: z.number(),
  discount_amount: z.number(),
  grand_total: z.number(),
};

/** The business's details printed on receipts and proformas (Settings → Company). */
export const ZCompanySchema = z.object({
  tenant_name: z.string(),
  phone_number: z.string().nullable(),
  address: z.string().nullable(),
  account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_name: z.string().nullable(),
  /** `/api/files/{id}`, read with the signed-in user's token. */
  logo_url: z.string().nullable(),
});
export type TCompany = z.infer<typeof ZCompanySchema>;

/** A generated PDF as the receipt and proforma calls hand it over. */
export const ZPdfFileSchema = z.object({ pdf_base64: z.string(), filename: z.string() });
export type TPdfFile = z.infer<typeof ZPdfFileSchema>;

/** The sale row of the List and Filter tabs: one row per line of a sale. */
export const ZSaleRowSchema = z.object({
  sale_id: z.number().int(),
  sale_number: z.number().int(),
  line_id: z.number().int(),
  sale_date: z.string(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  employee_name: z.string().nullable(),
  warehouse_name: z.string(),
  invoice_number: z.string().nullable(),
  item_id: z.number().int(),
  item_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number(),
  total_amount: z.number(),
  grand_total: z.number(),
  amount_paid: z.number(),
  outstanding: z.number(),
  payment_status: ZSaleStatus,
  payment_method: ZSaleMethod,
  /** How the sale's money came in, in order (the method at recording, then later payments'); empty while unpaid. */
  payment_methods: z.array(z.string()).optional(),
  created_at: z.string(),
  /** Whether its transfer money reached the linked bank ("Has this transfer arrived?"); null: none by transfer. */
  transfer_check: ZSaleTransferCheckSchema.nullable().optional(),
  /** The sale's review mark (Admin Review): verified or flagged, by whom and when; null while unreviewed. */
  review: ZReviewStatusSchema.optional(),
});
export type TSaleRow = z.infer<typeof ZSaleRowSchema>;

/** A whole sale: its lines, pricing and payment. */
export const ZSaleSchema = z.object({
  sale_id: z.number().int(),
  public_id: z.string(),
  /** The business's own number for the sale (from 1, no gaps): what receipts print. */
  sale_number: z.number().int(),
  sale_date: z.string(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  employee_name: z.string().nullable(),
  warehouse_name: z.string(),
  invoice_number: z.string().nullable(),
  invoice_file_url: z.string().nullable(),
  notes: z.string().nullable(),
  items: z.array(
    z.object({
      line_id: z.number().int(),
      item_id: z.number().int(),
      item_name: z.string(),
      quantity: z.number().int(),
      unit_price: z.number(),
      total_amount: z.number(),
    }),
  ),
  ...pricedFields,
  amount_paid: z.number(),
  outstanding: z.number(),
  payment_status: ZSaleStatus,
  payment_method: ZSaleMethod,
  /** On receipts: how the sale's money came in, in order (the method at recording, then later payments'). */
  payment_methods: z.array(z.string()).optional(),
  due_date: z.string().nullable(),
  proforma_id: z.number().int().nullable(),
  created_at: z.string(),
  /** In the Pending list: as the sale row's `transfer_check`. */
  transfer_check: ZSaleTransferCheckSchema.nullable().optional(),
});
export type TSale = z.infer<typeof ZSaleSchema>;

export const ZSalesReportSchema = z.object({
  start_date: z.string(),
  end_date: z.string(),
  totals: z.object({
    total_sales: z.number(),
    total_paid: z.number(),
    total_credit: z.number(),
    total_expenses: z.number(),
    expenses_paid: z.number(),
    profit: z.number(),
    /**
     * Whether the business's expenses are counted (the MD, or an employee with the Expenses key): without it
     * total_expenses and expenses_paid are 0 and profit is total_sales.
     */
    expenses_included: z.boolean(),
    total_vat: z.number(),
    cost_of_goods_sold: z.number(),
    gross_profit: z.number(),
    sales_count: z.number().int(),
  }),
  payment_method_summary: z.array(
    z.object({ payment_method: z.string(), total_sales: z.number(), count: z.number().int() }),
  ),
  timeseries: z.array(z.object({ sale_date: z.string(), total_sales: z.number() })),
  top_products: z.array(
    z.object({ item_name: z.string(), quantity_sold: z.number(), total_sales: z.number() }),
  ),
  top_customers: z.array(
    z.object({ customer_name: z.string(), total_spent: z.number(), purchases: z.number().int() }),
  ),
  /**
   * What live sales of the range took off their items' prices (issue 17 §4): lines sold below the item's
   * price and discounts given, in all and per employee (the most taken off first).
   */
  price_overrides: z
    .object({
      sales_count: z.number().int(),
      below_price_lines: z.number().int(),
      below_price_total: z.number(),
      discounted_sales: z.number().int(),
      discount_total: z.number(),
      by_employee: z.array(
        z.object({
          employee_name: z.string(),
          sales_count: z.number().int(),
          below_price_total: z.number(),
          discount_total: z.number(),
        }),
      ),
    })
    .optional(),
});
export type TSalesReport = z.infer<typeof ZSalesReportSchema>;

export const ZProformaSchema = z.object({
  proforma_id: z.number().int(),
  public_id: z.string(),
  /** The business's own number for the proforma (from 1, no gaps): what its PDF prints. */
  proforma_number: z.number().int(),
  date: z.string(),
  created_at: z.string(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  warehouse_name: z.string(),
  items: z.array(
    z.object({
      item_id: z.number().int(),
      item_name: z.string(),
      quantity: z.number().int(),
      unit_price: z.number(),
      total_amount: z.number(),
      warehouse_name: z.string(),
    }),
  ),
  ...pricedFields,
  notes: z.string().nullable(),
  status: z.enum(['pending', 'converted']),
  invoice_url: z.string().nullable(),
  sale_id: z.number().int().nullable(),
  /** The business's number of the sale it was converted to. */
  sale_number: z.number().int().nullable(),
  converted_at: z.string().nullable(),
});
export type TProforma = z.infer<typeof ZProformaSchema>;

export const ZConversionResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  proforma_id: z.number().int(),
  sale_id: z.number().int(),
  /** The business's number of the new sale. */
  sale_number: z.number().int(),
  items_count: z.number().int(),
  inventory_updates: z.array(
    z.object({
      item_id: z.number().int(),
      item_name: z.string(),
      action: z.enum(['created', 'updated', 'skipped', 'failed']),
      stock_out: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
});
export type TConversionResult = z.infer<typeof ZConversionResultSchema>;

/** GET /sales/customers: without `search` every known customer (list and sales); with it, a picker's page. */
export const ZSalesCustomersQuerySchema = z.object({
  search: z.string().trim().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TSalesCustomersQuery = z.infer<typeof ZSalesCustomersQuerySchema>;

/** A customer to pick on a sale, proforma or receipt; a search also says which is on the customer list. */
export const ZSalesCustomerSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  /** With `search` only: the customer-list entry, null for a name only sales carry. */
  customer_id: z.number().int().nullable().optional(),
  /** With `search` only: the customer list's e-mail (receipts are sent to it), null when none is kept. */
  email: z.string().nullable().optional(),
});
export type TSalesCustomer = z.infer<typeof ZSalesCustomerSchema>;

/** GET /sales/filter-options: the values the sales list can be filtered by. */
export const ZSalesFilterOptionsSchema = z.object({
  customer_names: z.array(z.string()),
  employee_names: z.array(z.string()),
  customer_phones: z.array(z.string()),
  item_names: z.array(z.string()),
});
export type TSalesFilterOptions = z.infer<typeof ZSalesFilterOptionsSchema>;

/** POST /sales/proforma/{proforma_id}/upload-invoice: where the invoice is served, and the proforma with it. */
export const ZProformaInvoiceUploadSchema = z.object({
  invoice_url: z.string(),
  proforma: ZProformaSchema,
});
export type TProformaInvoiceUpload = z.infer<typeof ZProformaInvoiceUploadSchema>;

/** POST /sales/batch: the sale as recorded. */
export const ZSaleRecordedSchema = ZDoneSchema.extend({ sale_id: z.number().int(), sale: ZSaleSchema });
export type TSaleRecorded = z.infer<typeof ZSaleRecordedSchema>;

/** POST /sales/proforma: the proforma as created. */
export const ZProformaCreatedSchema = ZDoneSchema.extend({
  proforma_id: z.number().int(),
  proforma: ZProformaSchema,
});
export type TProformaCreated = z.infer<typeof ZProformaCreatedSchema>;

/** POST /sales/{sale_id}/payments: the sale after the payment. */
export const ZSalePaidSchema = ZDoneSchema.extend({ sale: ZSaleSchema });
export type TSalePaid = z.infer<typeof ZSalePaidSchema>;

/** POST /sales/receipt/email: the e-mail is queued (the outbox sends it). */
export const ZReceiptEmailQueuedSchema = ZDoneSchema.extend({
  email_id: z.number().int(),
  status: z.literal('pending'),
});
export type TReceiptEmailQueued = z.infer<typeof ZReceiptEmailQueuedSchema>;

/** GET /sales/receipt/email/{email_id}: where the e-mail stands. */
export const ZReceiptEmailStatusSchema = z.object({
  email_id: z.number().int(),
  status: z.enum(['pending', 'sent', 'failed', 'held']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type TReceiptEmailStatus = z.infer<typeof ZReceiptEmailStatusSchema>;

/** GET /dashboard/dashboard-stats: the cards' figures, null where the caller may not see one. */
export const ZDashboardStatsSchema = z.object({
  total_sales: z.number().nullable(),
  inventory_items: z.number().int().nullable(),
  active_customers: z.number().int().nullable(),
  employees: z.number().int().nullable(),
});
export type TDashboardStats = z.infer<typeof ZDashboardStatsSchema>;
