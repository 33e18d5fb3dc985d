import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '@app/domain/dates/business-date';
import { PNG_BYTES } from '../test/test-app.ts';
import { scratchDatabase, spawnServer, sqlOn, type TSpawnedServer } from '../test/spawned-server.ts';

/**
 * Two server processes on one PostgreSQL behind a small proxy that sends each request to the next process in
 * turn, as a load balancer would: what one process records or revokes, the other must see.
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
let database: Awaited<ReturnType<typeof scratchDatabase>>;
let servers: TSpawnedServer[] = [];
let proxy: http.Server;
let api: string;
const served: number[] = [0, 0];

function roundRobinProxy(backends: string[]): http.Server {
  let next = 0;
  return http.createServer((request, response) => {
    const index = next++ % backends.length;
    served[index]! += 1;
    const target = new URL(request.url!, backends[index]);
    const forwarded = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
}

describe.runIf(onPostgres)('two processes on one PostgreSQL', () => {
  beforeAll(async () => {
    database = await scratchDatabase('two_processes');
    servers = await Promise.all([spawnServer(database.url), spawnServer(database.url)]);
    proxy = roundRobinProxy(servers.map((s) => new URL(s.api).origin));
    proxy.listen(0, '127.0.0.1');
    await once(proxy, 'listening');
    api = `http://127.0.0.1:${(proxy.address() as { port: number }).port}/api`;
  }, 60_000);
  afterAll(async () => {
    proxy?.close();
    for (const server of servers) {
      server.process.kill('SIGTERM');
      await server.exited;
    }
    await database?.drop();
  });

  it('sells, restocks, stores and reads files and ends sessions across both', async () => {
    const name = `Twin Shop ${randomBytes(3).toString('hex')}`;
    const password = 'correct horse battery';
    const json = { 'content-type': 'application/json' };
    expect(
      (
        await fetch(`${api}/auth/register`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            username: name,
            email: `${randomUUID()}@example.com`,
            password,
            accepted_terms: true,
          }),
        })
      ).status,
    ).toBe(201);
    await sqlOn(
      database.url,
      `update tenants set plan = 'pro', plan_expires_at = now() + interval '30 days'`,
    );
    const login = await fetch(`${api}/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ username: name, password }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const headers = { ...json, ...auth };
    const post = (url: string, body: object) =>
      fetch(`${api}${url}`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: JSON.stringify(body),
      });

    const stocked = await post('/restock/new-item', {
      item_name: 'Rice 50kg',
      supplied_quantity: 100,
      reorder_level: 5,
      unit_price: 1500,
      supplier_name: 'Dangote Depot',
      purchase_date: businessDate(),
      payment_status: 'paid',
      payment_method: 'cash',
      new_warehouse_name: 'Main Shop',
    });
    expect(stocked.status).toBe(201);
    const itemId = ((await stocked.json()) as { item_id: number }).item_id;
    const restocked = await post('/restock/batch', {
      supplier_name: 'Dangote Depot',
      purchase_date: businessDate(),
      warehouse_name: 'Main Shop',
      payment_status: 'paid',
      payment_method: 'cash',
      items: [{ item_id: itemId, quantity: 20, unit_price: 1500 }],
    });
    expect(restocked.status, await restocked.clone().text()).toBe(201);

    // 120 units in stock, 140 wanted by 70 sales of 2 sent at once through both processes: exactly 60 sold.
    const sales = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        post('/sales/batch', {
          sale_date: businessDate(),
          warehouse_name: 'Main Shop',
          customer_name: `Buyer ${i}`,
          items: [{ item_id: itemId, quantity: 2, unit_price: 2000 }],
          payment_method: 'cash',
          payment_status: 'paid',
          invoice_override: true,
        }).then((res) => res.status),
      ),
    );
    expect([sales.filter((s) => s === 201).length, sales.filter((s) => s === 409).length]).toEqual([60, 10]);
    const [stock] = await sqlOn(database.url, 'select on_hand from items where id = $1', [itemId]);
    expect(stock.on_hand).toBe(0);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG_BYTES)], { type: 'image/png' }), 'invoice.png');
    const uploaded = await fetch(`${api}/expenses/upload-invoice`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const url = ((await uploaded.json()) as { invoice_file_url: string }).invoice_file_url;
    for (let i = 0; i < 2; i += 1) {
      const read = await fetch(`http://${new URL(api).host}${url}`, { headers: auth });
      expect(read.status).toBe(200);
      expect(Buffer.from(await read.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    }

    expect((await fetch(`${api}/users/me`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${api}/users/me`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${api}/auth/logout`, { method: 'POST', headers: auth })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await Promise.all(
      [1, 2].map(() => fetch(`${api}/users/me`, { headers: auth }).then((r) => r.status)),
    );
    expect(after).toEqual([401, 401]);
    expect(Math.min(...served)).toBeGreaterThan(30);
  }, 120_000);
});
