import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { NOT_SIGNED_IN, operationIdOf, requireRouteDocs } from './openapi.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TOperation = {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { description?: string }>;
};

async function operations() {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, TOperation>>;
  }>();
  return Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
  );
}

describe('the OpenAPI document', () => {
  it('gives every operation a summary, a distinct operation id and the security its access declares', async () => {
    const all = await operations();
    const routes = t.app.apiRoutes;
    expect(all.length).toBe(routes.length);
    for (const { operation } of all) expect(operation.summary).toBeTruthy();
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '{$1}');
      const found = all.find((op) => op.url === url && op.method === route.method.toLowerCase());
      expect(found, `${route.method} ${route.url}`).toBeTruthy();
      const { security, responses } = found!.operation;
      if (route.access.kind === 'public') {
        expect(security).toEqual([]);
        // No "not signed in" answer; a public route may still say 401 itself (the webhook's bad signature).
        expect(responses['401']?.description).not.toBe(NOT_SIGNED_IN);
      } else {
        expect(security).toEqual([{ bearerAuth: [] }]);
        expect(responses['401']).toBeDefined();
      }
      expect(responses['403'] !== undefined).toBe(
        route.access.kind === 'md' || route.access.kind === 'permission',
      );
    }
  });

  it('describes what every operation answers: a schema with its fields, or the file or page it sends', async () => {
    for (const { url, method, operation } of await operations()) {
      // A redirect (the test checkout's Pay and Cancel) answers with where to go, not a body.
      if (Object.keys(operation.responses).some((code) => /^30[1237]$/.test(code))) continue;
      const answers = Object.entries(operation.responses).filter(([code]) => /^[25]/.test(code));
      const described = answers.some(([, answer]) => {
        const content = (answer as { content?: Record<string, { schema?: Record<string, unknown> }> })
          .content;
        return Object.entries(content ?? {}).some(
          ([type, { schema }]) =>
            type !== 'application/json' ||
            Boolean(schema?.properties ?? schema?.items ?? schema?.anyOf) ||
            typeof schema?.additionalProperties === 'object',
        );
      });
      expect(described, `${method.toUpperCase()} ${url}`).toBe(true);
    }
  });

  it('refuses to start with a route that does not say what it answers', async () => {
    const app = Fastify();
    requireRouteDocs(app);
    expect(() => app.get('/api/mystery', { schema: { summary: 'Something' } }, async () => ({}))).toThrow(
      'Route GET /api/mystery declares no response schema (or produces)',
    );
    expect(() => app.get('/api/unnamed', async () => ({}))).toThrow('Route GET /api/unnamed has no summary');
    await app.close();
  });

  it('names operations after their method and path', () => {
    expect(operationIdOf('POST', '/api/sales/proforma/:proforma_id/convert')).toBe(
      'postApiSalesProformaByProformaIdConvert',
    );
    expect(operationIdOf('GET', '/api/inventory/items-map')).toBe('getApiInventoryItemsMap');
  });
});
