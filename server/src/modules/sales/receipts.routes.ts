import { ZPathId } from '@app/domain/schemas/common';
import {
  ZPdfFileSchema,
  ZReceiptEmailQueuedSchema,
  ZReceiptEmailStatusSchema,
} from '@app/domain/schemas/sales';
import {
  ZProformaPdfRequestSchema,
  ZReceiptEmailRequestSchema,
  ZReceiptPdfRequestSchema,
} from '@app/domain/schemas/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TReceiptsService } from './receipts.service.ts';

const SALES = access.permission('sales.page.access');

export const receiptsRoutes =
  (receipts: TReceiptsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/sales/receipt/pdf',
      {
        config: { access: SALES },
        schema: {
          summary: 'A receipt as PDF (A4 or 80 mm)',
          tags: ['receipts'],
          body: ZReceiptPdfRequestSchema,
          response: { 200: ZPdfFileSchema },
        },
      },
      async (request) => receipts.receiptPdf(actorOf(request), request.body),
    );

    app.post(
      '/api/sales/receipt/email',
      {
        config: { access: SALES },
        schema: {
          summary: 'E-mail a receipt',
          tags: ['receipts'],
          body: ZReceiptEmailRequestSchema,
          response: {
            202: ZReceiptEmailQueuedSchema,
          },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await receipts.emailReceipt(actorOf(request), request.body)),
    );

    app.get(
      '/api/sales/receipt/email/:email_id',
      {
        config: { access: SALES },
        schema: {
          summary: 'Whether a receipt e-mail was sent',
          tags: ['receipts'],
          params: z.object({ email_id: ZPathId }),
          response: {
            200: ZReceiptEmailStatusSchema,
          },
        },
      },
      async (request) => receipts.emailStatus(actorOf(request), request.params.email_id),
    );

    app.post(
      '/api/sales/proforma/pdf',
      {
        config: { access: SALES },
        schema: {
          summary: 'A proforma invoice as PDF',
          tags: ['receipts'],
          body: ZProformaPdfRequestSchema,
          response: { 200: ZPdfFileSchema },
        },
      },
      async (request) => receipts.proformaPdf(actorOf(request), request.body),
    );
  };
