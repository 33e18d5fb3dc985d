import { ZPathId } from '@app/domain/schemas/common';
import { ZSimilarFileQuerySchema, ZSimilarFileSchema } from '@app/domain/files/similar-names';
import { ZStoredFileSchema } from '@app/domain/files/uploads';
import {
  ZExpenseEmployeeSchema,
  ZExpenseListQuerySchema,
  ZExpensePaidSchema,
  ZExpensePaymentRequestSchema,
  ZExpenseRequestSchema,
  ZExpenseSavedSchema,
  ZExpenseSchema,
  ZExpenseUpdateRequestSchema,
  ZInvoiceBase64RequestSchema,
  type TExpenseUpdateRequest,
} from '@app/domain/schemas/expenses';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/errors.ts';
import { sendPage } from '../../platform/http/paging.ts';
import { idempotencyKeyOf } from '../../platform/http/idempotency.ts';
import { formOrJson, parseFormValues } from '../../platform/http/multipart-form.ts';
import { tooLargeInWordsOf, type TFilesService } from '../files/index.ts';
import type { TExpensesService } from './expenses.service.ts';

const EXPENSES = access.permission('expenses.page.access');
const INVOICE_PURPOSE = 'expense_invoice';
const ZExpenseIdParams = z.object({ expense_id: ZPathId });
/** A camera capture in base64 is a third larger than the 10 MB file it carries. */
const BASE64_BODY_LIMIT = 15 * 1024 * 1024;
const NUMBER_FIELDS = new Set(['total_amount', 'amount_paid', 'employee_id', 'expense_id']);
const REQUIRED_FIELDS = new Set([
  'vendor_name',
  'total_amount',
  'expense_date',
  'payment_status',
  'payment_method',
]);

/**
 * A multipart edit's text field as the JSON edit would send it: a number as a number; an empty optional
 * field as null (cleared), an empty required one as '' (refused); an empty invoice_file_url as left out.
 */
