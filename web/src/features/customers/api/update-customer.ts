import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomer, TCustomerRequest } from '@app/domain/schemas/customers';
import { api } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export type TUpdateCustomerInput = { customer_id: number; customer: TCustomerRequest };

export const updateCustomer = ({ customer_id, customer }: TUpdateCustomerInput) =>
  api.put<TCustomer>(`/customers/${customer_id}`, customer);

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKeys.lists() }),
  });
}
