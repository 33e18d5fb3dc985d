import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCustomer, TCustomerRequest } from '@app/domain/schemas/customers';
import { api } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export const createCustomer = (input: TCustomerRequest) => api.post<TCustomer>('/customers', input);

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKeys.all }),
  });
}
