import { Readable } from 'node:stream';
import { businessDate } from '@app/domain/dates/business-date';
import { toCsv } from '@app/domain/csv/csv';
import {
  ZAuditExportQuerySchema,
  ZAuditPageSchema,
  ZAuditQuerySchema,
  type TAuditEntry,
  type TAuditExportQuery,
} from '@app/domain/schemas/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/client.ts';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { readAudit } from '../../platform/audit/audit-trail.ts';

const EXPORT_HEADERS = ['Date', 'Person', 'Change', 'Record', 'Record ID', 'Before', 'After'];
const EXPORT_BATCH = 200;

const exportCells = (entry: TAuditEntry) => [
  entry.at,
  entry.user_name,
  entry.kind,
  entry.record_type,
  entry.record_id,
  entry.before === null ? '' : JSON.stringify(entry.before),
  entry.after === null ? '' : JSON.stringify(entry.after),
];

/** The matching entries as CSV lines, newest first, read a page at a time so a long trail streams. */
async function* auditCsv(db: Database, tenantId: number, filters: TAuditExportQuery) {
  yield `\uFEFF${toCsv(EXPORT_HEADERS, [])}`;
  let before: number | undefined;
  do {
    const page = await readAudit(db, tenantId, { ...filters, before, limit: EXPORT_BATCH, count: false });
    const [first, ...rest] = page.entries.map(exportCells);
    if (first) yield `\r\n${toCsv(first, rest)}`;
    before = page.nextBefore ?? undefined;
  } while (before);
}

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

    app.get(
      '/api/audit/export',
      {
        config: {
          access: access.md(),
          produces: { contentType: 'text/csv', description: 'The matching entries as CSV, newest first' },
        },
        schema: {
          tags: ['audit'],
          summary: 'The audit trail as CSV (the same filters as the list)',
          querystring: ZAuditExportQuerySchema,
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit_${businessDate()}.csv"`)
          .send(Readable.from(auditCsv(db, actorOf(request).tenantId, request.query))),
    );
  };
