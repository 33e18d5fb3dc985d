/**
 * The requisition form's values and check: the screen's messages (spec 3 §5), then the domain's request
 * schema, the one the server validates with.
 */
import { z } from 'zod';
import {
  REQUISITION_MESSAGES,
  ZRequisitionBatchRequestSchema,
  type TRequisitionStatus,
} from '@app/domain/schemas/requisitions';

export type TRequisitionFilters = {
  q: string;
  status: '' | TRequisitionStatus;
  start_date: string;
  end_date: string;
};
export const NO_FILTERS: TRequisitionFilters = { q: '', status: '', start_date: '', end_date: '' };

export type TRequisitionLine = {
  key: string;
  item: string;
  price: number | null;
  in_stock: number | null;
  /** '' while the box is empty. */
  quantity: number | '';
};

export type TRequisitionFormValues = {
  warehouse_name: string;
  /** The employee's id as the select holds it. */
  employee_id: string;
  reason: string;
  lines: TRequisitionLine[];
};

export type TRequisitionBody = z.input<typeof ZRequisitionBatchRequestSchema>;

export function requisitionBody(values: TRequisitionFormValues, signature: string | null): TRequisitionBody {
  return {
    warehouse_name: values.warehouse_name,
    reason: values.reason,
    employee_id: values.employee_id ? Number(values.employee_id) : null,
    signature_base64: signature,
    items: values.lines.map((line) => ({
      item: line.item,
      quantity: line.quantity === '' ? 0 : line.quantity,
    })),
  };
}

/** The screen's three messages first (spec 3 §5), then the request's own rules. */
export const requisitionFormSchema = z
  .object({
    warehouse_name: z
      .string()
      .refine((value) => value.trim() !== '', { error: REQUISITION_MESSAGES.warehouse }),
    employee_id: z.string(),
    reason: z.string().refine((value) => value.trim() !== '', { error: REQUISITION_MESSAGES.reason }),
    lines: z
      .array(z.object({ item: z.string(), quantity: z.union([z.number(), z.literal('')]) }).loose())
      .refine(
        (lines) =>
          lines.length > 0 &&
          lines.every((line) => line.item.trim() !== '' && line.quantity !== '' && line.quantity >= 1),
        { error: REQUISITION_MESSAGES.items },
      ),
  })
  .transform((values) => requisitionBody(values as TRequisitionFormValues, null))
  .pipe(ZRequisitionBatchRequestSchema);
