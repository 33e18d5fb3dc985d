import {
  ZChangePasswordRequestSchema,
  ZChangePasswordResponseSchema,
} from '@app/domain/schemas/settings-account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TPasswordService } from './password.service.ts';

export const passwordRoutes =
  (passwords: TPasswordService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/settings/change-password',
      {
        config: { access: access.permission('settings.page.access') },
        schema: {
          summary: 'Change a password (the MD: any account of the business; an employee: their own)',
          description:
            'Needs the business access code. Every other session of that account is signed out at once.',
          tags: ['settings'],
          body: ZChangePasswordRequestSchema,
          response: { 200: ZChangePasswordResponseSchema },
        },
      },
      async (request) => passwords.change(actorOf(request), request.body),
    );
  };
