import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TFilesService } from '../files/files.service.ts';
import type { TProformasService } from './proformas.service.ts';
import type { TSalesService } from './sales.service.ts';

export const salesRoutes =
  (_sales: TSalesService, _proformas: TProformasService, _files: TFilesService): FastifyPluginAsyncZod =>
  async () => {};
