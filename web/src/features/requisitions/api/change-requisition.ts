import type { TRequisition } from '@app/domain/schemas/requisitions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client';
import type { TRequisitionBody } from '../utils/requisition-form';
import { requisitionsKeys } from './requisitions-keys';

type TCreated = {
  msg: string;
  email_sent: boolean;
  officer_email_configured: boolean;
  requisitions: TRequisition[];
};
type TChanged = { msg: string; requisition: TRequisition };

export const createRequisitions = ({
  body,
  idempotencyKey,
}: {
  body: TRequisitionBody;
  idempotencyKey: string;
}) => api.post<TCreated>('/requisitions/batch', body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** The edit goes as multipart (spec 3 §7), with status Pending and notes set to the reason. */
export function updateRequisition({ id, body }: { id: number; body: TRequisitionBody }) {
  const line = body.items[0]!;
  const data = new FormData();
  data.append('warehouse_name', body.warehouse_name);
  data.append('item', line.item ?? '');
  data.append('quantity', String(line.quantity));
  data.append('reason', body.reason);
  data.append('notes', body.reason);
  data.append('status', 'Pending');
  if (body.employee_id) data.append('employee_id', String(body.employee_id));
  if (body.signature_base64) data.append('signature', body.signature_base64);
  return apiRequest<TChanged>(`/requisitions/${id}`, { method: 'PUT', multipart: data });
}

export type TRequisitionAction =
  { kind: 'approve' | 'reject' | 'delete'; id: number } | { kind: 'remark'; id: number; remark: string };

export function runRequisitionAction(action: TRequisitionAction) {
  if (action.kind === 'delete') return api.delete<{ msg: string }>(`/requisitions/${action.id}`);
  if (action.kind === 'remark')
    return api.put<TChanged>(`/requisitions/${action.id}/remark`, { remark: action.remark });
  return api.post<TChanged>(`/requisitions/${action.id}/${action.kind}`);
}

/** Every change refreshes the list and the item stock the form shows. */
function useInvalidating<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requisitionsKeys.all }),
  });
}

export const useCreateRequisitions = () => useInvalidating(createRequisitions);
export const useUpdateRequisition = () => useInvalidating(updateRequisition);
export const useRequisitionAction = () => useInvalidating(runRequisitionAction);