function fieldValue(name: string, text: string): unknown {
  if (text === '') return name === 'invoice_file_url' ? undefined : REQUIRED_FIELDS.has(name) ? '' : null;
  if (NUMBER_FIELDS.has(name) && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  return text;
}

/** The edit's fields from multipart (storing its invoice_file) or JSON; 422 when they break the rules. */
async function editOf(request: FastifyRequest, files: TFilesService): Promise<TExpenseUpdateRequest> {
  const multipart = request.isMultipart();
  const { values, files: sent } = await formOrJson(request).catch(tooLargeInWordsOf(INVOICE_PURPOSE));
  if (multipart)
    for (const [name, text] of Object.entries(values)) values[name] = fieldValue(name, String(text));
  const file = sent.invoice_file;
  if (file)
    values.invoice_file_url = (
      await files.storeContent(actorOf(request), INVOICE_PURPOSE, file.content, file.filename)
    ).invoice_file_url;
  return parseFormValues(ZExpenseUpdateRequestSchema, values);
}

export const expensesRoutes =
  (expenses: TExpensesService, files: TFilesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/expenses',
      {
        config: { access: EXPENSES },
        schema: {
          summary: 'Expenses, newest first (filters, X-Total-Count; before for keyset pages)',
          tags: ['expenses'],
          querystring: ZExpenseListQuerySchema,
          response: { 200: z.array(ZExpenseSchema) },
        },
      },
      async (request, reply) =>
        sendPage(reply, request.query, await expenses.list(actorOf(request), request.query)),
    );

    app.get(
      '/api/expenses/pending',
      {
        config: { access: EXPENSES },
        schema: {
          summary: 'Expenses with money still owed (credit and partial), newest first',
          tags: ['expenses'],
          querystring: ZExpenseListQuerySchema.extend({
            limit: z.coerce.number().int().min(1).max(500).default(100),
          }),
          response: { 200: z.array(ZExpenseSchema) },
        },
      },
      async (request, reply) =>
        sendPage(reply, request.query, await expenses.list(actorOf(request), request.query, true)),
    );

    app.get(
      '/api/expenses/range',
      {
        config: { access: EXPENSES },
        schema: {
          summary: 'Expenses dated between two days, newest first',
          tags: ['expenses'],
          querystring: ZExpenseListQuerySchema.required({ start_date: true, end_date: true }).extend({
            limit: z.coerce.number().int().min(1).max(500).default(500),
          }),
          response: { 200: z.array(ZExpenseSchema) },
        },
      },
      async (request, reply) =>
        sendPage(reply, request.query, await expenses.list(actorOf(request), request.query)),
    );

    app.get(
      '/api/expenses/employees',
      {
        config: { access: EXPENSES },
        schema: {
          summary: 'The business’s people an expense may name',
          tags: ['expenses'],
          response: { 200: z.array(ZExpenseEmployeeSchema) },
        },
      },
      async (request) => expenses.people(actorOf(request)),
    );

    app.get(
      '/api/expenses/:expense_id',
      {
        config: { access: EXPENSES },
        schema: {
          summary: 'One expense',
          tags: ['expenses'],
          params: ZExpenseIdParams,
          response: { 200: ZExpenseSchema },
        },
      },
      async (request) => expenses.find(actorOf(request), request.params.expense_id),
    );

    app.post(
      '/api/expenses/json',
      {
        config: { access: EXPENSES },
        schema: {
          summary: 'Record an expense (Idempotency-Key)',
          tags: ['expenses'],
          body: ZExpenseRequestSchema,
          response: { 201: ZExpenseSavedSchema },
        },
      },
      async (request, reply) => {
        const result = await expenses.create(actorOf(request), request.body, idempotencyKeyOf(request));
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.put(
      '/api/expenses/:expense_id',
      {
        config: { access: access.permission('expenses.edit.access') },
        schema: {
          summary: 'Change an expense (multipart fields and invoice_file, or JSON)',
          tags: ['expenses'],
          params: ZExpenseIdParams,
          response: { 200: ZExpenseSavedSchema },
        },
      },
      async (request) => {
        const edit = await editOf(request, files);
        if (edit.expense_id !== undefined && edit.expense_id !== request.params.expense_id)
          throw new AppError('unprocessable', 'expense_id does not match the expense in the address');
        return expenses.update(actorOf(request), request.params.expense_id, edit);
      },
    );

    app.post(
      '/api/expenses/payments',
      {
        config: { access: access.permission('expenses.payment.access') },
        schema: {
          summary: 'Pay towards an expense (Idempotency-Key)',
          tags: ['expenses'],
          body: ZExpensePaymentRequestSchema,
          response: { 201: ZExpensePaidSchema },
        },
      },
      async (request, reply) => {
        const result = await expenses.pay(actorOf(request), request.body, idempotencyKeyOf(request));
        return reply.status(result.status as 201).send(result.body);
      },
    );

    app.delete(
      '/api/expenses/:expense_id',
      {
        config: { access: access.permission('expenses.delete.access') },
        schema: {
          summary: 'Delete an expense (it and its payments are marked deleted)',
          tags: ['expenses'],
          params: ZExpenseIdParams,
          response: { 200: z.object({ msg: z.string() }) },
        },
      },
      async (request) => expenses.remove(actorOf(request), request.params.expense_id),
    );

    app.get(
      '/api/expenses/similar-invoice',
      {
        config: { access: EXPENSES },
        schema: {
          summary: 'Whether an expense invoice with a name like this one was uploaded before',
          tags: ['expenses'],
          querystring: ZSimilarFileQuerySchema,
          response: { 200: ZSimilarFileSchema },
        },
      },
      async (request) => ({
        similar_exists: await files.hasSimilarName(
          actorOf(request),
          INVOICE_PURPOSE,
          request.query.file_name,
        ),
      }),
    );

    app.post(
      '/api/expenses/upload-invoice',
      {
        config: { access: EXPENSES },
        schema: {
          summary: 'Upload an expense invoice (multipart invoice_file, desired_name)',
          tags: ['expenses'],
          response: { 201: ZStoredFileSchema },
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
          .send(await files.storeDocument(actorOf(request), INVOICE_PURPOSE, file, desiredName));
      },
    );

    app.post(
      '/api/expenses/upload-invoice-base64',
      {
        bodyLimit: BASE64_BODY_LIMIT,
        config: { access: EXPENSES },
        schema: {
          summary: 'Upload a camera capture of an expense invoice (base64)',
          tags: ['expenses'],
          body: ZInvoiceBase64RequestSchema,
          response: { 201: ZStoredFileSchema },
        },
      },
      async (request, reply) => {
        const data = request.body.data_base64.replace(/^data:[^,]*,/, '');
        if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(data))
          throw new AppError('unprocessable', 'data_base64 is not base64');
        const content = Buffer.from(data, 'base64');
        return reply
          .status(201)
          .send(await files.storeContent(actorOf(request), INVOICE_PURPOSE, content, request.body.filename));
      },
    );
  };
