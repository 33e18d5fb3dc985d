import { ZDashboardStatsSchema } from '@app/domain/schemas/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TDashboardService } from './dashboard.service.ts';

export const dashboardRoutes =
  (dashboard: TDashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard/dashboard-stats',
      {
        config: { access: access.permission('dashboard.page.access') },
        schema: {
          summary: 'The dashboard’s figures',
          tags: ['dashboard'],
          response: { 200: ZDashboardStatsSchema },
        },
      },
      async (request) => dashboard.stats(actorOf(request)),
    );
  };
