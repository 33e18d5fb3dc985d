import { ZPlansSchema, ZSubscriptionStatusSchema } from '@app/domain/schemas/billing';
import { ZDetailSchema } from '@app/domain/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import type { TBillingService } from './billing.service.ts';

const PAYMENTS_NOT_READY = 'Card payments are not available yet';

export const billingRoutes =
  (billing: TBillingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard/subscription-status',
      {
        config: { access: access.signedIn() },
        schema: {
          summary: 'The business’s plan and what is left of it',
          tags: ['billing'],
          response: { 200: ZSubscriptionStatusSchema },
        },
      },
      async (request) => billing.subscriptionStatus(actorOf(request)),
    );

    app.get(
      '/api/dashboard/plans',
      {
        config: { access: access.signedIn() },
        schema: {
          summary: 'The plans and their prices',
          tags: ['billing'],
          response: { 200: ZPlansSchema },
        },
      },
      async () => billing.plans(),
    );

    app.post(
      '/api/dashboard/initialize-payment',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Start paying for a plan',
          tags: ['billing'],
          querystring: z.object({ plan_key: z.enum(['monthly_pro', 'yearly']) }),
          response: { 501: ZDetailSchema },
        },
      },
      async () => {
        throw new AppError('not_implemented', PAYMENTS_NOT_READY);
      },
    );

    app.get(
      '/api/dashboard/verify-payment',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Check a plan payment',
          tags: ['billing'],
          querystring: z.object({ reference: z.string().min(1).max(200) }),
          response: { 501: ZDetailSchema },
        },
      },
      async () => {
        throw new AppError('not_implemented', PAYMENTS_NOT_READY);
      },
    );
  };
