import type { TExpense } from '@app/domain/schemas/expenses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { expensesKeys } from './expenses-keys';

export const getExpense = (id: number) => api.get<TExpense>(`/expenses/${id}`);

export function useExpense(id: number | null) {
  return useQuery({
    ...queryOptions({ queryKey: expensesKeys.one(id ?? 0), queryFn: () => getExpense(id!) }),
    enabled: id !== null,
    retry: false,
  });
}
