import { ZFeedbackRequestSchema } from '@app/domain/schemas/feedback';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TFeedbackService } from './feedback.service.ts';

export const feedbackRoutes =
  (feedback: TFeedbackService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/feedback',
      {
        config: { access: access.signedIn() },
        schema: {
          summary: 'Send feedback',
          tags: ['feedback'],
          body: ZFeedbackRequestSchema,
          response: { 201: z.object({ success: z.boolean(), id: z.number().int() }) },
        },
      },
      async (request, reply) => reply.status(201).send(await feedback.submit(actorOf(request), request.body)),
    );
  };
