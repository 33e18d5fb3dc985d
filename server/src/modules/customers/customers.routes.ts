import { ZCustomerMetricsSchema } from '@app/domain/schemas/customers';
import { ZDoneSchema, ZPathId } from '@app/domain/schemas/common';
import {
  ZCustomerListQuerySchema,
  ZCustomerPageSchema,
  ZCustomerRequestSchema,
  ZCustomerSchema,
} from '@app/domain/schemas/customers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { XLSX_TYPE } from './customers-export.ts';
import type { TCustomersService } from './customers.service.ts';

const PAGE = access.permission('customers.page.access');
const ZCustomerParams = z.object({ customer_id: ZPathId });
const tags = ['customers'];

export const customersRoutes =
  (customers: TCustomersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/customers',
      {
        config: { access: PAGE },
        schema: {
          summary: 'Customers, a page at a time',
          response: { 200: ZCustomerPageSchema },
          tags,
          querystring: ZCustomerListQuerySchema,
        },
      },
      async (request) => customers.list(actorOf(request), request.query),
    );

    app.get(
      '/api/customers/metrics',
      {
        config: { access: PAGE },
        schema: {
          summary: 'How many customers the business has',
          response: { 200: ZCustomerMetricsSchema },
          tags,
        },
      },
      async (request) => customers.metrics(actorOf(request)),
    );

    app.get(
      '/api/customers/export',
      {
        config: {
          access: access.permission('customers.export.access'),
          produces: { contentType: 'text/csv', description: 'The customers as CSV, one per row' },
        },
        schema: {
          summary: 'Customers as CSV',
          tags,
          querystring: ZCustomerListQuerySchema.pick({ search: true }),
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="customer_list.csv"')
          .send(await customers.exportCsv(actorOf(request), request.query.search || null)),
    );

    app.get(
      '/api/customers/export/xlsx',
      {
        config: {
          access: access.permission('customers.export.access'),
          produces: {
            contentType: XLSX_TYPE,
            description: 'The customers as an Excel workbook, one per row (phones kept as text)',
          },
        },
        schema: {
          summary: 'Customers as an Excel workbook',
          tags,
          querystring: ZCustomerListQuerySchema.pick({ search: true }),
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', 'attachment; filename="customer_list.xlsx"')
          .send(await customers.exportWorkbook(actorOf(request), request.query.search || null)),
    );

    app.post(
      '/api/customers',
      {
        config: { access: access.permission('customers.create.access') },
        schema: {
          summary: 'Add a customer',
          response: { 201: ZCustomerSchema },
          tags,
          body: ZCustomerRequestSchema,
        },
      },
      async (request, reply) =>
        reply.status(201).send(await customers.create(actorOf(request), request.body)),
    );

    app.put(
      '/api/customers/:customer_id',
      {
        config: { access: access.permission('customers.edit.access') },
        schema: {
          summary: 'Edit a customer',
          response: { 200: ZCustomerSchema },
          tags,
          params: ZCustomerParams,
          body: ZCustomerRequestSchema,
        },
      },
      async (request) => customers.update(actorOf(request), request.params.customer_id, request.body),
    );

    app.delete(
      '/api/customers/:customer_id',
      {
        config: { access: access.permission('customers.delete.access') },
        schema: {
          summary: 'Delete a customer',
          response: { 200: ZDoneSchema },
          tags,
          params: ZCustomerParams,
        },
      },
      async (request) => customers.remove(actorOf(request), request.params.customer_id),
    );
  };
