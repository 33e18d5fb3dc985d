import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '@app/domain/dates/business-date';
import { scratchDatabase, spawnServer, sqlOn } from '../test/spawned-server.ts';
import { SERVER_CLOSING } from './http/closing.ts';

let database: Awaited<ReturnType<typeof scratchDatabase>>;
const databaseUrl = () => database.url;

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('SIGTERM under load (PostgreSQL)', () => {
  beforeAll(async () => {
    database = await scratchDatabase('shutdown');
  });
  afterAll(() => database.drop());

  it('stops taking requests, finishes those in flight, exits within 10 s and loses no acknowledged sale', async () => {
    const { process: server, api: base, exited } = await spawnServer(databaseUrl());

    const name = `Shutdown Shop ${randomBytes(3).toString('hex')}`;
    const register = await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: name,
        email: `${randomUUID()}@example.com`,
        password: 'correct horse battery',
        accepted_terms: true,
      }),
    });
    expect(register.status).toBe(201);
    await sqlOn(
      databaseUrl(),
      `update tenants set plan = 'pro', plan_expires_at = now() + interval '30 days'`,
    );
    const login = await fetch(`${base}/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ username: name, password: 'correct horse battery' }),
    });
    const headers = {
      authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
      'content-type': 'application/json',
    };
    const stocked = await fetch(`${base}/restock/new-item`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        item_name: 'Rice 50kg',
        supplied_quantity: 1_000_000,
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

    const acknowledged: number[] = [];
    const refusals: unknown[] = [];
    let unanswered = 0;
    let serverGone = false;
    const sell = async () => {
      while (!serverGone) {
        try {
          const res = await fetch(`${base}/sales/batch`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({
              sale_date: businessDate(),
              warehouse_name: 'Main Shop',
              customer_name: 'Walk-in customer',
              items: [{ item_id: itemId, quantity: 2, unit_price: 2000 }],
              payment_method: 'cash',
              payment_status: 'paid',
              invoice_override: true,
            }),
          });
          const body = (await res.json()) as { sale_id?: number; detail?: unknown };
          if (res.status === 201) acknowledged.push(body.sale_id!);
          else refusals.push([res.status, body.detail]);
        } catch (error) {
          if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') serverGone = true;
          else unanswered += 1;
        }
      }
    };
    const clients = Array.from({ length: 20 }, sell);
    await sleep(1500);
    const signalled = Date.now();
    server.kill('SIGTERM');
    const [code] = await exited;
    const tookMs = Date.now() - signalled;
    serverGone = true;
    await Promise.all(clients);

    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    expect(acknowledged.length).toBeGreaterThan(10);
    for (const refusal of refusals) expect(refusal).toEqual([503, SERVER_CLOSING]);
    const [stored] = await sqlOn(
      databaseUrl(),
      `select count(*)::int as sales, (select 1000000 - on_hand from items where id = $1) as sold,
         (select coalesce(sum(quantity), 0)::int from sale_lines) as units from sales`,
      [itemId],
    );
    const ids = await sqlOn(databaseUrl(), 'select id from sales where id = any($1::int[])', [acknowledged]);
    expect(ids).toHaveLength(acknowledged.length);
    expect(stored.sales - acknowledged.length).toBeLessThanOrEqual(unanswered);
    expect([stored.sold, stored.units]).toEqual([stored.sales * 2, stored.sales * 2]);
  }, 60_000);
});
