import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { fileContents } from '../../platform/db/schema/index.ts';
import {
  call,
  createTestApp,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  testConfig,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
let md: TSession;
let tenantId: number;
beforeAll(async () => {
  t = await createTestApp();
  md = (await registerBusiness(t.app)).md;
  tenantId = (await call(t.app, md, { method: 'GET', url: '/api/users/me' })).json().tenant_id;
});
afterAll(() => t.close());

async function upload(): Promise<{ url: string; id: string }> {
  const res = await call(t.app, md, {
    method: 'POST',
    url: '/api/expenses/upload-invoice',
    ...multipartBody('file', 'invoice.png', PNG_BYTES),
  });
  expect(res.statusCode).toBe(201);
  const { invoice_file_url: url, file_id: id } = res.json();
  return { url, id };
}

describe('uploaded files', () => {
  it('are kept where every process of the app reads them', async () => {
    const { url, id } = await upload();
    const onDisk = path.join(t.config.dataDir, 'uploads', String(tenantId), id);
    const [inDatabase] = await t.database.db
      .execute(sql`select count(*)::int as n from ${fileContents} where key = ${`${tenantId}/${id}`}`)
      .then((answer) => (answer as unknown as { rows: { n: number }[] }).rows);
    if (t.database.kind === 'postgres') {
      expect([inDatabase!.n, existsSync(onDisk)]).toEqual([1, false]);
      // Another process: its own DATA_DIR, the same database.
      const other = await buildApp({
        config: testConfig(),
        database: t.database,
        serveWebApp: false,
      });
      try {
        const read = await call(other, md, { method: 'GET', url });
        expect(read.statusCode).toBe(200);
        expect(read.rawPayload.equals(PNG_BYTES)).toBe(true);
      } finally {
        await other.close();
      }
    } else {
      expect([inDatabase!.n, existsSync(onDisk)]).toEqual([0, true]);
    }
    const read = await call(t.app, md, { method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('answer 404 when their bytes are gone', async () => {
    const { url, id } = await upload();
    await t.database.db.delete(fileContents).where(sql`${fileContents.key} = ${`${tenantId}/${id}`}`);
    await rm(path.join(t.config.dataDir, 'uploads', String(tenantId), id), { force: true });
    const read = await call(t.app, md, { method: 'GET', url });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ detail: 'File not found' });
  });
});
