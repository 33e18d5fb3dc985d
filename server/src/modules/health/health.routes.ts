import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import type { DatabaseHandle } from '../../platform/db/client.ts';

export const healthRoutes =
  (database: DatabaseHandle): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/',
      {
        config: { access: access.public() },
        schema: {
          summary: 'Say the API is up',
          response: {
            200: z.object({
              status: z.string(),
              message: z.string(),
              database: z.enum(['pglite', 'postgres']),
            }),
          },
          tags: ['health'],
        },
      },
      async () => {
        await database.db.execute(sql`select 1`);
        return { status: 'ok', message: 'API is running', database: database.kind };
      },
    );
  };
