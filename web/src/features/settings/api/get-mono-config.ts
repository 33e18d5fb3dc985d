import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMonoConfig } from '@app/domain/schemas/bank';
import { api } from '../../../lib/api-client';
import { bankPosKeys } from './bank-pos-keys';

/** Whether the server speaks to Mono (and the widget's public key) or to its test stand-in. */
export const getMonoConfig = () => api.get<TMonoConfig>('/settings/mono/config');

export function useMonoConfig() {
  return useQuery(
    queryOptions({ queryKey: bankPosKeys.monoConfig(), queryFn: getMonoConfig, staleTime: Infinity }),
  );
}
