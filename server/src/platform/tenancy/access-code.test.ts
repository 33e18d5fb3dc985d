import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { tenants, users } from '../db/schema/index.ts';
import { freshDatabase } from '../../test/test-app.ts';
import { createAccessCodes, INVALID_ACCESS_CODE } from './access-code.ts';

let database: DatabaseHandle;
let tenantId: number;
let userId: number;
beforeAll(async () => {
  database = await freshDatabase();
  [{ id: tenantId }] = (await database.db
    .insert(tenants)
    .values({ name: 'Code Shop', nameKey: 'code shop' })
    .returning({ id: tenants.id })) as [{ id: number }];
  [{ id: userId }] = (await database.db
    .insert(users)
    .values({ tenantId, role: 'md', name: 'Code Shop', email: 'md@code.example', passwordHash: 'x' })
    .returning({ id: users.id })) as [{ id: number }];
});
afterAll(() => database.close());

const author = () => ({ tenantId, userId, username: 'Code Shop' });

describe('the access code', () => {
  it('counts wrong codes across processes and lets the right one clear them', async () => {
    // Two processes: their own access-code objects, one database.
    const [first, second] = [createAccessCodes(database.db), createAccessCodes(database.db)];
    await first.set(author(), '482913');
    await expect(first.verify(tenantId, '000000')).rejects.toThrow(INVALID_ACCESS_CODE);
    await expect(second.verify(tenantId, '482913')).resolves.toBeUndefined();
    for (let i = 0; i < 10; i += 1)
      await expect((i % 2 ? first : second).verify(tenantId, '111111')).rejects.toThrow(INVALID_ACCESS_CODE);
    await expect(first.verify(tenantId, '482913')).rejects.toThrow('Too many wrong access codes');
    await expect(second.verify(tenantId, '482913')).rejects.toThrow('Too many wrong access codes');
  });
});
