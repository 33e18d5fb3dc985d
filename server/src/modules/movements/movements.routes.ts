import {
  ZCustomerSaleRequestSchema,
  ZMovementItemSchema,
  ZMovementListQuerySchema,
  ZMovementRecordedSchema,
  ZMovementSchema,
  ZStockoutRequestSchema,
  ZWarehouseTransferRequestSchema,
} from '@app/domain/schemas/movements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { access, type TActor } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { idempotencyKeyOf, type TIdempotencyKey } from '../../platform/http/idempotency.ts';
import type { TMovementsService } from './movements.service.ts';

const MOVEMENT = access.permission('stock_movement.page.access');

export const movementsRoutes =
  (movements: TMovementsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/b2b/warehouses',
      {
        config: { access: MOVEMENT },
        schema: {
          summary: 'The names of the warehouses the caller may move stock between',
          tags: ['movements'],
          response: { 200: z.array(z.string()) },
        },
      },
      async (request) => movements.warehouseNames(actorOf(request)),
    );

    app.get(
      '/api/b2b/inventory/:warehouse',
      {
        config: { access: MOVEMENT },
        schema: {
          summary: 'The items of a warehouse with what is on hand',
          tags: ['movements'],
          params: z.object({ warehouse: z.string().trim().min(1).max(100) }),
          response: { 200: z.array(ZMovementItemSchema) },
        },
      },
      async (request) => movements.itemsOf(actorOf(request), request.params.warehouse),
    );

    app.get(
      '/api/b2b/movements',
      {
        config: { access: MOVEMENT },
        schema: {
          summary: 'Movement history, newest first (X-Total-Count)',
          tags: ['movements'],
          querystring: ZMovementListQuerySchema,
          response: { 200: z.array(ZMovementSchema) },
        },
      },
      async (request, reply) => {
        const { rows, total } = await movements.list(actorOf(request), request.query);
        if (total !== null) reply.header('X-Total-Count', String(total));
        return reply.send(rows);
      },
    );

    app.get(
      '/api/b2b/movements/export',
      {
        config: {
          access: MOVEMENT,
          produces: { contentType: 'text/csv', description: 'The movements as CSV, one per row' },
        },
        schema: {
          summary: 'Movement history as CSV (stock_movements_{date}.csv)',
          tags: ['movements'],
          querystring: ZMovementListQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await movements.exportCsv(actorOf(request), request.query);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          .send(file.content);
      },
    );

    /** A movement-recording route: the body checked by its schema, then the service's call. */
    const recordRoute = <T>(
      url: string,
      summary: string,
      body: ZodType<T>,
      recordIt: (
        actor: TActor,
        input: T,
        key: TIdempotencyKey | null,
      ) => Promise<{ status: number; body: z.infer<typeof ZMovementRecordedSchema> }>,
    ) =>
      app.post(
        url,
        {
          config: { access: MOVEMENT },
          schema: {
            summary: `${summary} (Idempotency-Key)`,
            tags: ['movements'],
            body,
            response: { 201: ZMovementRecordedSchema },
          },
        },
        async (request, reply) => {
          const result = await recordIt(actorOf(request), request.body as T, idempotencyKeyOf(request));
          return reply.status(result.status as 201).send(result.body);
        },
      );
    recordRoute(
      '/api/b2b/transfer/warehouse',
      'Move stock between two warehouses',
      ZWarehouseTransferRequestSchema,
      movements.transfer,
    );
    recordRoute(
      '/api/b2b/transfer/customer',
      'Sell stock to a business customer',
      ZCustomerSaleRequestSchema,
      movements.sell,
    );
    recordRoute('/api/b2b/transfer/stockout', 'Write stock off', ZStockoutRequestSchema, movements.writeOff);
  };
