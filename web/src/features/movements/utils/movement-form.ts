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
import { formatCount } from '../../../lib/format';

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

/**
 * The form's check: a chosen item and a whole quantity of 1 or more, and the request's rules, all at once, so
 * every empty field is marked on the first Submit (not the item first and the rest after it is chosen).
 */
export const movementFormSchema = (type: TTransferType) =>
  z
    .looseObject({ item_id: z.string(), quantity: z.union([z.number(), z.literal('')]) })
    .superRefine((values, ctx) => {
      const message = type === 'stockout' ? MOVEMENT_MESSAGES.stockoutRequired : MOVEMENT_MESSAGES.required;
      const saidOf = new Set<string>();
      if (!values.item_id) saidOf.add('item_id');
      if (values.quantity === '' || values.quantity < 1) saidOf.add('quantity');
      for (const field of saidOf) ctx.addIssue({ code: 'custom', path: [field], message });
      const request = REQUEST_SCHEMAS[type].safeParse(
        movementBody(type, values as unknown as TMovementFormValues),
      );
      for (const issue of request.error?.issues ?? []) {
        if (saidOf.has(String(issue.path[0]))) continue;
        ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
      }
    });

type TNamedStock = { item_name: string; closing_balance: number };

/**
 * What a transfer does at the destination, said before it is sent: the units join an item the destination
 * already has (the server matches the name without case), or make a new one. Joining an item of another name
 * than the source's is the one to warn about: two products' stock would become one.
 */
export function destinationNote(
  sourceName: string | null,
  typedName: string,
  destinationItems: readonly TNamedStock[],
  warehouse: string,
): { warn: boolean; text: string } | null {
  const name = typedName.trim() || sourceName;
  if (!name || !warehouse) return null;
  const existing = destinationItems.find((item) => item.item_name.toLowerCase() === name.toLowerCase());
  if (!existing) return { warn: false, text: `${warehouse} gets a new item, ${name}.` };
  const stock = `${formatCount(existing.closing_balance)} in stock`;
  if (sourceName !== null && existing.item_name.toLowerCase() !== sourceName.toLowerCase())
    return {
      warn: true,
      text: `${warehouse} already has ${existing.item_name} (${stock}): these units of ${sourceName} will be added to it.`,
    };
  return { warn: false, text: `Adds to ${existing.item_name} in ${warehouse} (${stock}).` };
}
