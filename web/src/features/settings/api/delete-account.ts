import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDeleteAccountRequest, TDeleteAccountResponse } from '@app/domain/schemas/settings-account';
import { api } from '../../../lib/api-client';

export const deleteAccount = (request: TDeleteAccountRequest) =>
  api.post<TDeleteAccountResponse>('/settings/delete-account', request);

/** A removed employee leaves every list of people (here and on the dashboard), so every query is refreshed. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (response) => {
      if (response.account_type === 'employee') void queryClient.invalidateQueries();
    },
  });
}
