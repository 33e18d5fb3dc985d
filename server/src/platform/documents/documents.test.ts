/**
 * Issue 17 §2: documents are built on worker threads, so the server keeps answering while a business prints
 * a long receipt; a business may build DOCUMENTS_PER_TENANT at once (429 past it, others unaffected), and a
 * document past DOCUMENT_LIMITS is refused before it is built.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { businessDate } from '@app/domain/dates/business-date';
import type { TRequisition } from '@app/domain/schemas/requisitions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createStockFixture,
  createTestApp,
  makePro,
  multipartBody,
  PNG_BYTES,
  registerBusiness,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';
import { requisitionsFile } from '../../modules/requisitions/requisitions-export.ts';
import { AppError } from '../errors.ts';
import { DOCUMENT_LIMITS, DOCUMENT_THREAD_NICE } from './limits.ts';
import { createDocumentPool, documents, DOCUMENTS_PER_TENANT, tenantPrintingMessage } from './pool.ts';

const run = promisify(execFile);
const today = businessDate();
const SALE_LINES = 200;
const BIG_BUYER = 'Bulk Buyer Ventures';

let t: TTestApp;
let dir: string;
/** A Pro Yearly business (its logo prints) with DOCUMENT_LIMITS.printLines lines sold to BIG_BUYER today. */
let big: { md: TSession; tenantId: number; warehouse: string; itemId: number; item: string };

const post = (session: TSession, url: string, payload: object) =>
  call(t.app, session, { method: 'POST', url, payload });
const thermal = (session: TSession, customer: string, saleId?: number) =>
  post(session, '/api/sales/receipt/pdf', {
    customer_name: customer,
    date_raw: today,
    pdf_format: 'thermal',
    ...(saleId === undefined ? {} : { sale_id: saleId }),
  });

async function tenantOf(session: TSession): Promise<number> {
  return (await call(t.app, session, { method: 'GET', url: '/api/users/me' })).json().tenant_id;
}

