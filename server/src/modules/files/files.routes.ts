import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TFilesService } from './files.service.ts';

export const filesRoutes =
  (files: TFilesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/files/:file_id',
      {
        config: {
          access: access.anyPermission(
            'sales.page.access',
            'restock.page.access',
            'expenses.page.access',
            'requisitions.page.access',
            'settings.page.access',
          ),
          produces: {
            contentType: 'application/octet-stream',
            description: 'The file, with its own content type',
          },
        },
        schema: {
          summary: 'Download an uploaded file',
          tags: ['files'],
          params: z.object({ file_id: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        const { file, stream } = await files.open(actorOf(request), request.params.file_id);
        const safeName = file.originalName.replace(/[^\w. -]/g, '_');
        return reply
          .type(file.contentType)
          .header('Content-Disposition', `inline; filename="${safeName}"`)
          .header('Cache-Control', 'private, max-age=3600')
          .send(stream);
      },
    );
  };
