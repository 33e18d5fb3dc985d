import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPriceLimits } from '@app/domain/schemas/price-limits';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export const priceLimitsKey = () => [...settingsKeys.all, 'price-limits'] as const;

export const getPriceLimits = () => api.get<TPriceLimits>('/settings/price-limits');

/** Read only when `enabled` (the MD's screen). */
export function usePriceLimits(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: priceLimitsKey(), queryFn: getPriceLimits, enabled }));
}