async function sell(
  shop: { md: TSession; warehouse: string; itemId: number; item: string },
  customer: string,
  lines: number,
) {
  const res = await post(shop.md, '/api/sales/batch', {
    sale_date: today,
    customer_name: customer,
    warehouse_name: shop.warehouse,
    items: Array.from({ length: lines }, (_, n) => ({
      item_id: shop.itemId,
      item_name: shop.item,
      quantity: 1,
      unit_price: 1000 + n,
    })),
    payment_method: 'cash',
    payment_status: 'paid',
    invoice_override: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().sale.sale_id as number;
}

/** A business with one item in stock and one small sale to Ada Obi. */
async function smallShop() {
  const { md } = await registerBusiness(t.app);
  await makePro(t, md);
  const stock = await createStockFixture(t.app, md, { quantity: 10 });
  await sell({ md, ...stock }, 'Ada Obi', 1);
  return { md, tenantId: await tenantOf(md), ...stock };
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'documents-'));
  t = await createTestApp();
  const { md } = await registerBusiness(t.app);
  await makePro(t, md);
  const logo = await call(t.app, md, {
    method: 'POST',
    url: '/api/sales/company/logo',
    ...multipartBody('logo_file', 'logo.png', PNG_BYTES),
  });
  expect(logo.statusCode).toBe(201);
  const stock = await createStockFixture(t.app, md, { quantity: 5_000 });
  big = { md, tenantId: await tenantOf(md), ...stock };
  for (let sold = 0; sold < DOCUMENT_LIMITS.printLines; sold += SALE_LINES)
    await sell(big, BIG_BUYER, SALE_LINES);
}, 300_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('documents on worker threads', () => {
  it('answers the health check while a receipt of the largest size is built', async () => {
    // The longest time the event loop was held while the PDF was being built.
    let last = performance.now();
    let longestGapMs = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 5);
    let pdfAnswered = false;
    const pdf = post(big.md, '/api/sales/receipt/pdf', { customer_name: BIG_BUYER, date_raw: today }).finally(
      () => {
        pdfAnswered = true;
      },
    );
    try {
      await until(() => documents.buildingFor(big.tenantId) === 1, 'the receipt is being built');
      last = performance.now();
      longestGapMs = 0;
      for (let n = 0; n < 5; n++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/' });
        expect(res.statusCode).toBe(200);
        expect(pdfAnswered, 'the health check answered after the PDF').toBe(false);
      }
      const res = await pdf;
      expect(res.statusCode, res.body).toBe(200);
      // Generous: built on the event loop, this A4 receipt holds it for well over a second on this machine.
      expect(longestGapMs).toBeLessThan(400);
    } finally {
      clearInterval(ticker);
    }
  }, 120_000);

  it('prints a thermal receipt of the largest size with its logo, every line, on a few pages', async () => {
    const res = await thermal(big.md, BIG_BUYER);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.filename).toMatch(/^receipt_bulk-buyer-ventures_.*_thermal\.pdf$/);
    const file = path.join(dir, 'big.pdf');
    await writeFile(file, Buffer.from(body.pdf_base64, 'base64'));
    const text = (await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 })).stdout;
    expect(text).toContain('Bulk Buyer Ventures');
    // Every line is printed: its unit price (₦1,000.00 … ₦1,199.00) appears once per sale.
    expect(text.match(/1 x ₦1,199\.00/g)).toHaveLength(DOCUMENT_LIMITS.printLines / SALE_LINES);
    // A roll longer than the tallest page continues on the next (3 pages), not a page per overflowing cell.
    const pages = Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [file])).stdout)![1]);
    expect(pages).toBeLessThanOrEqual(4);
    // The logo came through the worker (a Buffer arrives there as a Uint8Array).
    const images = (await run('pdfimages', ['-list', file])).stdout;
    expect(images.trim().split('\n').length - 2).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it(`lets a business build ${DOCUMENTS_PER_TENANT} documents at once: one more is 429 with Retry-After, another business prints`, async () => {
    const other = await smallShop();
    await sell(big, 'Chinedu Eze', 1);
    const running = Array.from({ length: DOCUMENTS_PER_TENANT }, () => thermal(big.md, BIG_BUYER));
    await until(
      () => documents.buildingFor(big.tenantId) === DOCUMENTS_PER_TENANT,
      'the business builds its share',
    );
    const [refused, unread, otherBusiness] = await Promise.all([
      thermal(big.md, 'Chinedu Eze'),
      // Refused before its sales are read: a customer with none is 429 too, not 404.
      thermal(big.md, 'Nobody Bought Today'),
      thermal(other.md, 'Ada Obi'),
    ]);
    expect(unread.statusCode, unread.body).toBe(429);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({ detail: tenantPrintingMessage(DOCUMENTS_PER_TENANT) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(otherBusiness.statusCode, otherBusiness.body).toBe(200);
    for (const res of await Promise.all(running)) expect(res.statusCode, res.body).toBe(200);
    // Once they are done the business prints again.
    expect((await thermal(big.md, 'Chinedu Eze')).statusCode).toBe(200);
  }, 120_000);

  it(`refuses a receipt of more than ${DOCUMENT_LIMITS.printLines.toLocaleString('en')} lines with 422, and prints its sales one at a time`, async () => {
    const saleId = await sell(big, BIG_BUYER, 1);
    const refused = await thermal(big.md, BIG_BUYER);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({
      detail:
        'This receipt has 2,001 lines; a printed document holds at most 2,000. Print its sales one at a time.',
    });
    const a4 = await post(big.md, '/api/sales/receipt/pdf', { customer_name: BIG_BUYER, date_raw: today });
    expect(a4.statusCode).toBe(422);
    expect((await thermal(big.md, BIG_BUYER, saleId)).statusCode).toBe(200);
  }, 60_000);

  it(`refuses a spreadsheet of more than ${DOCUMENT_LIMITS.sheetRows.toLocaleString('en')} rows, and builds one of that many on a worker`, async () => {
    const row: TRequisition = {
      requisition_id: 1,
      public_id: '01936b2e-8f00-7a4c-9d10-000000000001',
      request_ref: 'REQ-1',
      submitted_at: new Date().toISOString(),
      employee_id: null,
      employee_name: 'Tunde Bello',
      requested_by_id: null,
      warehouse_name: 'Main Store',
      item_id: 1,
      item: 'Palm Oil 25L',
      quantity: 2,
      reason: 'Restock the shop',
      remark: null,
      status: 'Pending',
      signature: null,
      decided_at: null,
      decided_by: null,
    };
    const rows = Array.from({ length: DOCUMENT_LIMITS.sheetRows }, () => row);
    const file = await requisitionsFile(1, 'excel', today, async () => rows);
    expect(Buffer.from(file.content_base64, 'base64').subarray(0, 2).toString()).toBe('PK');
    const refused = await requisitionsFile(1, 'excel', today, async () => [...rows, row]).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 422,
      detail:
        'This export has 10,001 rows; a spreadsheet holds at most 10,000. Narrow the dates or the search.',
    });
  }, 60_000);
});

