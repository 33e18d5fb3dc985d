import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSale } from '@app/domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

export type TReceiptQuery = { date: string; customer_name: string };

/** That customer's sales on that date (the name compared case-insensitively). */
export const getSalesForReceipt = ({ date, customer_name }: TReceiptQuery) =>
  api.get<TSale[]>('/sales/for-receipt', { query: { date, customer_name } });

export const getSalesForReceiptQueryOptions = (query: TReceiptQuery) =>
  queryOptions({
    queryKey: salesKeys.forReceipt(query.date, query.customer_name),
    queryFn: () => getSalesForReceipt(query),
  });

/** Loads once the Load Sales button has been pressed (`query` null before). */
export function useSalesForReceipt(query: TReceiptQuery | null) {
  return useQuery({
    ...getSalesForReceiptQueryOptions(query ?? { date: '', customer_name: '' }),
    enabled: query !== null,
  });
}
