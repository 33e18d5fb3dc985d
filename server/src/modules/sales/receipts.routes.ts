import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TReceiptsService } from './receipts.service.ts';

export const receiptsRoutes =
  (_receipts: TReceiptsService): FastifyPluginAsyncZod =>
  async () => {};
