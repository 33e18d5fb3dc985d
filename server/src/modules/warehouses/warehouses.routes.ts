import { ZPathId } from '@app/domain/schemas/common';
import {
  ZEmployeeWarehouseSchema,
  ZWarehouseGrantsRequestSchema,
  ZWarehouseSchema,
} from '@app/domain/schemas/stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TWarehousesService } from './warehouses.service.ts';

/** The screens that pick a warehouse: any of their keys reads the list. */
const WAREHOUSE_SCREENS = [
  'inventory.page.access',
  'sales.page.access',
  'restock.page.access',
  'stock_movement.page.access',
];

export const warehousesRoutes =
  (warehouses: TWarehousesService): FastifyPluginAsyncZod =>
  async (app) => {
    const readers = [
      ['/api/warehouses', access.anyPermission(...WAREHOUSE_SCREENS)],
      ['/api/sales/warehouses', access.permission('sales.page.access')],
      ['/api/restock/warehouses', access.permission('restock.page.access')],
      // Spec 3 §7 sends role and employee_id; the answer is the caller's own warehouses whatever they say.
      ['/api/requisitions/warehouses', access.permission('requisitions.page.access')],
    ] as const;
    for (const [url, needs] of readers) {
      app.get(
        url,
        {
          config: { access: needs },
          schema: {
            summary: 'The warehouses the caller may use',
            tags: ['warehouses'],
            response: { 200: z.array(ZWarehouseSchema) },
          },
        },
        async (request) => warehouses.list(actorOf(request)),
      );
    }

    app.put(
      '/api/warehouses/:warehouse_id/access',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Open a warehouse to every employee, or not',
          tags: ['warehouses'],
          params: z.object({ warehouse_id: ZPathId }),
          body: z.object({ access_all: z.boolean() }),
          response: { 200: ZWarehouseSchema },
        },
      },
      async (request) =>
        warehouses.setAccessAll(actorOf(request), request.params.warehouse_id, request.body.access_all),
    );

    app.get(
      '/api/settings/employee-warehouses/:employee_id',
      {
        config: { access: access.md() },
        schema: {
          summary: 'The warehouses an employee may use',
          tags: ['warehouses'],
          params: z.object({ employee_id: ZPathId }),
          response: { 200: z.array(ZEmployeeWarehouseSchema) },
        },
      },
      async (request) => warehouses.employeeWarehouses(actorOf(request), request.params.employee_id),
    );

    app.post(
      '/api/settings/employee-warehouses/:employee_id',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Save the warehouses an employee may use',
          tags: ['warehouses'],
          params: z.object({ employee_id: ZPathId }),
          body: ZWarehouseGrantsRequestSchema,
          response: { 200: z.array(ZEmployeeWarehouseSchema) },
        },
      },
      async (request) =>
        warehouses.saveEmployeeWarehouses(actorOf(request), request.params.employee_id, request.body),
    );
  };
