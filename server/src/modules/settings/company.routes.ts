import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TCompanyService } from './company.service.ts';

export const companyRoutes =
  (_company: TCompanyService): FastifyPluginAsyncZod =>
  async () => {};
