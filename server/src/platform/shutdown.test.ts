import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '@app/domain/dates/business-date';
import { SERVER_CLOSING } from './http/closing.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const baseUrl = process.env.TEST_DATABASE_URL;
const databaseName = `t_shutdown_${Date.now()}_${randomBytes(3).toString('hex')}`;

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

const databaseUrl = () => {
  const url = new URL(baseUrl!);
  url.pathname = `/${databaseName}`;
  return url.toString();
};

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('SIGTERM under load (PostgreSQL)', () => {
  beforeAll(() => sql(baseUrl!, `CREATE DATABASE ${databaseName}`));
  afterAll(() => sql(baseUrl!, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));

  it('stops taking requests, finishes those in flight, exits within 10 s and loses no acknowledged sale', async () => {
    const port = await freePort();
    const server = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', path.join(SERVER_DIR, 'src/main.ts')],
      {
        cwd: SERVER_DIR,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl(),
          DATA_DIR: `/tmp/app-shutdown-${randomBytes(4).toString('hex')}`,
          JWT_SECRET: 'x'.repeat(40),
          LOG_LEVEL: 'warn',
          PORT: String(port),
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const exited = once(server, 'exit') as Promise<[number | null, string | null]>;
    const base = `http://127.0.0.1:${port}/api`;
    for (let ready = false; !ready;) {
      ready = await fetch(`${base}/`).then(
        (res) => res.ok,
        () => false,
      );
      if (!ready) await sleep(200);
    }

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
    await sql(databaseUrl(), `update tenants set plan = 'pro', plan_expires_at = now() + interval '30 days'`);
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
    const [stored] = await sql(
      databaseUrl(),
      `select count(*)::int as sales, (select 1000000 - on_hand from items where id = $1) as sold,
         (select coalesce(sum(quantity), 0)::int from sale_lines) as units from sales`,
      [itemId],
    );
    const ids = await sql(databaseUrl(), 'select id from sales where id = any($1::int[])', [acknowledged]);
    expect(ids).toHaveLength(acknowledged.length);
    expect(stored.sales - acknowledged.length).toBeLessThanOrEqual(unanswered);
    expect([stored.sold, stored.units]).toEqual([stored.sales * 2, stored.sales * 2]);
  }, 60_000);
});
