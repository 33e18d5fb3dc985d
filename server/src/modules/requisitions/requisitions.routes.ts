import { ZPathId } from '@app/domain/schemas/common';
import { businessDate } from '@app/domain/dates/business-date';
import {
  ZExportFileSchema,
  ZRemarkRequestSchema,
  ZRequisitionBatchRequestSchema,
  ZRequisitionCreatedSchema,
  ZRequisitionExportQuerySchema,
  ZRequisitionListQuerySchema,
  ZRequisitionRequestSchema,
  ZRequisitionSchema,
} from '@app/domain/schemas/requisitions';
import { ZExpenseEmployeeSchema } from '@app/domain/schemas/expenses';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { Database } from '../../platform/db/client.ts';
import { sendPage } from '../../platform/http/paging.ts';
import { idempotencyKeyOf } from '../../platform/http/idempotency.ts';
import { formOrJson, parseFormValues } from '../../platform/http/multipart-form.ts';
import { createEmployeesRepository } from '../employees/index.ts';
import { requisitionsFile } from './requisitions-export.ts';
import type { TRequisitionsService } from './requisitions.service.ts';

const PAGE = access.permission('requisitions.page.access');
const ZRequisitionParams = z.object({
  requisition_id: ZPathId,
});
const ZDecided = z.object({ msg: z.string(), requisition: ZRequisitionSchema });

/**
 * The single-item create and the edit arrive as multipart (spec 3 §7) or JSON: text fields as the JSON would
 * send them (a quantity as a number; `notes` is the reason, as the edit sends it; a `signature` file or text is
 * the signature), checked by `schema` (422 with its first message).
 */
async function formOf<T>(request: FastifyRequest, schema: ZodType<T>): Promise<T> {
  const multipart = request.isMultipart();
  const { values, files } = await formOrJson(request);
  if (multipart) {
    const { quantity, employee_id: employeeId, signature: signatureText } = values as Record<string, string>;
    if (quantity !== undefined && /^\d+$/.test(quantity.trim())) values.quantity = Number(quantity);
    if (employeeId && /^\d+$/.test(employeeId)) values.employee_id = Number(employeeId);
    else delete values.employee_id;
    const signature = files.signature?.content.toString('base64') ?? signatureText;
    if (signature) values.signature_base64 = signature;
  }
  if (values.reason === undefined && typeof values.notes === 'string') values.reason = values.notes;
  return parseFormValues(schema, values);
}

export const requisitionsRoutes =
  (requisitions: TRequisitionsService, db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [url, summary] of [
      ['/api/requisitions', 'Requisitions, newest first (the caller’s own unless they may approve)'],
      ['/api/requisitions/filter', 'Requisitions matching a search (q) and dates'],
    ] as const) {
      app.get(
        url,
        {
          config: { access: PAGE },
          schema: {
            summary,
            tags: ['requisitions'],
            querystring: ZRequisitionListQuerySchema,
            response: { 200: z.array(ZRequisitionSchema) },
          },
        },
        async (request, reply) =>
          sendPage(reply, request.query, await requisitions.list(actorOf(request), request.query)),
      );
    }

    app.get(
      '/api/requisitions/employees',
      {
        config: { access: PAGE },
        schema: {
          summary: 'The business’s people a requisition may be for',
          tags: ['requisitions'],
          response: { 200: z.array(ZExpenseEmployeeSchema) },
        },
      },
      async (request) => createEmployeesRepository(db).people(actorOf(request).tenantId),
    );

    app.get(
      '/api/requisitions/export',
      {
        config: { access: PAGE },
        schema: {
          summary: 'The requisitions the filters match as CSV or Excel (base64)',
          tags: ['requisitions'],
          querystring: ZRequisitionExportQuerySchema,
          response: { 200: ZExportFileSchema },
        },
      },
      async (request) => {
        const { format, ...filters } = request.query;
        const actor = actorOf(request);
        return requisitionsFile(actor.tenantId, format, businessDate(), () =>
          requisitions.exportRows(actor, filters),
        );
      },
    );

    app.post(
      '/api/requisitions/batch',
      {
        bodyLimit: 2 * 1024 * 1024,
        config: { access: PAGE },
        schema: {
          summary: 'Request several items from a warehouse (Idempotency-Key); officers are e-mailed',
          tags: ['requisitions'],
          body: ZRequisitionBatchRequestSchema,
          response: { 201: ZRequisitionCreatedSchema },
        },
      },
      async (request, reply) => {
        const result = await requisitions.create(actorOf(request), request.body, idempotencyKeyOf(request));
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.post(
      '/api/requisitions',
      {
        config: { access: PAGE },
        schema: {
          summary: 'Request one item (multipart warehouse_name, item, quantity, reason, signature)',
          tags: ['requisitions'],
          response: { 201: ZRequisitionCreatedSchema },
        },
      },
      async (request, reply) => {
        const form = await formOf(request, ZRequisitionRequestSchema);
        const { item, quantity, ...rest } = form;
        const result = await requisitions.create(
          actorOf(request),
          { ...rest, employee_name: null, items: [{ item, quantity }] },
          idempotencyKeyOf(request, form),
        );
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.put(
      '/api/requisitions/:requisition_id',
      {
        config: { access: PAGE },
        schema: {
          summary: 'Change a pending requisition (multipart or JSON)',
          tags: ['requisitions'],
          params: ZRequisitionParams,
          response: { 200: ZDecided },
        },
      },
      async (request) =>
        requisitions.update(
          actorOf(request),
          request.params.requisition_id,
          await formOf(request, ZRequisitionRequestSchema),
        ),
    );

    for (const [action, status, key] of [
      ['approve', 'Approved', 'requisitions.approve'],
      ['reject', 'Rejected', 'requisitions.reject'],
    ] as const) {
      app.post(
        `/api/requisitions/:requisition_id/${action}`,
        {
          config: { access: access.permission(key) },
          schema: {
            summary:
              action === 'approve'
                ? 'Approve a pending requisition: its stock leaves today'
                : 'Reject a pending requisition',
            tags: ['requisitions'],
            params: ZRequisitionParams,
            response: { 200: ZDecided },
          },
        },
        async (request) => requisitions.decide(actorOf(request), request.params.requisition_id, status),
      );
    }

    app.put(
      '/api/requisitions/:requisition_id/remark',
      {
        config: { access: access.permission('requisitions.update_remark') },
        schema: {
          summary: 'Set a requisition’s remark',
          tags: ['requisitions'],
          params: ZRequisitionParams,
          body: ZRemarkRequestSchema,
          response: { 200: ZDecided },
        },
      },
      async (request) =>
        requisitions.remark(actorOf(request), request.params.requisition_id, request.body.remark),
    );

    app.delete(
      '/api/requisitions/:requisition_id',
      {
        config: { access: access.permission('requisitions.delete') },
        schema: {
          summary: 'Delete a requisition (an approved one’s stock goes back)',
          tags: ['requisitions'],
          params: ZRequisitionParams,
          response: { 200: z.object({ msg: z.string() }) },
        },
      },
      async (request) => requisitions.remove(actorOf(request), request.params.requisition_id),
    );
  };
