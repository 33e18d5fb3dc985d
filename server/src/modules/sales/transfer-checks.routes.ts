import { ZTransferCheckRequestSchema, ZTransferCheckResultSchema } from '@app/domain/schemas/bank';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TTransferChecksService } from './transfer-checks.service.ts';

/** Asked from the Sales list and its Pending tab: whoever may open the sales screen may ask. */
export const transferChecksRoutes =
  (checks: TTransferChecksService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/sales/transfer-checks',
      {
        config: { access: access.permission('sales.page.access') },
        schema: {
          summary:
            'Has this transfer arrived? Look for a sale’s (or one payment’s) transfer in the linked bank',
          tags: ['sales'],
          body: ZTransferCheckRequestSchema,
          response: { 200: ZTransferCheckResultSchema },
        },
      },
      async (request) => checks.check(actorOf(request), request.body),
    );
  };
