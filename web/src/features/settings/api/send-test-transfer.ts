import { useMutation } from '@tanstack/react-query';
import type { TTestCredit, TTestCreditRequest } from '@app/domain/schemas/bank';
import { api } from '../../../lib/api-client';

/** "Send a test transfer" into a linked test account (test mode only). */
export const sendTestTransfer = (body: TTestCreditRequest) =>
  api.post<TTestCredit>('/settings/mono/test-credits', body);

export function useSendTestTransfer() {
  return useMutation({ mutationFn: sendTestTransfer });
}
