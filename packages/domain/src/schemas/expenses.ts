import { z } from 'zod';
import { ZReviewStatusSchema } from './review-status.ts';
import { ZPublicIdSchema } from '../ids/public-id.ts';
import { ZRecordedAtSchema } from './recorded-at.ts';
import { EXPENSE_FILE_TOO_LARGE } from '../files/uploads.ts';
import {
  countFlag,
  MAX_DOCUMENT_NAIRA,
  MAX_DOCUMENT_TEXT,
  MAX_ID,
  optionalText,
  requiredText,
} from './common.ts';
import {
  ZBusinessDateSchema,
  ZOptionalBusinessDateSchema,
  ZNairaSchema,
  ZPaymentMethodSchema,
  ZPaymentStatusSchema,
  ZPurchasePaymentRequestSchema,
  checkDueDate,
  checkPayment,
} from './stock.ts';

/** Spec 3 §9: the Expenses list shows 10 a page. */
export const EXPENSE_PAGE_SIZE = 10;

export const EXPENSE_NOT_FOUND = 'Expense not found';
export const INVALID_TOTAL = 'Please enter a valid total amount';

const ZExpenseTotalSchema = ZNairaSchema.refine((value) => value > 0, { error: INVALID_TOTAL }).refine(
  (value) => value <= MAX_DOCUMENT_NAIRA,
  { error: `An expense can be at most ${MAX_DOCUMENT_TEXT}` },
);

/** The fields of an expense as the form sends them (spec 3 §2.2). */
const expenseFields = {
  vendor_name: requiredText('Vendor name', 200),
  total_amount: ZExpenseTotalSchema,
  expense_date: ZBusinessDateSchema,
  /** One of the business's own people; the caller when left out. */
  employee_id: z
    .number()
    .int()
    .positive()
    .max(MAX_ID, { error: 'Choose an employee of this business' })
    .nullish(),
  /** Shown back from the employee's account; a name sent here is not stored. */
  employee_name: optionalText(200),
  payment_status: ZPaymentStatusSchema,
  payment_method: ZPaymentMethodSchema,
  amount_paid: ZNairaSchema.nullish(),
  due_date: ZOptionalBusinessDateSchema,
  invoice_number: optionalText(100),
  invoice_file_url: optionalText(300),
  notes: optionalText(1000),
};

/** Partial needs an amount above 0 and below the total; credit and partial need a due date. */
function checkExpensePayment(
  value: {
    total_amount: number;
    payment_status: string;
    amount_paid?: number | null;
    due_date?: string | null;
    expense_date: string;
  },
  ctx: z.RefinementCtx,
) {
  checkPayment(value, ctx);
  checkDueDate(value.due_date, value.expense_date, 'expense', ctx);
  if (value.payment_status === 'partial' && value.amount_paid && value.amount_paid >= value.total_amount) {
    ctx.addIssue({
      code: 'custom',
      path: ['amount_paid'],
      message: 'Partial payment amount must be less than total amount',
    });
  }
}

/** POST /api/expenses/json. */
export const ZExpenseRequestSchema = z
  .object({
    ...expenseFields,
    public_id: ZPublicIdSchema.optional(),
    /** When an expense recorded offline happened (the device's clock): kept as its creation time. */
    recorded_at: ZRecordedAtSchema.optional(),
  })
  .superRefine(checkExpensePayment);
export type TExpenseRequest = z.infer<typeof ZExpenseRequestSchema>;

/**
 * PUT /api/expenses/{id}: the fields to change (the others keep their values). Without payment_status the
 * amount paid stays and the status follows the new total; with it, the form states the whole amount paid.
 */
export const ZExpenseUpdateRequestSchema = z
  .object({ ...expenseFields, expense_id: z.number().int().positive().max(MAX_ID).optional() })
  .partial();
export type TExpenseUpdateRequest = z.infer<typeof ZExpenseUpdateRequestSchema>;

/** The full set of an expense's fields after an update, checked as a new expense is. */
export const ZExpenseEditedSchema = z.object(expenseFields).superRefine(checkExpensePayment);

/** POST /api/expenses/payments. */
export const ZExpensePaymentRequestSchema = ZPurchasePaymentRequestSchema.extend({
  expense_id: z.number({ error: 'expense_id is required' }).int().positive().max(MAX_ID),
});
export type TExpensePaymentRequest = z.infer<typeof ZExpensePaymentRequestSchema>;

/** POST /api/expenses/upload-invoice-base64: a camera capture (a data URL or bare base64). */
export const ZInvoiceBase64RequestSchema = z.object({
  data_base64: z.string({ error: 'data_base64 is required' }).min(1).max(15_000_000, {
    error: EXPENSE_FILE_TOO_LARGE,
  }),
  filename: optionalText(200),
  content_type: optionalText(100),
});
export type TInvoiceBase64Request = z.infer<typeof ZInvoiceBase64RequestSchema>;

/** GET /api/expenses (and /pending, /range): newest first; `before` (an expense id) pages by keyset. */
export const ZExpenseListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(EXPENSE_PAGE_SIZE),
  search: z.string().trim().max(120).optional(),
  payment_status: ZPaymentStatusSchema.optional(),
  start_date: ZOptionalBusinessDateSchema,
  end_date: ZOptionalBusinessDateSchema,
  before: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  count: countFlag(),
});
export type TExpenseListQuery = z.infer<typeof ZExpenseListQuerySchema>;

export const ZExpenseSchema = z.object({
  expense_id: z.number(),
  public_id: z.string(),
  vendor_name: z.string(),
  expense_date: z.string(),
  invoice_number: z.string().nullable(),
  invoice_file_url: z.string().nullable(),
  total_amount: z.number(),
  amount_paid: z.number(),
  amount_balance: z.number(),
  payment_method: z.enum(['cash', 'transfer', 'cheque', 'card']),
  due_date: z.string().nullable(),
  payment_status: z.enum(['paid', 'partial', 'credit']),
  employee_id: z.number().nullable(),
  employee_name: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  /** The expense's review mark (Admin Review); null while unreviewed. */
  review: ZReviewStatusSchema.optional(),
});
export type TExpense = z.infer<typeof ZExpenseSchema>;

/** GET /api/expenses/employees: whom the form's Employee box offers. */
export const ZExpenseEmployeeSchema = z.object({
  employee_id: z.number(),
  name: z.string(),
  role: z.enum(['md', 'employee']),
});
export type TExpenseEmployee = z.infer<typeof ZExpenseEmployeeSchema>;

/** What creating or editing answers: the expense as it now stands, and in words. */
export const ZExpenseSavedSchema = ZExpenseSchema.extend({ msg: z.string() });
export const ZExpensePaidSchema = z.object({ msg: z.string(), expense: ZExpenseSchema });
