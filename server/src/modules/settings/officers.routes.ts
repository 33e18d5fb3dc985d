import { ZPathId } from '@app/domain/schemas/common';
import { ZOfficerRequestSchema, ZOfficerSchema } from '@app/domain/schemas/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TOfficersService } from './officers.service.ts';

const URL = '/api/settings/inventory-officers';
const ZOfficerParams = z.object({ officer_id: ZPathId });

export const officersRoutes =
  (officers: TOfficersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      URL,
      {
        config: { access: access.permission('settings.page.access') },
        schema: {
          summary: 'Inventory officers (who get requisition e-mails)',
          tags: ['settings'],
          response: { 200: z.array(ZOfficerSchema) },
        },
      },
      async (request) => officers.list(actorOf(request)),
    );

    app.post(
      URL,
      {
        config: { access: access.permission('settings.edit.access') },
        schema: {
          summary: 'Add an inventory officer',
          tags: ['settings'],
          body: ZOfficerRequestSchema,
          response: { 201: ZOfficerSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await officers.add(actorOf(request), request.body)),
    );

    app.put(
      `${URL}/:officer_id`,
      {
        config: { access: access.permission('settings.edit.access') },
        schema: {
          summary: 'Change an inventory officer',
          tags: ['settings'],
          params: ZOfficerParams,
          body: ZOfficerRequestSchema,
          response: { 200: ZOfficerSchema },
        },
      },
      async (request) => officers.change(actorOf(request), request.params.officer_id, request.body),
    );

    app.delete(
      `${URL}/:officer_id`,
      {
        config: { access: access.permission('settings.delete.access') },
        schema: {
          summary: 'Remove an inventory officer',
          tags: ['settings'],
          params: ZOfficerParams,
          response: { 200: z.object({ msg: z.string() }) },
        },
      },
      async (request) => officers.remove(actorOf(request), request.params.officer_id),
    );
  };
