import { ZPathId } from '@app/domain/schemas/common';
import { ZBusinessDateSchema } from '@app/domain/schemas/stock';
import {
  ZProformaConvertRequestSchema,
  ZProformaRequestSchema,
  ZSaleBatchRequestSchema,
  ZSalePaymentRequestSchema,
  ZSalesFilterRequestSchema,
  ZSalesListQuerySchema,
  ZSalesReportQuerySchema,
  ZConversionResultSchema,
  ZDoneSchema,
  ZProformaSchema,
  ZSaleRowSchema,
  ZSaleSchema,
  ZSalesReportSchema,
  ZSalesCustomerSchema,
  ZSalesCustomersQuerySchema,
  ZSalesFilterOptionsSchema,
  ZSaleRecordedSchema,
  ZProformaCreatedSchema,
  ZSalePaidSchema,
  ZProformaInvoiceUploadSchema,
} from '@app/domain/schemas/sales';
import { ZStoredFileSchema } from '@app/domain/files/uploads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotencyKeyOf } from '../../platform/http/idempotency.ts';
import type { TFilesService } from '../files/index.ts';
import type { TProformasService } from './proformas.service.ts';
import type { TSalesService } from './sales.service.ts';

const READ = access.permission('sales.page.access');
const CREATE = access.permission('sales.create.access');

async function uploadedFile(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
  return request.file();
}

/** What recording a sale answers (and a retry with its Idempotency-Key answers again). */
/** The most proformas one call answers (the Proforma List filters them in the browser, spec 2 §2). */
const MAX_PROFORMAS = 2000;

