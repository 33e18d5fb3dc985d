import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What the test widget hands back for a test account, as Mono Connect's onSuccess does. */
export const getTestCode = (testAccountKey: string) =>
  api.post<{ code: string }>('/settings/mono/test-code', { test_account_key: testAccountKey });

export function useTestCode() {
  return useMutation({ mutationFn: getTestCode });
}
