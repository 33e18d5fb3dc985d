import {
  ZAccessCodeRequestSchema,
  ZAccessCodeStatusSchema,
  ZGeneratedAccessCodeSchema,
} from '@app/domain/schemas/stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TAccessCodes } from '../../platform/tenancy/access-code.ts';

export const settingsRoutes =
  (accessCodes: TAccessCodes): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings/access-code',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Whether the access code is set',
          tags: ['settings'],
          response: { 200: ZAccessCodeStatusSchema },
        },
      },
      async (request) => accessCodes.status(actorOf(request).tenantId),
    );

    app.put(
      '/api/settings/access-code/generate',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Generate a new access code',
          tags: ['settings'],
          response: { 200: ZGeneratedAccessCodeSchema },
        },
      },
      async (request) => ({ access_code: await accessCodes.generate(actorOf(request)) }),
    );

    app.put(
      '/api/settings/access-code',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Set the access code',
          tags: ['settings'],
          body: ZAccessCodeRequestSchema,
          response: { 200: z.object({ msg: z.string() }) },
        },
      },
      async (request) => {
        await accessCodes.set(actorOf(request), request.body.code);
        return { msg: 'Access code updated' };
      },
    );
  };
