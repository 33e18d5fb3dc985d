import type { TCustomerMetrics } from '@app/domain/schemas/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customersKeys } from './customers-keys';

export type { TCustomerMetrics } from '@app/domain/schemas/customers';

export const getCustomerMetrics = () => api.get<TCustomerMetrics>('/customers/metrics');

export const getCustomerMetricsQueryOptions = () =>
  queryOptions({ queryKey: customersKeys.metrics(), queryFn: getCustomerMetrics });

/** The Total count; a failure is ignored by the screen (spec 2 §8). */
export function useCustomerMetrics() {
  return useQuery(getCustomerMetricsQueryOptions());
}
