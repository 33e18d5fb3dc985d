import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTestBank } from '@app/domain/schemas/bank';
import { api } from '../../../lib/api-client';
import { bankPosKeys } from './bank-pos-keys';

/** The test widget's banks and accounts (test mode only). */
export const getTestBanks = () => api.get<TTestBank[]>('/settings/mono/test-banks');

export function useTestBanks(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: bankPosKeys.testBanks(), queryFn: getTestBanks, enabled }));
}
