/**
 * The three movement forms' values and checks: the spec's messages (spec 3 §5) for what the screen owns,
 * then the domain's request schema, the one the server validates with.
 */
import { z } from 'zod';
import { businessDate } from '@app/domain/dates/business-date';
import {
  MOVEMENT_MESSAGES,
  ZCustomerSaleRequestSchema,
  ZStockoutRequestSchema,
  ZWarehouseTransferRequestSchema,
  type TTransferType,
} from '@app/domain/schemas/movements';

export type TMovementFilters = {
  search: string;
  transfer_type: '' | TTransferType;
  warehouse: string;
  start_date: string;
  end_date: string;
};
export const NO_FILTERS: TMovementFilters = {
  search: '',
  transfer_type: '',
  warehouse: '',
  start_date: '',
  end_date: '',
};

export type TMovementFormValues = {
  source_warehouse: string;
  destination_warehouse: string;
  /** The source item's id as the select holds it. */
  item_id: string;
  item_name_to: string;
  quantity: number | '';
  issued_by: string;
  received_by: string;
  customer_name: string;
  notes: string;
  movement_date: string;
};

export const newMovementValues = (source = '', destination = ''): TMovementFormValues => ({
  source_warehouse: source,
  destination_warehouse: destination,
  item_id: '',
  item_name_to: '',
  quantity: 1,
  issued_by: '',
  received_by: '',
  customer_name: '',
  notes: '',
  movement_date: businessDate(),
});

/** The request a form sends (only its type's fields). */
export function movementBody(type: TTransferType, values: TMovementFormValues): Record<string, unknown> {
  const optional = (text: string) => text.trim() || null;
  const common = {
    source_warehouse: values.source_warehouse,
    item_id: values.item_id ? Number(values.item_id) : null,
    quantity: values.quantity === '' ? 0 : values.quantity,
    issued_by: values.issued_by,
    movement_date: values.movement_date || null,
  };
  if (type === 'warehouse_transfer')
    return {
      ...common,
      destination_warehouse: values.destination_warehouse,
      item_name_to: optional(values.item_name_to),
      received_by: values.received_by,
      notes: optional(values.notes),
    };
  if (type === 'customer_sale')
    return { ...common, customer_name: optional(values.customer_name), notes: optional(values.notes) };
  return { ...common, notes: values.notes };
}

const REQUEST_SCHEMAS = {
  warehouse_transfer: ZWarehouseTransferRequestSchema,
  customer_sale: ZCustomerSaleRequestSchema,
  stockout: ZStockoutRequestSchema,
} as const;

/** The form's check: a chosen item and a whole quantity of 1 or more, then the request's rules. */
export const movementFormSchema = (type: TTransferType) =>
  z
    .looseObject({ item_id: z.string(), quantity: z.union([z.number(), z.literal('')]) })
    .superRefine((values, ctx) => {
      const message = type === 'stockout' ? MOVEMENT_MESSAGES.stockoutRequired : MOVEMENT_MESSAGES.required;
      if (!values.item_id) ctx.addIssue({ code: 'custom', path: ['item_id'], message });
      if (values.quantity === '' || values.quantity < 1)
        ctx.addIssue({ code: 'custom', path: ['quantity'], message });
    })
    .transform((values) => movementBody(type, values as unknown as TMovementFormValues))
    .pipe(REQUEST_SCHEMAS[type] as z.ZodType<unknown, Record<string, unknown>>);
