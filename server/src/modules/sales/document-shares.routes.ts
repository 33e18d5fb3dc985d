import { MAX_ID } from '@app/domain/schemas/common';
import {
  ZDocumentShareRevokedSchema,
  ZDocumentShareSchema,
  ZSharedDocumentSchema,
} from '@app/domain/schemas/shares';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TDocumentSharesService } from './document-shares.service.ts';

/** Receipts and proformas are on the Sales screen: sharing one needs its key, as printing one does. */
const SALES = access.permission('sales.page.access');
const ZSaleParams = z.object({ sale_id: z.coerce.number().int().positive().max(MAX_ID) });
const ZProformaParams = z.object({ proforma_id: z.coerce.number().int().positive().max(MAX_ID) });
/** Any text: a malformed token is answered as an unknown one (404), so the answer says nothing. */
const ZTokenParams = z.object({ token: z.string() });

export const documentSharesRoutes =
  (shares: TDocumentSharesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/sales/:sale_id/receipt/share',
      {
        config: { access: SALES },
        schema: {
          summary: 'A public link to a sale’s receipt, and the WhatsApp link that sends it to the customer',
          tags: ['receipts'],
          params: ZSaleParams,
          response: { 201: ZDocumentShareSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await shares.share(actorOf(request), 'receipt', request.params.sale_id)),
    );

    app.delete(
      '/api/sales/:sale_id/receipt/share',
      {
        config: { access: SALES },
        schema: {
          summary: 'Revoke every public link to a sale’s receipt',
          tags: ['receipts'],
          params: ZSaleParams,
          response: { 200: ZDocumentShareRevokedSchema },
        },
      },
      async (request) => shares.revoke(actorOf(request), 'receipt', request.params.sale_id),
    );

    app.post(
      '/api/sales/proforma/:proforma_id/share',
      {
        config: { access: SALES },
        schema: {
          summary: 'A public link to a proforma invoice, and the WhatsApp link that sends it to the customer',
          tags: ['receipts'],
          params: ZProformaParams,
          response: { 201: ZDocumentShareSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await shares.share(actorOf(request), 'proforma', request.params.proforma_id)),
    );

    app.delete(
      '/api/sales/proforma/:proforma_id/share',
      {
        config: { access: SALES },
        schema: {
          summary: 'Revoke every public link to a proforma invoice',
          tags: ['receipts'],
          params: ZProformaParams,
          response: { 200: ZDocumentShareRevokedSchema },
        },
      },
      async (request) => shares.revoke(actorOf(request), 'proforma', request.params.proforma_id),
    );

    app.get(
      '/api/public/documents/:token',
      {
        config: { access: access.public() },
        schema: {
          summary: 'A shared receipt or proforma as printed (no sign-in; the link’s token is the key)',
          tags: ['receipts'],
          params: ZTokenParams,
          response: { 200: ZSharedDocumentSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
        return shares.publicView(request.params.token);
      },
    );

    app.get(
      '/api/public/documents/:token/pdf',
      {
        config: {
          access: access.public(),
          produces: { contentType: 'application/pdf', description: 'The shared document as an A4 PDF' },
        },
        schema: {
          summary: 'A shared receipt or proforma as PDF (no sign-in)',
          tags: ['receipts'],
          params: ZTokenParams,
        },
      },
      async (request, reply) => {
        const { pdf, filename } = await shares.publicPdf(request.params.token);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'no-store')
          .header('X-Robots-Tag', 'noindex')
          .send(pdf);
      },
    );
  };
