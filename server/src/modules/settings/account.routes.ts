import { businessDate } from '@app/domain/dates/business-date';
import {
  ZBusinessImportResponseSchema,
  ZDeleteAccountRequestSchema,
  ZDeleteAccountResponseSchema,
} from '@app/domain/schemas/settings-account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import type { TImportLimits } from '../../platform/config.ts';
import type { TAccountService } from './account.service.ts';

/** The export's file name: the business name in safe characters and today's business date. */
const exportFileName = (businessName: string) =>
  `${businessName.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'business'}_export_${businessDate()}.zip`;

export const accountRoutes =
  (accounts: TAccountService, importLimits: TImportLimits): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/settings/delete-account',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Remove an employee, or close the whole business (the MD, after their password)',
          description:
            'account_type "employee": the employee with this e-mail, name_value their name. account_type ' +
            '"user": the MD’s own e-mail, name_value the business name exactly; every row and file of the ' +
            'business is deleted. password is the MD’s own.',
          tags: ['settings'],
          body: ZDeleteAccountRequestSchema,
          response: { 200: ZDeleteAccountResponseSchema },
        },
      },
      async (request) => accounts.deleteAccount(actorOf(request), request.body),
    );

    app.get(
      '/api/settings/export',
      {
        config: {
          access: access.md(),
          produces: {
            contentType: 'application/zip',
            description: 'A zip: one CSV per table of the business, and its uploaded files under files/',
          },
        },
        schema: {
          summary: 'Everything the business has stored, as a zip of CSVs and files',
          tags: ['settings'],
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', `attachment; filename="${exportFileName(actor.tenantName)}"`)
          .header('Cache-Control', 'no-store')
          .send(await accounts.exportBusiness(actor));
      },
    );

    app.post(
      '/api/settings/business-import',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Bring a business export (the zip of GET /api/settings/export) into this empty business',
          description:
            `Multipart, one file field "export_file" (at most ${importLimits.zipBytes / 1024 / 1024} MB). ` +
            '409 when the business already has data; ' +
            '422 when the file is not an export of this app. All or nothing.',
          tags: ['settings'],
          response: { 200: ZBusinessImportResponseSchema },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
        // Read on past the limit (marked truncated) to answer the import's own 413, not the 10 MB of uploads.
        const file = await request.file({
          limits: { fileSize: importLimits.zipBytes },
          throwFileSizeLimit: false,
        });
        if (!file) throw new AppError('bad_request', 'Please choose the export zip to import');
        // Streamed to a temporary file, not into memory; past the limit it is cut short and refused.
        return accounts.importBusinessExport(actorOf(request), file.file);
      },
    );
  };
