import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { freshDatabase, testConfig } from '../../test/test-app.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { FastifyInstance } from 'fastify';

let database: DatabaseHandle;
let app: FastifyInstance;
let dist: string;
const SW = `importScripts("workbox-9c191d2f.js");${' '.repeat(2048)}`;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  // The build writes its boot script inline (web/vite.config.ts); a module script stays a file.
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>App</title><script>window.booted = 1;</script><script type="module" src="/assets/main-abc.js"></script>',
  );
  writeFileSync(path.join(dist, 'assets', 'main-abc.js'), 'console.log("hi")');
  writeFileSync(path.join(dist, 'assets', 'main-abc.js.gz'), gzipSync('console.log("hi")'));
  // What vite-plugin-pwa writes beside index.html (web/vite.config.ts).
  writeFileSync(path.join(dist, 'sw.js'), SW);
  writeFileSync(path.join(dist, 'sw.js.gz'), gzipSync(SW));
  writeFileSync(path.join(dist, 'workbox-9c191d2f.js'), 'define([], function () {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Naira Ledger","icons":[]}');
  database = await freshDatabase();
  app = await buildApp({ config: testConfig({ webDistDir: dist }), database });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('serving the web app', () => {
  it('answers client routes with index.html and unknown API paths with a JSON 404', async () => {
    for (const url of ['/', '/login', '/dashboard/settings', '/restock', '/apiary']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>App</title>');
    }
    const head = await app.inject({ method: 'HEAD', url: '/login' });
    expect([head.statusCode, head.headers['content-type'], head.body]).toEqual([
      200,
      'text/html; charset=utf-8',
      '',
    ]);
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    // The inline boot script runs by its hash (openssl dgst -sha256 -binary | base64), and only it.
    expect(page.headers['content-security-policy']).toContain(
      "script-src 'self' 'sha256-9krlHB+8EIYWZImz/T8eZtbS+2wuZYTDKD1wFIoRaqw=' https://connect.withmono.com",
    );
    for (const url of ['/assets/missing-123.js', '/demo.mp4']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.json()).toEqual({ detail: 'Not Found' });
  });

  it('keeps framing and referrer rules for what a browser shows from the API, not for JSON answers', async () => {
    const json = await app.inject({ method: 'GET', url: '/api/' });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect([json.headers['x-frame-options'], json.headers['referrer-policy']]).toEqual([
      undefined,
      undefined,
    ]);
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect([docs.headers['x-frame-options'], docs.headers['referrer-policy']]).toEqual([
      'DENY',
      'no-referrer',
    ]);
  });

  it('serves files added after start-up', async () => {
    writeFileSync(path.join(dist, 'assets', 'late-chunk.js'), 'export {}');
    const res = await app.inject({ method: 'GET', url: '/assets/late-chunk.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export {}');
  });

  it('serves hashed assets precompressed and cacheable for a year', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/main-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the service worker, its Workbox runtime and the manifest fresh (no-cache), with their types', async () => {
    const expected = {
      '/sw.js': /^(text|application)\/javascript/,
      '/workbox-9c191d2f.js': /^(text|application)\/javascript/,
      '/manifest.webmanifest': /^application\/manifest\+json/,
    };
    for (const [url, type] of Object.entries(expected)) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(type);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const zipped = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toBe('no-cache');
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/token', '/api/dashboard/create-employee']),
    );
  });
});
