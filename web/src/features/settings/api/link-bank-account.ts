import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMonoLinked, TMonoLinkRequest } from '@app/domain/schemas/bank';
import { api } from '../../../lib/api-client';
import { bankPosKeys } from './bank-pos-keys';

/** Links the account behind the code Mono Connect (or the test widget) handed over. */
export const linkBankAccount = (body: TMonoLinkRequest) => api.post<TMonoLinked>('/settings/mono/link', body);

export function useLinkBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkBankAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankPosKeys.linkedAccounts() }),
  });
}
