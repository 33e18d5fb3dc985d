import type { TExpenseFilters } from '../utils/expense-form';

/** Query keys of the Expenses screen, one factory for the feature. */
export const expensesKeys = {
  all: ['expenses'] as const,
  lists: () => [...expensesKeys.all, 'list'] as const,
  list: (tab: 'all' | 'pending', filters: TExpenseFilters, skip: number) =>
    [...expensesKeys.lists(), tab, filters, skip] as const,
  one: (id: number) => [...expensesKeys.all, 'one', id] as const,
  employees: () => [...expensesKeys.all, 'employees'] as const,
};
