import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback } from '../../platform/db/schema/index.ts';
import { call, createTestApp, registerBusiness, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/feedback', () => {
  it('stores feedback against the signed-in caller, whatever user_id the body claims', async () => {
    const { md } = await registerBusiness(t.app);
    const res = await call(t.app, md, {
      method: 'POST',
      url: '/api/feedback',
      payload: {
        name: 'Ada',
        email: 'ada@example.com',
        feedback: 'Receipts print beautifully.',
        user_id: 999_999,
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, res.json().id));
    expect(row).toMatchObject({ userId: md.userId, name: 'Ada', feedback: 'Receipts print beautifully.' });
  });

  it('requires name, a valid e-mail and feedback', async () => {
    const { md } = await registerBusiness(t.app);
    for (const payload of [
      { email: 'ada@example.com', feedback: 'x' },
      { name: 'Ada', email: 'not-mail', feedback: 'x' },
      { name: 'Ada', email: 'ada@example.com', feedback: '   ' },
      { name: 'Ada', email: 'ada@example.com', feedback: 'x'.repeat(5001) },
    ]) {
      expect((await call(t.app, md, { method: 'POST', url: '/api/feedback', payload })).statusCode).toBe(422);
    }
  });
});
