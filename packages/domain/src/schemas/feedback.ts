import { z } from 'zod';
import { ZEmailSchema, requiredText } from './common.ts';

export const ZFeedbackRequestSchema = z.object({
  name: requiredText('Name', 100),
  email: ZEmailSchema,
  feedback: requiredText('Feedback', 5000),
  user_id: z.number().int().nullable().optional(),
});
export type TFeedbackRequest = z.infer<typeof ZFeedbackRequestSchema>;