describe('the document pool', () => {
  const probe = (ms: number, label: string) => ({
    module: new URL('../../test/document-probe.ts', import.meta.url).href,
    name: 'holdThread',
    args: [ms, label],
  });
  const text = (bytes: Buffer) => bytes.toString();

  it('builds on a thread of its own and gives a free thread to the business served longest ago', async () => {
    const pool = createDocumentPool({ threads: 1, perTenant: 2 });
    try {
      const done: string[] = [];
      const track = (promise: Promise<Buffer>) => promise.then(text).then((label) => done.push(label));
      const first = track(pool.build(1, probe(400, 'a1')));
      const second = track(pool.build(1, probe(400, 'a2')));
      await expect(pool.build(1, probe(1, 'a3'))).rejects.toMatchObject({
        status: 429,
        detail: tenantPrintingMessage(2),
      });
      const other = track(pool.build(2, probe(1, 'b1')));
      await Promise.all([first, second, other]);
      expect(done.map((label) => label.split('@')[0])).toEqual(['a1', 'b1', 'a2']);
      // Built on a worker, not on the main thread (0).
      expect(done.every((label) => Number(label.split('@')[1]) > 0)).toBe(true);
      expect(pool.buildingFor(1)).toBe(0);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it.runIf(process.platform === 'linux')(
    'builds at a lower priority than the requests, on its own thread only',
    async () => {
      const pool = createDocumentPool({ threads: 1 });
      try {
        const nice = await pool.build(1, {
          module: new URL('../../test/document-probe.ts', import.meta.url).href,
          name: 'threadNice',
          args: [],
        });
        expect(Number(text(nice))).toBe(DOCUMENT_THREAD_NICE);
        expect(os.getPriority(0)).toBe(0);
      } finally {
        await pool.close();
      }
    },
    60_000,
  );

  it('refuses with 429 past the documents waiting over all businesses', async () => {
    const pool = createDocumentPool({ threads: 1, perTenant: 2, maxQueue: 1 });
    try {
      const running = pool.build(1, probe(300, 'a'));
      await until(() => pool.buildingFor(1) === 1, 'a is on the thread');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const waitingOne = pool.build(2, probe(1, 'b'));
      await expect(pool.build(3, probe(1, 'c'))).rejects.toMatchObject({ status: 429 });
      expect(text(await running)).toMatch(/^a@/);
      expect(text(await waitingOne)).toMatch(/^b@/);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('finishes the documents asked for when closed, then refuses new ones', async () => {
    const pool = createDocumentPool({ threads: 1, perTenant: 5 });
    const building = [pool.build(7, probe(200, 'one')), pool.build(7, probe(1, 'two'))];
    const closed = pool.close();
    expect((await Promise.all(building)).map(text).map((label) => label.split('@')[0])).toEqual([
      'one',
      'two',
    ]);
    await closed;
    await expect(pool.build(7, probe(1, 'three'))).rejects.toMatchObject({ status: 429 });
  }, 60_000);
});