export const salesRoutes =
  (sales: TSalesService, proformas: TProformasService, files: TFilesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/sales',
      {
        config: { access: READ },
        schema: {
          summary: 'Sales, newest first',
          response: { 200: z.array(ZSaleRowSchema) },
          tags: ['sales'],
          querystring: ZSalesListQuerySchema,
        },
      },
      async (request, reply) => {
        const { rows, total, nextBefore } = await sales.list(actorOf(request), request.query);
        if (total !== null) reply.header('X-Total-Count', String(total));
        if (request.query.before || !request.query.count)
          reply.header('X-Next-Before', nextBefore === null ? '' : String(nextBefore));
        return reply.send(rows);
      },
    );

    app.post(
      '/api/sales/batch',
      {
        config: { access: CREATE },
        schema: {
          summary: 'Record a sale',
          response: { 201: ZSaleRecordedSchema },
          tags: ['sales'],
          body: ZSaleBatchRequestSchema,
        },
      },
      async (request, reply) => {
        const result = await sales.batch(actorOf(request), request.body, idempotencyKeyOf(request));
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.post(
      '/api/sales/upload-invoice',
      {
        config: { access: CREATE },
        schema: { summary: 'Upload a sale’s invoice', response: { 201: ZStoredFileSchema }, tags: ['sales'] },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await files.storeDocument(actorOf(request), 'sale_invoice', await uploadedFile(request))),
    );

    app.get(
      '/api/sales/filter-options',
      {
        config: { access: READ },
        schema: {
          summary: 'What the sales list can be filtered by',
          tags: ['sales'],
          response: { 200: ZSalesFilterOptionsSchema },
        },
      },
      async (request) => sales.filterOptions(actorOf(request)),
    );

    app.post(
      '/api/sales/filter',
      {
        config: { access: READ },
        schema: {
          summary: 'Filter the sales list',
          response: { 200: z.array(ZSaleRowSchema) },
          tags: ['sales'],
          body: ZSalesFilterRequestSchema,
        },
      },
      async (request, reply) => {
        const { rows, nextBefore } = await sales.filter(actorOf(request), request.body);
        return reply.header('X-Next-Before', nextBefore === null ? '' : String(nextBefore)).send(rows);
      },
    );

    app.get(
      '/api/sales/pending',
      {
        config: { access: READ },
        schema: {
          summary: 'Sales with money still owed',
          response: { 200: z.array(ZSaleSchema) },
          tags: ['sales'],
        },
      },
      async (request) => sales.pending(actorOf(request)),
    );

    app.post(
      '/api/sales/:sale_id/payments',
      {
        config: { access: access.permission('sales.edit.access') },
        schema: {
          summary: 'Record a later payment on a sale',
          response: { 201: ZSalePaidSchema },
          tags: ['sales'],
          params: z.object({ sale_id: ZPathId }),
          body: ZSalePaymentRequestSchema,
        },
      },
      async (request, reply) => {
        const result = await sales.addPayment(
          actorOf(request),
          request.params.sale_id,
          request.body,
          idempotencyKeyOf(request),
        );
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.get(
      '/api/sales/reports/summary',
      {
        config: { access: access.permission('sales.report_tab.access') },
        schema: {
          summary: 'The sales report of a period',
          response: { 200: ZSalesReportSchema },
          tags: ['sales'],
          querystring: ZSalesReportQuerySchema,
        },
      },
      async (request) => sales.report(actorOf(request), request.query),
    );

    app.get(
      '/api/sales/customers',
      {
        config: { access: READ },
        schema: {
          summary: 'Known customers, for receipts; with search, a picker’s page of the customer list',
          tags: ['sales'],
          querystring: ZSalesCustomersQuerySchema,
          response: { 200: z.array(ZSalesCustomerSchema) },
        },
      },
      async (request) => sales.customers(actorOf(request), request.query),
    );

    app.get(
      '/api/sales/for-receipt',
      {
        config: { access: READ },
        schema: {
          summary: 'A customer’s sales of a date, for a receipt',
          response: { 200: z.array(ZSaleSchema) },
          tags: ['sales'],
          querystring: z.object({
            date: ZBusinessDateSchema,
            customer_name: z.string().trim().min(1, { error: 'Customer name is required' }).max(120),
          }),
        },
      },
      async (request) =>
        sales.forReceipt(actorOf(request), {
          date: request.query.date,
          customerName: request.query.customer_name,
        }),
    );

    app.post(
      '/api/sales/proforma',
      {
        config: { access: CREATE },
        schema: {
          summary: 'Create a proforma invoice (Idempotency-Key)',
          response: { 201: ZProformaCreatedSchema },
          tags: ['sales'],
          body: ZProformaRequestSchema,
        },
      },
      async (request, reply) => {
        const result = await proformas.create(actorOf(request), request.body, idempotencyKeyOf(request));
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.get(
      '/api/sales/proforma/all',
      {
        config: { access: READ },
        schema: {
          summary: 'Proforma invoices, newest first',
          response: { 200: z.array(ZProformaSchema) },
          tags: ['sales'],
          querystring: z.object({
            /** At most 2,000 a call, as before; a keyset client asks for fewer and pages with `before`. */
            limit: z.coerce.number().int().min(1).max(MAX_PROFORMAS).optional(),
            before: ZPathId.optional(),
          }),
        },
      },
      async (request, reply) => {
        const { limit, before } = request.query;
        const { rows, nextBefore } = await proformas.page(actorOf(request), {
          limit: limit ?? MAX_PROFORMAS,
          before: before ?? null,
        });
        if (limit !== undefined || before !== undefined)
          reply.header('X-Next-Before', nextBefore === null ? '' : String(nextBefore));
        return reply.send(rows);
      },
    );

    app.get(
      '/api/sales/proforma/pending',
      {
        config: { access: READ },
        schema: {
          summary: 'A customer’s pending proformas',
          response: { 200: z.array(ZProformaSchema) },
          tags: ['sales'],
          querystring: z.object({ customer_name: z.string().trim().max(120).default('') }),
        },
      },
      async (request) =>
        request.query.customer_name
          ? proformas.pendingFor(actorOf(request), request.query.customer_name)
          : [],
    );

    app.post(
      '/api/sales/proforma/:proforma_id/upload-invoice',
      {
        config: { access: CREATE },
        schema: {
          summary: 'Upload a proforma’s signed invoice',
          tags: ['sales'],
          params: z.object({ proforma_id: ZPathId }),
          response: { 201: ZProformaInvoiceUploadSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await proformas.uploadInvoice(actorOf(request), request.params.proforma_id, () =>
              uploadedFile(request),
            ),
          ),
    );

    app.post(
      '/api/sales/proforma/:proforma_id/convert',
      {
        config: { access: CREATE },
        schema: {
          summary: 'Convert a proforma into a sale',
          response: { 201: ZConversionResultSchema },
          tags: ['sales'],
          params: z.object({ proforma_id: ZPathId }),
          body: ZProformaConvertRequestSchema.nullish().transform(
            (body) => body ?? ZProformaConvertRequestSchema.parse(undefined),
          ),
        },
      },
      async (request, reply) => {
        const result = await proformas.convert(
          actorOf(request),
          request.params.proforma_id,
          request.body,
          idempotencyKeyOf(request),
        );
        return reply.status(result.status as 201).send(result.body);
      },
    );

    // Deletions last: the route walker reaches the other calls of a record before it is gone.
    app.delete(
      '/api/sales/:sale_id',
      {
        config: { access: access.permission('sales.delete_button.access') },
        schema: {
          summary: 'Delete a sale (its items go back to stock)',
          response: { 200: ZDoneSchema },
          tags: ['sales'],
          params: z.object({ sale_id: ZPathId }),
        },
      },
      async (request) => sales.remove(actorOf(request), request.params.sale_id),
    );

    app.delete(
      '/api/sales/proforma/:proforma_id',
      {
        config: { access: access.permission('sales.delete_proforma.access') },
        schema: {
          summary: 'Delete a proforma invoice',
          response: { 200: ZDoneSchema },
          tags: ['sales'],
          params: z.object({ proforma_id: ZPathId }),
        },
      },
      async (request) => proformas.remove(actorOf(request), request.params.proforma_id),
    );
  };
