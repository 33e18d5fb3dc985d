import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { expensesKeys } from './expenses-keys';

export const deleteExpense = (id: number) => api.delete<{ msg: string }>(`/expenses/${id}`);

export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesKeys.all }),
  });
}
