import { ADMIN_GRANT_EXPIRED, ADMIN_GRANT_REQUIRED } from '@app/domain/schemas/vendor-admin';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActor } from '../../platform/auth/access.ts';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { freshDatabase } from '../../test/test-app.ts';
import { createAdminGrants } from './admin-grant.ts';

const md: TActor = {
  userId: 7,
  tenantId: 3,
  role: 'md',
  username: 'Ada Stores',
  email: 'ada@example.com',
  tenantName: 'Ada Stores',
  sessionId: 'session-a',
  permissions: [],
  permissionCodes: [],
};

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

function grantsAt(clock: { now: number }, adminAccessCode = 'open-sesame-42') {
  return createAdminGrants({
    db: database.db,
    adminAccessCode,
    jwtSecret: 'x'.repeat(40),
    limits: { perAccount: 5, perAddress: 20, windowMinutes: 15 },
    log: pino({ level: 'silent' }),
    now: () => clock.now,
  });
}

describe('an admin grant', () => {
  it('lets its MD’s session in for 15 minutes, then is refused as expired', async () => {
    const clock = { now: Date.parse('2026-01-05T09:00:00Z') };
    const grants = grantsAt(clock);
    const { grant, expires_at } = await grants.unlock(md, 'open-sesame-42', '127.0.0.1');
    expect(expires_at).toBe('2026-01-05T09:15:00.000Z');
    clock.now += 14 * 60_000;
    expect(() => grants.check(md, grant)).not.toThrow();
    clock.now += 60_000;
    expect(() => grants.check(md, grant)).toThrow(ADMIN_GRANT_EXPIRED);
  });

  it('is bound to the session that asked, and void once the code changes', async () => {
    const clock = { now: Date.now() };
    const { grant } = await grantsAt(clock).unlock(md, 'open-sesame-42', '127.0.0.1');
    expect(() => grantsAt(clock).check({ ...md, sessionId: 'session-b' }, grant)).toThrow(
      ADMIN_GRANT_REQUIRED,
    );
    expect(() => grantsAt(clock, 'a-new-code-99').check(md, grant)).toThrow(ADMIN_GRANT_REQUIRED);
  });

  it('counts wrong codes per address too, whichever process checks them', async () => {
    const clock = { now: Date.now() };
    // Two processes: their own grants objects, one database.
    const processes = [grantsAt(clock), grantsAt(clock)];
    for (let user = 1; user <= 20; user += 1)
      await expect(
        processes[user % 2]!.unlock({ ...md, userId: user }, 'wrong-code', '10.0.0.9'),
      ).rejects.toThrow('Invalid access code');
    await expect(processes[0]!.unlock({ ...md, userId: 99 }, 'open-sesame-42', '10.0.0.9')).rejects.toThrow(
      'Too many wrong access codes',
    );
    clock.now += 15 * 60_000 + 1;
    await expect(
      processes[1]!.unlock({ ...md, userId: 99 }, 'open-sesame-42', '10.0.0.9'),
    ).resolves.toMatchObject({
      grant: expect.any(String),
    });
  });
});
