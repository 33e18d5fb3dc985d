import { z } from 'zod';
import { ZPublicIdSchema } from '../ids/public-id.ts';
import { countFlag, MAX_ID, optionalText } from './common.ts';
import { quantitySchema, ZOptionalBusinessDateSchema } from './stock.ts';

export const TRANSFER_TYPES = ['warehouse_transfer', 'customer_sale', 'stockout'] as const;
export type TTransferType = (typeof TRANSFER_TYPES)[number];

export const MOVEMENT_MESSAGES = {
  required: 'Please fill all required fields',
  stockoutRequired: 'Please fill all required fields (notes must be at least 5 characters)',
  sameWarehouse: 'Source and destination warehouses must be different',
  otherWarehouse: 'Please create another warehouse to enable transfers',
} as const;
/** Spec 3 §9: a write-off's notes have at least 5 characters. */
export const WRITE_OFF_NOTES_MIN = 5;
/** Spec 3 §9: Movement History shows 20 a page. */
export const MOVEMENT_PAGE_SIZE = 20;

const required = (message: string = MOVEMENT_MESSAGES.required, max = 120) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

/** Spec 3 §9: a quantity not above 0 is one of the form's required fields left unfilled. */
const movementQuantity = (message: string = MOVEMENT_MESSAGES.required) =>
  z.number({ error: message }).pipe(quantitySchema(message));

/** What every movement names: where from, which item (by id, or by name in that warehouse), how many, who. */
const movementFields = {
  source_warehouse: required(),
  item_id: z.number().int().positive().max(MAX_ID).nullish(),
  item_name: z.string().trim().max(120).nullish(),
  quantity: movementQuantity(),
  issued_by: required(),
  notes: optionalText(1000),
  /** The business day of the movement; today when left out. */
  movement_date: ZOptionalBusinessDateSchema,
  public_id: ZPublicIdSchema.optional(),
};

const namesAnItem = (value: { item_id?: number | null; item_name?: string | null }) =>
  Boolean(value.item_id) || Boolean(value.item_name?.trim());

export const ZWarehouseTransferRequestSchema = z
  .object({
    ...movementFields,
    transfer_type: z.literal('warehouse_transfer').optional(),
    destination_warehouse: required(),
    /** The item's name in the destination (a rename); the source's name when empty. */
    item_name_to: optionalText(120),
    received_by: required(),
  })
  .refine(namesAnItem, { error: MOVEMENT_MESSAGES.required, path: ['item_id'] })
  .refine((value) => value.source_warehouse.toLowerCase() !== value.destination_warehouse.toLowerCase(), {
    error: MOVEMENT_MESSAGES.sameWarehouse,
    path: ['destination_warehouse'],
  });
export type TWarehouseTransferRequest = z.infer<typeof ZWarehouseTransferRequestSchema>;

export const ZCustomerSaleRequestSchema = z
  .object({
    ...movementFields,
    transfer_type: z.literal('customer_sale').optional(),
    customer_name: optionalText(200),
  })
  .refine(namesAnItem, { error: MOVEMENT_MESSAGES.required, path: ['item_id'] });
export type TCustomerSaleRequest = z.infer<typeof ZCustomerSaleRequestSchema>;

export const ZStockoutRequestSchema = z
  .object({
    ...movementFields,
    transfer_type: z.literal('stockout').optional(),
    issued_by: required(MOVEMENT_MESSAGES.stockoutRequired),
    quantity: movementQuantity(MOVEMENT_MESSAGES.stockoutRequired),
    notes: z
      .string({ error: MOVEMENT_MESSAGES.stockoutRequired })
      .trim()
      .min(WRITE_OFF_NOTES_MIN, { error: MOVEMENT_MESSAGES.stockoutRequired })
      .max(1000),
  })
  .refine(namesAnItem, { error: MOVEMENT_MESSAGES.stockoutRequired, path: ['item_id'] });
export type TStockoutRequest = z.infer<typeof ZStockoutRequestSchema>;

/** GET /api/b2b/movements and its export: newest first. */
export const ZMovementListQuerySchema = z.object({
  transfer_type: z.enum(TRANSFER_TYPES, { error: 'Unknown transfer type' }).optional(),
  warehouse: z.string().trim().max(100).optional(),
  search: z.string().trim().max(120).optional(),
  start_date: ZOptionalBusinessDateSchema,
  end_date: ZOptionalBusinessDateSchema,
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  count: countFlag(),
});
export type TMovementListQuery = z.infer<typeof ZMovementListQuerySchema>;

export const ZMovementSchema = z.object({
  movement_id: z.number(),
  public_id: z.string(),
  transfer_type: z.enum(TRANSFER_TYPES),
  item_name_from: z.string(),
  item_name_to: z.string().nullable(),
  from_store: z.string(),
  to_store: z.string().nullable(),
  quantity: z.number(),
  issued_by: z.string(),
  received_by: z.string().nullable(),
  customer_name: z.string().nullable(),
  movement_date: z.string(),
  status: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type TMovement = z.infer<typeof ZMovementSchema>;

export const ZMovementRecordedSchema = z.object({ msg: z.string(), movement: ZMovementSchema });

/** GET /api/b2b/inventory/{warehouse}: the items to move, with what is on hand. */
export const ZMovementItemSchema = z.object({
  item_id: z.number(),
  item_name: z.string(),
  closing_balance: z.number(),
  price: z.number(),
  barcode: z.string().nullable(),
});
