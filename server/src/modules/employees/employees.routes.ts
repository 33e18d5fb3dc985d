import { ZPathId } from '@app/domain/schemas/common';
import { PERMISSION_CATALOGUE } from '@app/domain/permissions/catalogue';
import {
  ZCreateEmployeeRequestSchema,
  ZEmployeeSchema,
  ZPermissionGrantSchema,
  ZSaveGrantsRequestSchema,
  ZSavedGrantsSchema,
  ZEmployeeCreatedSchema,
  ZPermissionSchema,
} from '@app/domain/schemas/employees';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TEmployeesService } from './employees.service.ts';

const ZEmployeeParamsSchema = z.object({
  employee_id: ZPathId,
});
const ZEmployeeListSchema = z.array(ZEmployeeSchema);

export const employeesRoutes =
  (employees: TEmployeesService): FastifyPluginAsyncZod =>
  async (app) => {
    for (const url of ['/api/dashboard/employees', '/api/settings/employees']) {
      app.get(
        url,
        {
          config: { access: access.permission('employees.page.access') },
          schema: {
            summary: 'The business’s employees',
            tags: ['employees'],
            response: { 200: ZEmployeeListSchema },
          },
        },
        async (request) => employees.list(actorOf(request)),
      );
    }

    app.post(
      '/api/dashboard/create-employee',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Create an employee account',
          tags: ['employees'],
          body: ZCreateEmployeeRequestSchema,
          response: {
            201: ZEmployeeCreatedSchema,
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await employees.create(actorOf(request), request.body)),
    );

    app.get(
      '/api/settings/permissions',
      {
        config: { access: access.permission('employees.view_permissions.access') },
        schema: {
          summary: 'The permission catalogue',
          tags: ['employees'],
          response: { 200: z.array(ZPermissionSchema).readonly() },
        },
      },
      async () => PERMISSION_CATALOGUE,
    );

    app.get(
      '/api/settings/employee-permissions/:employee_id',
      {
        config: { access: access.permission('employees.view_permissions.access') },
        schema: {
          summary: 'An employee’s permission keys',
          tags: ['employees'],
          params: ZEmployeeParamsSchema,
          response: { 200: z.array(ZPermissionGrantSchema) },
        },
      },
      async (request) => employees.grants(actorOf(request), request.params.employee_id),
    );

    app.post(
      '/api/settings/employee-permissions/:employee_id',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Save an employee’s permission keys',
          tags: ['employees'],
          params: ZEmployeeParamsSchema,
          body: ZSaveGrantsRequestSchema,
          response: { 200: ZSavedGrantsSchema },
        },
      },
      async (request) => employees.saveGrants(actorOf(request), request.params.employee_id, request.body),
    );

    app.get(
      '/api/permissions/check',
      {
        config: { access: access.signedIn() },
        schema: {
          summary: 'Check one permission key',
          tags: ['employees'],
          querystring: z.object({
            user_id: ZPathId,
            resource_key: z.string().min(1).max(100),
          }),
          response: { 200: z.object({ has_permission: z.boolean() }) },
        },
      },
      async (request) => employees.check(actorOf(request), request.query.user_id, request.query.resource_key),
    );
  };
