import type { TFeedbackRequest } from '@app/domain/schemas/feedback';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { createFeedbackRepository } from './feedback.repository.ts';

export function createFeedbackService(deps: { db: Database }) {
  const repo = createFeedbackRepository(deps.db);
  return {
    /** The sender is the signed-in caller; a user_id in the body is not trusted. */
    async submit(actor: TActor, input: TFeedbackRequest) {
      const id = await repo.insert({
        tenantId: actor.tenantId,
        userId: actor.userId,
        name: input.name,
        email: input.email,
        feedback: input.feedback,
      });
      return { success: true, id };
    },
  };
}

export type TFeedbackService = ReturnType<typeof createFeedbackService>;
