import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLinkedAccount } from '@app/domain/schemas/bank';
import { api } from '../../../lib/api-client';
import { bankPosKeys } from './bank-pos-keys';

export const getLinkedAccounts = () => api.get<TLinkedAccount[]>('/settings/linked-accounts');

export function useLinkedAccounts() {
  return useQuery(queryOptions({ queryKey: bankPosKeys.linkedAccounts(), queryFn: getLinkedAccounts }));
}
