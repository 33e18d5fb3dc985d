import { ZAuditPageSchema, ZAuditQuerySchema } from '@app/domain/schemas/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/client.ts';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { readAudit } from '../../platform/audit/audit-trail.ts';

/** The MD reads the business's audit trail, newest first, a page at a time (X-Total-Count when `count=true`). */
export const auditRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/audit',
      {
        config: { access: access.md() },
        schema: {
          tags: ['audit'],
          summary: 'The audit trail: every change to money, stock, people and settings',
          querystring: ZAuditQuerySchema,
          response: { 200: ZAuditPageSchema },
        },
      },
      async (request, reply) => {
        const page = await readAudit(db, actorOf(request).tenantId, request.query);
        if (page.total !== null) reply.header('X-Total-Count', String(page.total));
        return { entries: page.entries, next_before: page.nextBefore };
      },
    );
  };
