import { ADMIN_GRANT_EXPIRED, ADMIN_GRANT_REQUIRED } from '@app/domain/schemas/vendor-admin';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { TActor } from '../../platform/auth/access.ts';
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

function grantsAt(clock: { now: number }, adminAccessCode = 'open-sesame-42') {
  return createAdminGrants({
    adminAccessCode,
    jwtSecret: 'x'.repeat(40),
    limits: { perAccount: 5, perAddress: 20, windowMinutes: 15 },
    log: pino({ level: 'silent' }),
    now: () => clock.now,
  });
}

describe('an admin grant', () => {
  it('lets its MD’s session in for 15 minutes, then is refused as expired', () => {
    const clock = { now: Date.parse('2026-01-05T09:00:00Z') };
    const grants = grantsAt(clock);
    const { grant, expires_at } = grants.unlock(md, 'open-sesame-42', '127.0.0.1');
    expect(expires_at).toBe('2026-01-05T09:15:00.000Z');
    clock.now += 14 * 60_000;
    expect(() => grants.check(md, grant)).not.toThrow();
    clock.now += 60_000;
    expect(() => grants.check(md, grant)).toThrow(ADMIN_GRANT_EXPIRED);
  });

  it('is bound to the session that asked, and void once the code changes', () => {
    const clock = { now: Date.now() };
    const { grant } = grantsAt(clock).unlock(md, 'open-sesame-42', '127.0.0.1');
    expect(() => grantsAt(clock).check({ ...md, sessionId: 'session-b' }, grant)).toThrow(
      ADMIN_GRANT_REQUIRED,
    );
    expect(() => grantsAt(clock, 'a-new-code-99').check(md, grant)).toThrow(ADMIN_GRANT_REQUIRED);
  });

  it('counts wrong codes per address too', () => {
    const grants = grantsAt({ now: Date.now() });
    for (let user = 1; user <= 20; user += 1)
      expect(() => grants.unlock({ ...md, userId: user }, 'wrong-code', '10.0.0.9')).toThrow(
        'Invalid access code',
      );
    expect(() => grants.unlock({ ...md, userId: 99 }, 'open-sesame-42', '10.0.0.9')).toThrow(
      'Too many wrong access codes',
    );
  });
});
