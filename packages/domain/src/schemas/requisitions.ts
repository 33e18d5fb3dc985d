import { z } from 'zod';
import { ZPublicIdSchema } from '../ids/public-id.ts';
import { countFlag, MAX_ID, optionalText } from './common.ts';
import {
  quantitySchema,
  RESTOCK_MESSAGES,
  ZOptionalBusinessDateSchema,
  ZSelectedWarehouseSchema,
} from './stock.ts';

/** Spec 3 §9: the Requisitions list shows 20 a page. */
export const REQUISITION_PAGE_SIZE = 20;

export const REQUISITION_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
export type TRequisitionStatus = (typeof REQUISITION_STATUSES)[number];

export const REQUISITION_MESSAGES = {
  warehouse: RESTOCK_MESSAGES.warehouse,
  reason: 'Please provide a reason for the requisition',
  items: 'Please ensure all items have valid names and quantities',
  notFound: 'Requisition not found',
  /** Only the person who asked for a requisition (or the MD) changes it: an approver must not set what they approve. */
  editOwn: 'You can only edit your own requisitions',
  noOfficer: 'No inventory officer email configured. Please set it up in Settings.',
} as const;

const ZReasonSchema = z
  .string({ error: REQUISITION_MESSAGES.reason })
  .trim()
  .min(1, { error: REQUISITION_MESSAGES.reason })
  .max(1000, { error: 'The reason is at most 1000 characters' });
const ZItemNameSchema = z
  .string({ error: REQUISITION_MESSAGES.items })
  .trim()
  .min(1, { error: REQUISITION_MESSAGES.items })
  .max(120, { error: REQUISITION_MESSAGES.items });
const ZRequestedQuantitySchema = z
  .number({ error: REQUISITION_MESSAGES.items })
  .pipe(quantitySchema(REQUISITION_MESSAGES.items));

/** A drawn signature as a PNG data URL (or bare base64): at most about 1 MB. */
export const ZSignatureSchema = z
  .string()
  .max(1_500_000, { error: 'The signature is too large' })
  .nullish()
  .transform((value) => (value ? value : null));

/** One item of a request: by name in the warehouse (the form's searchable box), or by id. */
export const ZRequisitionItemSchema = z
  .object({
    item: ZItemNameSchema.optional(),
    item_id: z.number().int().positive().max(MAX_ID).nullish(),
    quantity: ZRequestedQuantitySchema,
  })
  .refine((line) => line.item !== undefined || Boolean(line.item_id), {
    error: REQUISITION_MESSAGES.items,
    path: ['item'],
  });

/** POST /api/requisitions/batch: one requisition row per item, sharing the reason, signature and reference. */
export const ZRequisitionBatchRequestSchema = z.object({
  warehouse_name: ZSelectedWarehouseSchema,
  reason: ZReasonSchema,
  /** Whom the request is for: one of the business's people (the caller when left out). */
  employee_id: z.number().int().positive().max(MAX_ID).nullish(),
  /** Shown back from the employee's account; a name sent here is not stored. */
  employee_name: optionalText(200),
  signature_base64: ZSignatureSchema,
  items: z
    .array(ZRequisitionItemSchema, { error: REQUISITION_MESSAGES.items })
    .min(1, { error: REQUISITION_MESSAGES.items })
    .max(100, { error: 'A request has at most 100 items' }),
  public_id: ZPublicIdSchema.optional(),
});
export type TRequisitionBatchRequest = z.infer<typeof ZRequisitionBatchRequestSchema>;

/** POST /api/requisitions (multipart) and PUT /api/requisitions/{id}: one item. */
export const ZRequisitionRequestSchema = z.object({
  warehouse_name: ZSelectedWarehouseSchema,
  item: ZItemNameSchema,
  quantity: ZRequestedQuantitySchema,
  reason: ZReasonSchema,
  employee_id: z.number().int().positive().max(MAX_ID).nullish(),
  signature_base64: ZSignatureSchema,
});
export type TRequisitionRequest = z.infer<typeof ZRequisitionRequestSchema>;

export const ZRemarkRequestSchema = z.object({ remark: optionalText(1000) });

/** GET /api/requisitions and /filter: newest first. `q` searches item, reason, employee and warehouse. */
export const ZRequisitionListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(REQUISITION_PAGE_SIZE),
  status: z.enum(REQUISITION_STATUSES, { error: 'Status must be Pending, Approved or Rejected' }).optional(),
  q: z.string().trim().max(120).optional(),
  start_date: ZOptionalBusinessDateSchema,
  end_date: ZOptionalBusinessDateSchema,
  before: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  count: countFlag(),
});
export type TRequisitionListQuery = z.infer<typeof ZRequisitionListQuerySchema>;

export const ZRequisitionSchema = z.object({
  requisition_id: z.number(),
  public_id: z.string(),
  request_ref: z.string(),
  submitted_at: z.string(),
  employee_id: z.number().nullable(),
  employee_name: z.string().nullable(),
  /** Who asked for it (the user id); only they, or the MD, may edit it. Null once that account is gone. */
  requested_by_id: z.number().nullable(),
  warehouse_name: z.string(),
  item_id: z.number(),
  item: z.string(),
  quantity: z.number(),
  reason: z.string(),
  remark: z.string().nullable(),
  status: z.enum(REQUISITION_STATUSES),
  /** The drawn signature's PNG (read with the bearer token), or null. */
  signature: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
});
export type TRequisition = z.infer<typeof ZRequisitionSchema>;

export const ZRequisitionCreatedSchema = z.object({
  msg: z.string(),
  email_sent: z.boolean(),
  officer_email_configured: z.boolean(),
  requisitions: z.array(ZRequisitionSchema),
});

export const ZRequisitionExportQuerySchema = ZRequisitionListQuerySchema.omit({
  skip: true,
  limit: true,
  before: true,
  count: true,
}).extend({ format: z.enum(['csv', 'excel'], { error: 'Format must be csv or excel' }).default('csv') });

export const ZExportFileSchema = z.object({
  content_base64: z.string(),
  content_type: z.string(),
  filename: z.string(),
});
