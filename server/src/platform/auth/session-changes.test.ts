import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  call,
  createEmployee,
  createTestApp,
  registerBusiness,
  testConfig,
  type TSession,
  type TTestApp,
} from '../../test/test-app.ts';

let t: TTestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ config: { sessionCacheSeconds: 30 } });
  // A second process: its own DATA_DIR and session cache, the same database.
  other = await buildApp({
    config: testConfig({ sessionCacheSeconds: 30 }),
    database: t.database,
    serveWebApp: false,
  });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** How the other process answers the session within a second (it may hear of a change a moment later). */
async function otherAnswers(session: TSession, expected: number): Promise<number> {
  let status = 0;
  for (let waited = 0; waited <= 1_000; waited += 50) {
    status = (await call(other, session, { method: 'GET', url: '/api/users/me' })).statusCode;
    if (status === expected) break;
    await sleep(50);
  }
  return status;
}

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('sessions across processes', () => {
  it('a sign-out in one process ends the session in the others at once, not after their cache', async () => {
    const { md } = await registerBusiness(t.app);
    expect((await call(other, md, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    expect((await call(t.app, md, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect(await otherAnswers(md, 401)).toBe(401);
  });

  it("a changed employee's keys reach the other processes at once", async () => {
    const { md } = await registerBusiness(t.app);
    const clerk = await createEmployee(t.app, md, ['customers.page.access']);
    const customers = () => call(other, clerk.session, { method: 'GET', url: '/api/customers' });
    expect((await customers()).statusCode).toBe(200);
    const revoked = await call(t.app, md, {
      method: 'POST',
      url: `/api/settings/employee-permissions/${clerk.employeeId}`,
      payload: [{ resource_key: 'customers.page.access', can_access: false }],
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    let status = 0;
    for (let waited = 0; waited <= 1_000 && status !== 403; waited += 50) {
      status = (await customers()).statusCode;
      if (status !== 403) await sleep(50);
    }
    expect(status).toBe(403);
  });
});
