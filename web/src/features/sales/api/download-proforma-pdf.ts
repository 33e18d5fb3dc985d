import { useMutation } from '@tanstack/react-query';
import type { TPdfFormat } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import type { TPdfFile } from '@app/domain/schemas/sales';

export type TProformaPdfInput = { proforma_id: number; format: TPdfFormat };

export const getProformaPdf = (input: TProformaPdfInput) => api.post<TPdfFile>('/sales/proforma/pdf', input);

export function useProformaPdf() {
  return useMutation({ mutationFn: getProformaPdf });
}
