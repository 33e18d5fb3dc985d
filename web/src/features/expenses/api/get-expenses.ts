import type { TExpense } from '@app/domain/schemas/expenses';
import { EXPENSE_PAGE_SIZE } from '@app/domain/schemas/expenses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type TPage } from '../../../lib/api-client';
import type { TExpenseFilters } from '../utils/expense-form';
import { expensesKeys } from './expenses-keys';

export type TExpenseTab = 'all' | 'pending';

/** One page of the tab's expenses (10, newest first) with the server's X-Total-Count. */
export const getExpenses = (
  tab: TExpenseTab,
  filters: TExpenseFilters,
  skip: number,
): Promise<TPage<TExpense>> =>
  api.getPage<TExpense>(tab === 'pending' ? '/expenses/pending' : '/expenses', {
    query: {
      skip,
      limit: EXPENSE_PAGE_SIZE,
      search: filters.search.trim() || undefined,
      payment_status: filters.payment_status || undefined,
      start_date: filters.start_date || undefined,
      end_date: filters.end_date || undefined,
    },
  });

export const getExpensesQueryOptions = (tab: TExpenseTab, filters: TExpenseFilters, skip: number) =>
  queryOptions({
    queryKey: expensesKeys.list(tab, filters, skip),
    queryFn: () => getExpenses(tab, filters, skip),
    placeholderData: keepPreviousData,
  });

export function useExpenses(tab: TExpenseTab, filters: TExpenseFilters, skip: number, enabled = true) {
  return useQuery({ ...getExpensesQueryOptions(tab, filters, skip), enabled });
}
