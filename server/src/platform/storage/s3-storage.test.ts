import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, multipartBody, PNG_BYTES, registerBusiness } from '../../test/test-app.ts';
import { startS3Server } from '../../test/s3-server.ts';
import type { TS3Config } from '../config.ts';
import { fileContents } from '../db/schema/index.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';

const BUCKET = 'shop-files';
const KEYS = { accessKeyId: 'local-key', secretAccessKey: 'local-secret' };

let s3: Awaited<ReturnType<typeof startS3Server>>;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server({ bucket: BUCKET, accessKeyId: KEYS.accessKeyId, pageSize: 2 });
  dir = await mkdtemp(path.join(os.tmpdir(), 's3-earlier-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const config = (overrides: Partial<TS3Config> = {}): TS3Config => ({
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint: s3.url,
  credentials: KEYS,
  forcePathStyle: true,
  prefix: 'naira/',
  ...overrides,
});

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('S3 storage', () => {
  it('puts, reads and removes objects under its prefix; a missing key reads as nothing', async () => {
    const storage = createS3Storage(config(), createDiskStorage(dir));
    try {
      await storage.put('7/a-file', Buffer.from('invoice bytes'));
      expect(s3.objects.get('naira/7/a-file')?.toString()).toBe('invoice bytes');
      expect((await bytesOf(await storage.read('7/a-file')))?.toString()).toBe('invoice bytes');
      expect(await storage.read('7/no-such-file')).toBeNull();
      await storage.remove('7/a-file');
      expect(s3.objects.has('naira/7/a-file')).toBe(false);
    } finally {
      storage.close();
    }
  });

  it("removes a closed business's every object, over several pages, and no other business's", async () => {
    const storage = createS3Storage(config(), createDiskStorage(dir));
    try {
      for (const id of ['a', 'b', 'c', 'd', 'e']) await storage.put(`8/${id}`, Buffer.from(id));
      await storage.put('80/kept', Buffer.from('other business'));
      await storage.removeAll('8');
      expect([...s3.objects.keys()].filter((key) => key.startsWith('naira/8'))).toEqual(['naira/80/kept']);
    } finally {
      storage.close();
    }
  });

  it('still reads a file stored before the bucket was set', async () => {
    const earlier = createDiskStorage(dir);
    await earlier.put('9/older', Buffer.from('from disk'));
    const storage = createS3Storage(config(), earlier);
    try {
      expect((await bytesOf(await storage.read('9/older')))?.toString()).toBe('from disk');
      await storage.remove('9/older');
      expect(await earlier.read('9/older')).toBeNull();
    } finally {
      storage.close();
    }
  });

  it('fails loudly when the bucket refuses its keys', async () => {
    const storage = createS3Storage(
      config({ credentials: { accessKeyId: 'wrong', secretAccessKey: 'x' } }),
      createDiskStorage(dir),
    );
    try {
      await expect(storage.put('7/refused', Buffer.from('x'))).rejects.toThrow(/Access Denied/);
    } finally {
      storage.close();
    }
  });
});

describe('uploads with S3_BUCKET set', () => {
  it('go to the bucket, not the database or DATA_DIR, and are read back through the API', async () => {
    const t = await createTestApp({ config: { s3: config({ prefix: '' }) } });
    try {
      const { md } = await registerBusiness(t.app);
      const tenantId = (await call(t.app, md, { method: 'GET', url: '/api/users/me' })).json().tenant_id;
      const res = await call(t.app, md, {
        method: 'POST',
        url: '/api/expenses/upload-invoice',
        ...multipartBody('file', 'invoice.png', PNG_BYTES),
      });
      expect(res.statusCode).toBe(201);
      const { invoice_file_url: url, file_id: id } = res.json();
      expect(s3.objects.get(`${tenantId}/${id}`)?.equals(PNG_BYTES)).toBe(true);
      const [stored] = await t.database.db
        .execute(sql`select count(*)::int as n from ${fileContents}`)
        .then((answer) => (answer as unknown as { rows: { n: number }[] }).rows);
      expect(stored!.n).toBe(0);
      expect(existsSync(path.join(t.config.dataDir, 'uploads', String(tenantId), id))).toBe(false);

      const read = await call(t.app, md, { method: 'GET', url });
      expect(read.statusCode).toBe(200);
      expect(read.rawPayload.equals(PNG_BYTES)).toBe(true);
      s3.objects.delete(`${tenantId}/${id}`);
      const gone = await call(t.app, md, { method: 'GET', url });
      expect([gone.statusCode, gone.json()]).toEqual([404, { detail: 'File not found' }]);
    } finally {
      await t.close();
    }
  });
});
