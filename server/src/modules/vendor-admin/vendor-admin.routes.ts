import {
  ADMIN_GRANT_HEADER,
  ZAdminGrantSchema,
  ZAdminUnlockRequestSchema,
  ZDecisionDoneSchema,
  ZDeletionReasonSchema,
  ZRejectionReasonSchema,
  ZPendingProductSchema,
  ZPendingQuerySchema,
  ZPendingVendorSchema,
  ZProductIdParamsSchema,
  ZVendorAdminStatsSchema,
  ZVendorApprovedSchema,
  ZVendorIdParamsSchema,
} from '@app/domain/schemas/vendor-admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { formOrJson, parseFormValues } from '../../platform/http/multipart-form.ts';
import type { TAdminGrants } from './admin-grant.ts';
import type { TVendorAdminService } from './vendor-admin.service.ts';

const TAGS = ['vendor-admin'];
const GRANTED = 'Needs the X-Admin-Grant header from POST /api/vendor-admin/unlock (403 without it).';

/** The reason of a reject or delete: multipart (spec 3 §7), a form or JSON. */
async function reasonOf(request: FastifyRequest, schema: typeof ZRejectionReasonSchema): Promise<string> {
  return parseFormValues(schema, (await formOrJson(request)).values).reason;
}

/**
 * Vendor Admin (spec 3 §2.6): the platform operator's console, the only cross-tenant routes of the product.
 * Every route is the MD's (`access.md()`); all but the unlock also need a live admin grant, checked by this
 * plugin's own onRequest hook (after the access guard, before the body is read).
 */
export const vendorAdminRoutes =
  (service: TVendorAdminService, grants: TAdminGrants): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/vendor-admin/unlock',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Enter the platform admin code: answers a short-lived admin grant',
          description:
            'Checked by the server against ADMIN_ACCESS_CODE (403 "Invalid access code"; 429 after repeated wrong codes; 403 when the server has no code set).',
          tags: TAGS,
          body: ZAdminUnlockRequestSchema,
          response: { 200: ZAdminGrantSchema },
        },
      },
      async (request) => grants.unlock(actorOf(request), request.body.code, request.ip),
    );

    const grantedRoutes: FastifyPluginAsyncZod = async (granted) => {
      granted.addHook('onRequest', async (request) => {
        const header = request.headers[ADMIN_GRANT_HEADER];
        grants.check(actorOf(request), Array.isArray(header) ? header[0] : header);
      });

      granted.get(
        '/api/vendor-admin/stats',
        {
          config: { access: access.md() },
          schema: {
            summary: 'Vendor Admin stat cards: pending vendors and products, approved and rejected today',
            description: GRANTED,
            tags: TAGS,
            response: { 200: ZVendorAdminStatsSchema },
          },
        },
        async () => service.stats(),
      );

      granted.get(
        '/api/vendors/pending',
        {
          config: { access: access.md() },
          schema: {
            summary:
              'Every business’s vendors awaiting review, newest first (X-Total-Count; the next page’s before in X-Next-Before)',
            description: GRANTED,
            tags: TAGS,
            querystring: ZPendingQuerySchema,
            response: { 200: z.array(ZPendingVendorSchema) },
          },
        },
        async (request, reply) => {
          const { rows, total, nextBefore } = await service.pendingVendors(request.query);
          reply.header('X-Total-Count', String(total));
          if (nextBefore !== null) reply.header('X-Next-Before', String(nextBefore));
          return rows;
        },
      );

      granted.get(
        '/api/vendors/products/pending',
        {
          config: { access: access.md() },
          schema: {
            summary:
              'Every vendor’s products awaiting review, newest first (X-Total-Count; the next page’s before in X-Next-Before)',
            description: GRANTED,
            tags: TAGS,
            querystring: ZPendingQuerySchema,
            response: { 200: z.array(ZPendingProductSchema) },
          },
        },
        async (request, reply) => {
          const { rows, total, nextBefore } = await service.pendingProducts(request.query);
          reply.header('X-Total-Count', String(total));
          if (nextBefore !== null) reply.header('X-Next-Before', String(nextBefore));
          return rows;
        },
      );

      granted.put(
        '/api/vendors/:vendor_id/approve',
        {
          config: { access: access.md() },
          schema: {
            summary: 'Approve a vendor: answers its access code, shown once',
            description: GRANTED,
            tags: TAGS,
            params: ZVendorIdParamsSchema,
            response: { 200: ZVendorApprovedSchema },
          },
        },
        async (request) => service.approveVendor(actorOf(request), request.params.vendor_id),
      );

      granted.put(
        '/api/vendors/:vendor_id/reject',
        {
          config: { access: access.md() },
          schema: {
            summary: 'Reject a vendor with a reason (multipart, form or JSON)',
            description: GRANTED,
            tags: TAGS,
            params: ZVendorIdParamsSchema,
            response: { 200: ZDecisionDoneSchema },
          },
        },
        async (request) =>
          service.rejectVendor(
            actorOf(request),
            request.params.vendor_id,
            await reasonOf(request, ZRejectionReasonSchema),
          ),
      );

      granted.put(
        '/api/vendors/products/:product_id/approve',
        {
          config: { access: access.md() },
          schema: {
            summary: 'Approve a vendor’s product',
            description: GRANTED,
            tags: TAGS,
            params: ZProductIdParamsSchema,
            response: { 200: ZDecisionDoneSchema },
          },
        },
        async (request) => service.approveProduct(actorOf(request), request.params.product_id),
      );

      granted.put(
        '/api/vendors/products/:product_id/reject',
        {
          config: { access: access.md() },
          schema: {
            summary: 'Reject a vendor’s product with a reason (multipart, form or JSON)',
            description: GRANTED,
            tags: TAGS,
            params: ZProductIdParamsSchema,
            response: { 200: ZDecisionDoneSchema },
          },
        },
        async (request) =>
          service.rejectProduct(
            actorOf(request),
            request.params.product_id,
            await reasonOf(request, ZRejectionReasonSchema),
          ),
      );

      granted.delete(
        '/api/vendors/products/:product_id',
        {
          config: { access: access.md() },
          schema: {
            summary: 'Delete a vendor’s product with a reason (multipart, form or JSON)',
            description: GRANTED,
            tags: TAGS,
            params: ZProductIdParamsSchema,
            response: { 200: ZDecisionDoneSchema },
          },
        },
        async (request) =>
          service.deleteProduct(
            actorOf(request),
            request.params.product_id,
            await reasonOf(request, ZDeletionReasonSchema),
          ),
      );

      granted.get(
        '/api/vendor-admin/files/:file_id',
        {
          config: {
            access: access.md(),
            produces: {
              contentType: 'application/octet-stream',
              description: 'A vendor’s document or a product’s image or video, with its own content type',
            },
          },
          schema: {
            summary: 'Open a vendor’s document or a product’s image or video',
            description: GRANTED,
            tags: TAGS,
            params: z.object({ file_id: z.string().max(64) }),
          },
        },
        async (request, reply) => {
          const { file, stream } = await service.openFile(request.params.file_id);
          const safeName = file.originalName.replace(/[^\w. -]/g, '_');
          return reply
            .type(file.contentType)
            .header('Content-Disposition', `inline; filename="${safeName}"`)
            .header('Cache-Control', 'private, no-store')
            .send(stream);
        },
      );
    };
    await app.register(grantedRoutes);
  };
