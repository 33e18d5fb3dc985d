/**
 * SIGTERM while a business prints (issue 17 §2 with §1's shutdown): the server as its own process (from the
 * sources, so its document worker runs under tsx) answers the receipt being built, then closes its document
 * threads and exits, well within the 7 s grace period.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { businessDate } from '@app/domain/dates/business-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, spawnServer, sqlOn } from '../../test/spawned-server.ts';

let database: Awaited<ReturnType<typeof scratchDatabase>>;

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('SIGTERM while printing (PostgreSQL)', () => {
  beforeAll(async () => {
    database = await scratchDatabase('printing_shutdown');
  });
  afterAll(() => database.drop());

  it('answers the receipt being built, then exits within a few seconds', async () => {
    const { process: server, api, exited } = await spawnServer(database.url);
    const name = `Printing Shop ${randomBytes(3).toString('hex')}`;
    const password = 'correct horse battery';
    const json = { 'content-type': 'application/json' };
    const register = await fetch(`${api}/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: name,
        email: `${randomUUID()}@example.com`,
        password,
        accepted_terms: true,
      }),
    });
    expect(register.status).toBe(201);
    await sqlOn(
      database.url,
      `update tenants set plan = 'pro', plan_expires_at = now() + interval '30 days'`,
    );
    const login = await fetch(`${api}/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ username: name, password }),
    });
    const headers = {
      ...json,
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
    };
    const stocked = await fetch(`${api}/restock/new-item`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        item_name: 'Rice 50kg',
        supplied_quantity: 2_000,
        reorder_level: 5,
        unit_price: 1500,
        supplier_name: 'Dangote Depot',
        purchase_date: businessDate(),
        payment_status: 'paid',
        payment_method: 'cash',
        new_warehouse_name: 'Main Shop',
      }),
    });
    const itemId = ((await stocked.json()) as { item_id: number }).item_id;
    for (let sale = 0; sale < 9; sale++) {
      const sold = await fetch(`${api}/sales/batch`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          sale_date: businessDate(),
          warehouse_name: 'Main Shop',
          customer_name: 'Bulk Buyer',
          items: Array.from({ length: 200 }, () => ({ item_id: itemId, quantity: 1, unit_price: 1000 })),
          payment_method: 'cash',
          payment_status: 'paid',
          invoice_override: true,
        }),
      });
      expect(sold.status).toBe(201);
    }

    const receipt = fetch(`${api}/sales/receipt/pdf`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ customer_name: 'Bulk Buyer', date_raw: businessDate(), pdf_format: 'thermal' }),
    });
    await sleep(300);
    const signalled = Date.now();
    server.kill('SIGTERM');
    const answer = await receipt;
    const body = (await answer.json()) as { pdf_base64: string; filename: string };
    const [code] = await exited;
    const tookMs = Date.now() - signalled;

    expect(answer.status).toBe(200);
    expect(Buffer.from(body.pdf_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(code).toBe(0);
    // Its kept-alive connection closes with the answer, so the close does not wait for the 7 s grace period.
    expect(tookMs).toBeLessThan(6_000);
  }, 120_000);
});
