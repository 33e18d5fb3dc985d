import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses `/api` answers of 512 bytes and more (brotli at quality 4, or gzip, as Accept-Encoding allows):
 * a sales list of 39 KB travels as about 3 KB on mobile data, a recorded sale's answer (~800 B) as ~450 B. Types that are already compressed (PDF,
 * zip, xlsx, images) stay as they are; streamed answers (CSV exports) are compressed as they stream. The
 * SPA's files are not: they are precompressed at build time (web/vite.config.ts) and served as such.
 * Request bodies are never decompressed (the body limits count what is sent). Register before any route.
 */
export async function registerApiCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && route.url.startsWith('/api/')) route.compress = API_COMPRESSION;
  });
  await app.register(compress, { globalCompression: false, globalDecompression: false });
}

const API_COMPRESSION = {
  encodings: ['br' as const, 'gzip' as const],
  threshold: 512,
  // JSON of any kind; other types follow mime-db's "compressible" flag.
  customTypes: /(?:\+|\/)json(?:;|$)/,
};
