import { ZAlertSettingsRequestSchema, ZAlertSettingsSchema } from '@app/domain/schemas/alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TAlertsService } from './alerts.service.ts';

const URL = '/api/settings/alerts';

export const alertsRoutes =
  (alerts: TAlertsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      URL,
      {
        config: { access: access.md() },
        schema: {
          summary:
            'Which alerts the business gets (low stock, daily summary) and whether its plan sends them',
          tags: ['settings'],
          response: { 200: ZAlertSettingsSchema },
        },
      },
      async (request) => alerts.get(actorOf(request)),
    );

    app.put(
      URL,
      {
        config: { access: access.md() },
        schema: {
          summary:
            'Turn the low-stock alerts and the daily summary on or off, and set the summary hour (Pro)',
          tags: ['settings'],
          body: ZAlertSettingsRequestSchema,
          response: { 200: ZAlertSettingsSchema },
        },
      },
      async (request) => alerts.update(actorOf(request), request.body),
    );
  };
