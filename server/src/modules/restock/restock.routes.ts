import { countFlag, MAX_ID, ZDoneSchema, ZPathId } from '@app/domain/schemas/common';
import {
  ZBusinessDateSchema,
  ZNewItemRequestSchema,
  ZPriceBulkUpdateRequestSchema,
  ZPurchasePaymentRequestSchema,
  ZPurchaseSchema,
  ZRestockBatchRequestSchema,
  ZRestockSummarySchema,
  ZNewItemRecordedSchema,
  ZRestockRecordedSchema,
  ZPricesUpdatedSchema,
} from '@app/domain/schemas/stock';
import { ZStoredFileSchema } from '@app/domain/files/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotencyKeyOf } from '../../platform/http/idempotency.ts';
import type { TFilesService } from '../files/index.ts';
import type { TRestockService } from './restock.service.ts';

const RESTOCK = access.permission('restock.page.access');
const ZListQuery = (defaultLimit: number) =>
  z.object({
    skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(500).default(defaultLimit),
    warehouse_name: z.string().trim().max(100).optional(),
    search: z.string().trim().max(120).optional(),
    start_date: ZBusinessDateSchema.optional(),
    end_date: ZBusinessDateSchema.optional(),
    /** Keyset paging: the previous page's X-Next-Before (`YYYY-MM-DD.id`); `skip` is then not used. */
    before: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,10}$/, {
        error: 'before must be the X-Next-Before of the previous page',
      })
      .transform((value) => {
        const [purchaseDate, lineId] = value.split('.');
        return { purchaseDate: purchaseDate!, lineId: Number(lineId) };
      })
      .refine(
        (cursor) => cursor.lineId <= MAX_ID && ZBusinessDateSchema.safeParse(cursor.purchaseDate).success,
        { error: 'before must be the X-Next-Before of the previous page' },
      )
      .optional(),
    /** Whether to count every match (X-Total-Count); a keyset client that shows no total asks for none. */
    count: countFlag(),
  });

export const restockRoutes =
  (restock: TRestockService, files: TFilesService): FastifyPluginAsyncZod =>
  async (app) => {
    const lists = [
      ['/api/restock/', 50, 'Purchases, newest first'],
      ['/api/restock/history', 100, 'Purchase history, newest first'],
    ] as const;
    for (const [url, defaultLimit, summary] of lists) {
      app.get(
        url,
        {
          config: { access: RESTOCK },
          schema: {
            summary,
            tags: ['restock'],
            querystring: ZListQuery(defaultLimit),
            response: { 200: z.array(ZPurchaseSchema) },
          },
        },
        async (request, reply) => {
          const { rows, total, nextBefore } = await restock.list(actorOf(request), request.query);
          if (total !== null) reply.header('X-Total-Count', String(total));
          if (request.query.before || !request.query.count) reply.header('X-Next-Before', nextBefore ?? '');
          return reply.send(rows);
        },
      );
    }

    app.get(
      '/api/restock/summary',
      {
        config: { access: RESTOCK },
        schema: {
          summary: 'Restock Reports: totals over the purchases the filters match, and the latest five',
          tags: ['restock'],
          querystring: ZListQuery(5).omit({ skip: true, limit: true }),
          response: { 200: ZRestockSummarySchema },
        },
      },
      async (request) => restock.summary(actorOf(request), request.query),
    );

    app.post(
      '/api/restock/new-item',
      {
        config: { access: RESTOCK },
        schema: {
          summary: 'Add a new item with its first purchase',
          response: {
            201: ZNewItemRecordedSchema,
          },
          tags: ['restock'],
          body: ZNewItemRequestSchema,
        },
      },
      async (request, reply) => {
        const result = await restock.newItem(actorOf(request), request.body, idempotencyKeyOf(request));
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.post(
      '/api/restock/batch',
      {
        config: { access: RESTOCK },
        schema: {
          summary: 'Restock several items from one supplier',
          response: {
            201: ZRestockRecordedSchema,
          },
          tags: ['restock'],
          body: ZRestockBatchRequestSchema,
        },
      },
      async (request, reply) => {
        const result = await restock.batch(actorOf(request), request.body, idempotencyKeyOf(request));
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.post(
      '/api/restock/price-bulk-update',
      {
        config: { access: RESTOCK },
        schema: {
          summary: 'Change items’ selling prices and barcodes',
          response: {
            200: ZPricesUpdatedSchema,
          },
          tags: ['restock'],
          body: ZPriceBulkUpdateRequestSchema,
        },
      },
      async (request) => restock.priceBulkUpdate(actorOf(request), request.body),
    );

    app.post(
      '/api/restock/:purchase_id/payments',
      {
        config: { access: RESTOCK },
        schema: {
          summary: 'Pay a supplier on a purchase',
          response: { 201: z.object({ purchase: ZPurchaseSchema }) },
          tags: ['restock'],
          params: z.object({ purchase_id: ZPathId }),
          body: ZPurchasePaymentRequestSchema,
        },
      },
      async (request, reply) => {
        const result = await restock.addPayment(
          actorOf(request),
          request.params.purchase_id,
          request.body,
          idempotencyKeyOf(request),
        );
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.delete(
      '/api/restock/delete-by-id-date',
      {
        config: { access: access.permission('restock.delete.access') },
        schema: {
          summary: 'Delete a purchase (its stock comes off)',
          response: { 200: ZDoneSchema },
          tags: ['restock'],
          querystring: z.object({ purchase_id: z.string().optional(), purchase_date: z.string().optional() }),
        },
      },
      async (request) => {
        const id = Number(request.query.purchase_id);
        const date = ZBusinessDateSchema.safeParse(request.query.purchase_date);
        if (!Number.isInteger(id) || id <= 0 || id > MAX_ID || !date.success) {
          throw new AppError('bad_request', 'Missing purchase details');
        }
        return restock.remove(actorOf(request), id, date.data);
      },
    );

    app.post(
      '/api/restock/upload-invoice',
      {
        config: { access: RESTOCK },
        schema: {
          summary: 'Upload a supplier invoice',
          response: { 201: ZStoredFileSchema },
          tags: ['restock'],
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
        const file = await request.file();
        const desired = file?.fields.desired_name;
        const desiredName = desired && 'value' in desired ? String(desired.value) : undefined;
        return reply
          .status(201)
          .send(await files.storeDocument(actorOf(request), 'restock_invoice', file, desiredName));
      },
    );
  };
