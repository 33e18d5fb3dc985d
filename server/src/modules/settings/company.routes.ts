import { ZCompanyRequestSchema } from '@app/domain/schemas/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import type { TCompanyService } from './company.service.ts';

const ZCompanySchema = z.object({
  tenant_name: z.string(),
  phone_number: z.string().nullable(),
  address: z.string().nullable(),
  account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_name: z.string().nullable(),
  logo_url: z.string().nullable(),
});

export const companyRoutes =
  (company: TCompanyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/sales/company',
      {
        config: { access: access.anyPermission('sales.page.access', 'settings.page.access') },
        schema: {
          summary: 'The business details printed on receipts',
          tags: ['settings'],
          response: { 200: ZCompanySchema },
        },
      },
      async (request) => company.get(actorOf(request)),
    );

    app.put(
      '/api/sales/company',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Save the business details printed on receipts',
          tags: ['settings'],
          body: ZCompanyRequestSchema,
          response: { 200: ZCompanySchema },
        },
      },
      async (request) => company.update(actorOf(request), request.body),
    );

    app.post(
      '/api/sales/company/logo',
      {
        config: { access: access.md() },
        schema: { summary: 'Upload the receipt logo', tags: ['settings'], response: { 201: ZCompanySchema } },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
        const file = await request.file();
        return reply.status(201).send(await company.uploadLogo(actorOf(request), file));
      },
    );
  };
