import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TCustomersService } from './customers.service.ts';

export const customersRoutes =
  (_customers: TCustomersService): FastifyPluginAsyncZod =>
  async () => {};
