import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Serves the built SPA (precompressed assets when present) and its index.html for client routes;
 * unknown /api paths (and everything, without a built SPA) answer 404 {"detail": "Not Found"}.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  // Helmet's full header set (CSP and the rest) goes on pages and assets only; JSON answers get the
  // cheap headers of apiSecurityHeaders, which keeps the API's hot path light.
  await app.register(async (web) => {
    await web.register(helmet, {
      contentSecurityPolicy: {
        // blob: frames: receipts print from a hidden frame holding the generated PDF. Mono Connect (Settings →
        // Bank & POS with MONO_PUBLIC_KEY) is a script from one of two addresses that opens its own frame.
        directives: {
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'blob:'],
          'script-src': [
            "'self'",
            ...inlineScriptHashes(distDir),
            'https://connect.withmono.com',
            'https://unpkg.com',
          ],
          'frame-src': ["'self'", 'blob:', 'https://connect.withmono.com', 'https://*.mono.co'],
        },
      },
    });
    await serveSpa(web, distDir);
  });
}

/**
 * The CSP sources of index.html's inline scripts (the web build writes its boot script there, so the first
 * paint does not wait for a file): each one's SHA-256, as the browser hashes the text between the tags.
 */
export function inlineScriptHashes(distDir: string | null): string[] {
  const indexHtml = distDir ? path.join(distDir, 'index.html') : null;
  if (!indexHtml || !existsSync(indexHtml)) return [];
  const html = readFileSync(indexHtml, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, source]) => `'sha256-${createHash('sha256').update(source!).digest('base64')}'`,
  );
}

const JSON_ANSWER_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };
const SHOWN_ANSWER_HEADERS = {
  ...JSON_ANSWER_HEADERS,
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * A route that answers JSON declares its response schemas (platform/http/openapi.ts); one that answers a
 * file, a CSV or a page declares `produces` instead, and swagger's pages and unknown paths declare neither.
 */
const answersJson = (request: FastifyRequest) => Boolean(request.routeOptions.schema?.response);

/**
 * Headers every API answer carries. Framing and referrer rules matter only for what a browser can show
 * (a PDF, an image, a page, a 404); a JSON answer goes without them, which keeps a sale's round trip under
 * 2 KB (issue 16). Decided when the request arrives, from the route, so no hook runs on the answer's way out.
 */
export function apiSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(answersJson(request) ? JSON_ANSWER_HEADERS : SHOWN_ANSWER_HEADERS);
  });
}

async function serveSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
  const apiNotFound = { detail: 'Not Found' };
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(apiNotFound));
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    preCompressed: true,
    index: 'index.html',
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApi && path.extname(pathname) === '';
    if (!wantsPage) return reply.status(404).send(apiNotFound);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
