import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/auth/access.ts';
import { htmlPage, TERMS_PAGE } from '../../platform/http/html-page.ts';

const VENDOR_TERMS_HTML = htmlPage(
  'Vendor Terms',
  `<p>These terms apply to vendors who list products on the marketplace.</p>
<h2>1. Registration</h2><p>Vendors register with true business details and documents. An administrator reviews each registration and may approve or reject it.</p>
<h2>2. Products</h2><p>Product listings must describe real goods the vendor can supply, at the stated price, and must not infringe others' rights.</p>
<h2>3. Conduct</h2><p>Vendors deal honestly with businesses that buy from them. Listings may be removed and accounts suspended for misleading or unlawful conduct.</p>`,
);

export const vendorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/vendors/terms',
    {
      config: { access: access.public(), produces: TERMS_PAGE },
      schema: { summary: 'The vendor marketplace terms', tags: ['vendors'] },
    },
    (_r, reply) => reply.type('text/html; charset=utf-8').send(VENDOR_TERMS_HTML),
  );
};
