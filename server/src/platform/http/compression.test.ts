import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerBusiness, type TSession, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let md: TSession;
beforeAll(async () => {
  t = await createTestApp();
  ({ md } = await registerBusiness(t.app));
  for (let i = 0; i < 30; i++) {
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/customers',
      payload: {
        name: `Customer ${i}`,
        phone: `0801000${String(i).padStart(4, '0')}`,
        address: 'Allen Avenue',
      },
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  call(t.app, md, {
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('API answers on the wire', () => {
  it('compresses an answer of 512 bytes or more as the browser accepts, and leaves a smaller one alone', async () => {
    const plain = await get('/api/customers?limit=30');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gzipped = await get('/api/customers?limit=30', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());

    const chrome = await get('/api/customers?limit=30', 'gzip, deflate, br, zstd');
    expect(chrome.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(chrome.rawPayload).toString('utf8'))).toEqual(plain.json());

    // An answer the size of a recorded sale's (512 B to 1 KB) is compressed too.
    const few = await get('/api/customers?limit=5');
    expect(few.rawPayload.length).toBeGreaterThanOrEqual(512);
    expect(few.rawPayload.length).toBeLessThan(1024);
    const fewBrotli = await get('/api/customers?limit=5', 'gzip, deflate, br');
    expect(fewBrotli.headers['content-encoding']).toBe('br');
    expect(fewBrotli.rawPayload.length).toBeLessThan(few.rawPayload.length);

    const small = await get('/api/customers/metrics', 'gzip, deflate, br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ total_customers: 30 });
  });

  it('keeps the API headers and error answers readable', async () => {
    const missing = await get('/api/customers/999999', 'gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.json()).toEqual({ detail: expect.any(String) });
  });
});
