import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bankPosKeys } from './bank-pos-keys';

export const disconnectBankAccount = (accountId: number) =>
  api.delete<{ msg: string }>(`/settings/linked-accounts/${accountId}`);

export function useDisconnectBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectBankAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankPosKeys.linkedAccounts() }),
  });
}
