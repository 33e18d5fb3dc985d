import { useMutation } from '@tanstack/react-query';
import type { TFeedbackRequest } from '@app/domain/schemas/feedback';
import { api } from '../../../lib/api-client';

export const submitFeedback = (body: TFeedbackRequest) => api.post<{ success: boolean }>('/feedback', body);

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
