import { ZPathId } from '@app/domain/schemas/common';
import {
  ZMarketplacePageSchema,
  ZMarketplaceQuerySchema,
  ZOwnProductsPageSchema,
  ZOwnProductsQuerySchema,
  ZOwnVendorSchema,
  ZVendorProductSchema,
  ZVendorSchema,
} from '@app/domain/schemas/vendors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { htmlPage, TERMS_PAGE } from '../../platform/http/html-page.ts';
import { formFingerprint, idempotencyKeyOf } from '../../platform/http/idempotency.ts';
import { readVendorForm } from './vendor-uploads.ts';
import type { TVendorsService } from './vendors.service.ts';

const VENDOR_TERMS_HTML = htmlPage(
  'Vendor Terms',
  `<p>These terms apply to vendors who list products on the marketplace.</p>
<h2>1. Registration</h2><p>Vendors register with true business details and documents. An administrator reviews each registration and may approve or reject it.</p>
<h2>2. Products</h2><p>Product listings must describe real goods the vendor can supply, at the stated price, and must not infringe others' rights.</p>
<h2>3. Conduct</h2><p>Vendors deal honestly with businesses that buy from them. Listings may be removed and accounts suspended for misleading or unlawful conduct.</p>`,
);

/** The Vendors screen (spec 1 §2 menu): the MD, or whoever holds its key. */
const VENDORS = access.permission('vendors.page.access');
/** Public images: an hour in shared caches (a product taken off the marketplace stops being served). */
const IMAGE_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

export const vendorsRoutes =
  (vendors: TVendorsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/vendors/terms',
      {
        config: { access: access.public(), produces: TERMS_PAGE },
        schema: { summary: 'The vendor marketplace terms', tags: ['vendors'] },
      },
      // The registration's Terms modal embeds this page: framing by the app itself only.
      (_r, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('x-frame-options', 'SAMEORIGIN')
          .header('content-security-policy', "frame-ancestors 'self'")
          .send(VENDOR_TERMS_HTML),
    );

    app.post(
      '/api/vendors/register',
      {
        config: { access: VENDORS },
        schema: {
          summary:
            'Register the business as a vendor (multipart: fields, images gov_id, location_proof, bulk_proof and optional cac_cert, warehouse)',
          tags: ['vendors'],
          response: {
            201: z.object({ success: z.boolean(), message: z.string(), vendor: ZVendorSchema }),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await vendors.register(actorOf(request), await readVendorForm(request))),
    );

    app.get(
      '/api/vendors/me',
      {
        config: { access: VENDORS },
        schema: {
          summary: "The business's own vendor profile and its state (null before registering)",
          tags: ['vendors'],
          response: { 200: ZOwnVendorSchema },
        },
      },
      async (request) => vendors.ownVendor(actorOf(request)),
    );

    app.post(
      '/api/vendors/products',
      {
        config: { access: VENDORS },
        schema: {
          summary:
            'Upload a product under the business’s vendor profile (multipart: fields, lists as JSON text, 1–2 images, optional video)',
          tags: ['vendors'],
          response: {
            201: z.object({ success: z.boolean(), message: z.string(), product: ZVendorProductSchema }),
          },
        },
      },
      async (request, reply) => {
        const form = await readVendorForm(request);
        const key = idempotencyKeyOf(request, formFingerprint(form));
        const { body } = await vendors.uploadProduct(actorOf(request), form, key);
        return reply.status(201).send(body);
      },
    );

    app.get(
      '/api/vendors/products/mine',
      {
        config: { access: VENDORS },
        schema: {
          summary: "The business's own products with their state, newest first (keyset: before)",
          tags: ['vendors'],
          querystring: ZOwnProductsQuerySchema,
          response: { 200: ZOwnProductsPageSchema },
        },
      },
      async (request) => vendors.ownProducts(actorOf(request), request.query),
    );

    app.get(
      '/api/marketplace/products',
      {
        config: { access: access.public() },
        schema: {
          summary:
            'The public marketplace: approved products of approved vendors (search, category, state; keyset)',
          tags: ['marketplace'],
          querystring: ZMarketplaceQuerySchema,
          response: { 200: ZMarketplacePageSchema },
        },
      },
      async (request) => vendors.marketplace(request.query),
    );

    app.get(
      '/api/marketplace/products/:product_id/images/:index',
      {
        config: {
          access: access.public(),
          produces: { contentType: 'image/*', description: 'The product image (PNG or JPEG)' },
        },
        schema: {
          summary: "A marketplace product's image (only while the product and its vendor are approved)",
          tags: ['marketplace'],
          params: z.object({
            product_id: ZPathId,
            index: z.coerce.number().int().min(0).max(1),
          }),
        },
      },
      async (request, reply) => {
        const image = await vendors.marketplaceImage(request.params.product_id, request.params.index);
        return reply
          .type(image.contentType)
          .header('Cache-Control', IMAGE_CACHE)
          .header('X-Content-Type-Options', 'nosniff')
          .send(image.stream);
      },
    );
  };
