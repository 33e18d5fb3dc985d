import { ZPriceLimitsRequestSchema, ZPriceLimitsSchema } from '@app/domain/schemas/price-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TPriceLimitsService } from './price-limits.service.ts';

const URL = '/api/settings/price-limits';

export const priceLimitsRoutes =
  (limits: TPriceLimitsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      URL,
      {
        // The sale and proforma forms show it too.
        config: { access: access.anyPermission('sales.page.access', 'settings.page.access') },
        schema: {
          summary: 'The largest discount an employee may give on a sale (percent; null: no maximum)',
          tags: ['settings'],
          response: { 200: ZPriceLimitsSchema },
        },
      },
      async (request) => limits.get(actorOf(request)),
    );

    app.put(
      URL,
      {
        config: { access: access.md() },
        schema: {
          summary: 'Set the largest discount an employee may give on a sale',
          tags: ['settings'],
          body: ZPriceLimitsRequestSchema,
          response: { 200: ZPriceLimitsSchema },
        },
      },
      async (request) => limits.update(actorOf(request), request.body),
    );
  };
