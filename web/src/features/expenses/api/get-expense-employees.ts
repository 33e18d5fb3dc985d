import type { TExpenseEmployee } from '@app/domain/schemas/expenses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { expensesKeys } from './expenses-keys';

export const getExpenseEmployees = () => api.get<TExpenseEmployee[]>('/expenses/employees');

export function useExpenseEmployees() {
  return useQuery(
    queryOptions({ queryKey: expensesKeys.employees(), queryFn: getExpenseEmployees, staleTime: 5 * 60_000 }),
  );
}
