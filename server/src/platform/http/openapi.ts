/**
 * The OpenAPI document served at /api/docs: generated from the routes' zod schemas, with what each route's
 * declared access says (security, who may call it, the 401 and 403 it can answer) and the error answers
 * every route shares, so `redocly lint` finds it complete (`npm run contract`).
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { TRouteAccess } from '../auth/access.ts';

/** The 401 every signed-in route may answer. */
export const NOT_SIGNED_IN = 'Not signed in, or the session ended';

type TTransform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/** What a route that answers a file or a page instead of JSON sends (its config's `produces`). */
export type TProduces = { contentType: string; description: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    produces?: TProduces;
  }
}
type TJsonSchema = Record<string, unknown>;

const ERROR_BODY = {
  type: 'object',
  properties: { detail: { description: 'What went wrong, in words a user can read' } },
  required: ['detail'],
};
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_BODY } },
});

export const OPENAPI_DOCUMENT: FastifyDynamicSwaggerOptions['openapi'] = {
  openapi: '3.0.3',
  info: {
    title: 'Naira Ledger API',
    version: '0.1.0',
    description:
      'Sales and inventory for small businesses. Money is naira with kobo (two decimals); errors are {"detail": …}; lists send X-Total-Count.',
    license: { name: 'Proprietary', url: 'https://example.com/license' },
  },
  servers: [{ url: '/', description: 'This server' }],
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
  },
};

function whoMayCall(access: TRouteAccess): string {
  switch (access.kind) {
    case 'public':
      return 'Anyone (no sign-in).';
    case 'signed_in':
      return 'Anyone signed in.';
    case 'md':
      return 'The MD only.';
    case 'permission':
      return `The MD, or an employee with ${access.keys.map((key) => `\`${key}\``).join(' or ')}.`;
  }
}

/** getApiSalesProformaByProformaIdConvert for POST /api/sales/proforma/:proforma_id/convert, and so on. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by_${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[-_]/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words]
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

export const openApiTransform: TTransform = (args) => {
  const transformed = jsonSchemaTransform(args as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = { ...(transformed.schema as TJsonSchema) };
  const access = (args.route.config as { access?: TRouteAccess } | undefined)?.access;
  const method = [args.route.method].flat()[0]!;
  const responses = { ...((schema.response as TJsonSchema | undefined) ?? {}) };
  const produces = (args.route.config as { produces?: TProduces } | undefined)?.produces;
  if (produces)
    responses['200'] = {
      description: produces.description,
      content: { [produces.contentType]: { schema: { type: 'string', format: 'binary' } } },
    };
  if (access) {
    schema.description = [schema.description, `Who may call it: ${whoMayCall(access)}`]
      .filter(Boolean)
      .join('\n\n');
    schema.security = access.kind === 'public' ? [] : [{ bearerAuth: [] }];
    if (access.kind !== 'public') responses['401'] ??= errorResponse(NOT_SIGNED_IN);
    if (access.kind === 'md' || access.kind === 'permission')
      responses['403'] ??= errorResponse('Signed in without the access this needs');
  }
  if (schema.params) responses['404'] ??= errorResponse('Not found in this business');
  if (schema.body || schema.querystring || schema.params)
    responses['422'] ??= errorResponse('The request is not valid; nothing was changed');
  schema.response = responses;
  schema.operationId ??= operationIdOf(method, args.url);
  return { ...transformed, schema };
};

/**
 * Every /api route says in a few words what it does (its OpenAPI summary) and what it answers (its response
 * schemas, or `produces` for a file or a page): one that does not stops the start-up.
 */
export function requireRouteDocs(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const name = `Route ${[route.method].flat().join(',')} ${route.url}`;
    const schema = route.schema as { summary?: string; response?: object } | undefined;
    if (!schema?.summary) throw new Error(`${name} has no summary`);
    const answers = Object.keys(schema.response ?? {}).length > 0 || route.config?.produces;
    if (!answers) throw new Error(`${name} declares no response schema (or produces)`);
  });
}
