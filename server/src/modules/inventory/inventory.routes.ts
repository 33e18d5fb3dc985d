import { MAX_ID, countFlag, ZDoneSchema, ZPathId } from '@app/domain/schemas/common';
import {
  ZBusinessDateSchema,
  ZInventoryUpdateRequestSchema,
  ZDailyLogSchema,
  ZItemMapSchema,
  ZLowStockSchema,
  ZReturnItemRequestSchema,
  ZInventoryAdjustmentSchema,
  ZBarcodeItemSchema,
  ZItemDeletedSchema,
  ZItemReturnedSchema,
  ZInventoryReportRowSchema,
} from '@app/domain/schemas/stock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { idempotencyKeyOf } from '../../platform/http/idempotency.ts';
import type { TInventoryService } from './inventory.service.ts';

const ZWarehouseQuery = z.object({ warehouse_name: z.string().trim().max(100).optional() });
const READ = access.permission('inventory.page.access');
const ZItemSearchQuery = ZWarehouseQuery.extend({
  search: z.string().trim().max(100).optional(),
  /** Up to 2,000: a device keeps a warehouse's first 2,000 items (by name) for selling offline. */
  limit: z.coerce.number().int().min(1).max(2000).default(20),
});

export const inventoryRoutes =
  (inventory: TInventoryService): FastifyPluginAsyncZod =>
  async (app) => {
    const itemMapRoutes = [
      ['/api/inventory/items-map', READ],
      ['/api/restock/inventory-items', access.permission('restock.page.access')],
      ['/api/sales/inventory-items', access.permission('sales.page.access')],
      ['/api/requisitions/inventory-items', access.permission('requisitions.page.access')],
    ] as const;
    for (const [url, needs] of itemMapRoutes) {
      app.get(
        url,
        {
          config: { access: needs },
          schema: {
            summary: 'The items of the caller’s warehouses, by name',
            response: { 200: ZItemMapSchema },
            description:
              'Without `search`, every item. With `search` (even empty), a page of up to `limit` items whose name contains it (any case), those starting with it first.',
            tags: ['inventory'],
            querystring: ZItemSearchQuery,
          },
        },
        async (request) =>
          inventory.itemsMap(
            actorOf(request),
            request.query.warehouse_name,
            request.query.search === undefined
              ? null
              : { text: request.query.search, limit: request.query.limit },
          ),
      );
    }

    app.get(
      '/api/sales/barcode/item',
      {
        config: {
          access: access.anyPermission('sales.page.access', 'restock.page.access', 'inventory.page.access'),
        },
        schema: {
          summary: 'Find an item by barcode',
          response: { 200: ZBarcodeItemSchema },
          tags: ['inventory'],
          querystring: ZWarehouseQuery.extend({ barcode: z.string().trim().min(1).max(64) }),
        },
      },
      async (request) =>
        inventory.barcodeItem(actorOf(request), request.query.barcode, request.query.warehouse_name),
    );

    app.get(
      '/api/inventory/low-stock',
      {
        config: { access: READ },
        schema: {
          summary: 'Items at or below their reorder level',
          response: { 200: z.array(ZLowStockSchema) },
          tags: ['inventory'],
          querystring: ZWarehouseQuery,
        },
      },
      async (request) => inventory.lowStock(actorOf(request), request.query.warehouse_name),
    );

    app.get(
      '/api/inventory/daily-logs',
      {
        config: { access: READ },
        schema: {
          summary: 'The inventory daily log of a date',
          response: { 200: z.array(ZDailyLogSchema) },
          tags: ['inventory'],
          querystring: ZWarehouseQuery.extend({
            selected_date: ZBusinessDateSchema,
            page: z.coerce.number().int().positive().max(100_000).optional(),
            page_size: z.coerce.number().int().positive().max(500).optional(),
            /** Keyset paging: the items after this one (the previous page's X-Next-After); `page` is then not used. */
            after: z.coerce.number().int().min(1).max(MAX_ID).optional(),
            /** `false`: keyset paging from the first item, without X-Total-Count. */
            count: countFlag(),
          }),
        },
      },
      async (request, reply) => {
        const { rows, total, nextAfter } = await inventory.dailyLogs(actorOf(request), request.query);
        if (total !== null) reply.header('X-Total-Count', String(total));
        else reply.header('X-Next-After', nextAfter === null ? '' : String(nextAfter));
        return reply.send(rows);
      },
    );

    app.get(
      '/api/inventory/filter',
      {
        config: { access: READ },
        schema: {
          summary: 'Search the inventory log over dates',
          response: { 200: z.array(ZDailyLogSchema) },
          tags: ['inventory'],
          querystring: ZWarehouseQuery.extend({
            start_date: ZBusinessDateSchema,
            end_date: ZBusinessDateSchema,
            item_name: z.string().trim().max(120).optional(),
            keyword: z.string().trim().max(120).optional(),
            page: z.coerce.number().int().positive().max(100_000).default(1),
          }),
        },
      },
      async (request) => inventory.filter(actorOf(request), request.query),
    );

    app.get(
      '/api/inventory/reports/summary',
      {
        config: { access: READ },
        schema: {
          summary: 'Inventory report by week, month or year',
          tags: ['inventory'],
          querystring: ZWarehouseQuery.extend({
            period: z.enum(['Weekly', 'Monthly', 'Yearly']),
            start_date: ZBusinessDateSchema,
            end_date: ZBusinessDateSchema,
          }),
          response: { 200: z.array(ZInventoryReportRowSchema) },
        },
      },
      async (request) => inventory.reportSummary(actorOf(request), request.query),
    );

    app.get(
      '/api/inventory/items/:item_id/history',
      {
        config: { access: access.permission('inventory.edit_button.access') },
        schema: {
          summary: 'An item’s recent days',
          response: { 200: z.array(ZDailyLogSchema) },
          tags: ['inventory'],
          params: z.object({ item_id: ZPathId }),
          querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
        },
      },
      async (request) => inventory.itemHistory(actorOf(request), request.params.item_id, request.query.days),
    );

    app.get(
      '/api/inventory/adjustments',
      {
        config: { access: access.permission('inventory.edit_button.access') },
        schema: {
          summary: 'Recent corrections of past days',
          tags: ['inventory'],
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(5) }),
          response: { 200: z.array(ZInventoryAdjustmentSchema) },
        },
      },
      async (request) => inventory.recentAdjustments(actorOf(request), request.query.limit),
    );

    app.post(
      '/api/inventory/return-item',
      {
        config: { access: access.permission('inventory.update.access') },
        schema: {
          summary: 'Return units of an item to stock (needs the access code)',
          response: { 201: ZItemReturnedSchema },
          tags: ['inventory'],
          body: ZReturnItemRequestSchema,
        },
      },
      async (request, reply) => {
        const result = await inventory.returnItem(actorOf(request), request.body, idempotencyKeyOf(request));
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.patch(
      '/api/inventory/update/:item_id',
      {
        config: { access: access.permission('inventory.edit_button.access') },
        schema: {
          summary: 'Correct one figure of a past day',
          response: {
            200: ZDoneSchema.extend({ log: ZDailyLogSchema.optional() }),
          },
          tags: ['inventory'],
          params: z.object({ item_id: ZPathId }),
          body: ZInventoryUpdateRequestSchema,
        },
      },
      async (request) => inventory.updateDay(actorOf(request), request.params.item_id, request.body),
    );

    app.delete(
      '/api/inventory/item/:item_id',
      {
        config: { access: access.permission('inventory.delete_button.access') },
        schema: {
          summary: 'Delete an item',
          response: { 200: ZItemDeletedSchema },
          tags: ['inventory'],
          params: z.object({ item_id: ZPathId }),
        },
      },
      async (request) => inventory.deleteItem(actorOf(request), request.params.item_id),
    );
  };
