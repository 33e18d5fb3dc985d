import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export const deleteCustomer = (customerId: number) =>
  api.delete<{ success: boolean; message: string }>(`/customers/${customerId}`);

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKeys.all }),
  });
}
