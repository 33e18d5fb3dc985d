import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  ADMIN_ACCESS_GRANTED,
  ADMIN_GRANT_EXPIRED,
  ADMIN_GRANT_MINUTES,
  ADMIN_GRANT_REQUIRED,
  INVALID_ADMIN_CODE,
  TOO_MANY_ADMIN_CODES,
  VENDOR_ADMIN_CLOSED,
  type TAdminGrant,
} from '@app/domain/schemas/vendor-admin';
import type { FastifyBaseLogger } from 'fastify';
import type { TActor } from '../../platform/auth/access.ts';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createFailureCounter } from '../../platform/security/failure-counter.ts';

type TAdminGrantLimits = { perAccount: number; perAddress: number; windowMinutes: number };

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const sameText = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/**
 * The platform admin code and the grant it buys (DESIGN.md §4: the server decides who is admin). The code is
 * compared in constant time; wrong codes are logged and counted per account and per address (in the database,
 * so every process shares the count), and past the
 * limits the check answers 429 until the window passes. The right code answers a grant: an HMAC-signed token
 * bound to the MD's user and session, valid ADMIN_GRANT_MINUTES, sent back in X-Admin-Grant on every admin
 * call. Its key is derived from the JWT secret and the code itself, so changing the code voids every grant.
 */
export function createAdminGrants(deps: {
  db: Executor;
  adminAccessCode: string | undefined;
  jwtSecret: string;
  limits: TAdminGrantLimits;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const key = createHmac('sha256', deps.jwtSecret)
    .update(`vendor-admin-grant\0${deps.adminAccessCode ?? ''}`)
    .digest();
  const windowMs = deps.limits.windowMinutes * 60_000;
  const failures = createFailureCounter(deps.db, { scope: 'admin_code', windowMs, now });
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  function assertOpen(): string {
    if (!deps.adminAccessCode) throw new AppError('forbidden', VENDOR_ADMIN_CLOSED);
    return deps.adminAccessCode;
  }

  return {
    async unlock(actor: TActor, code: string, ip: string): Promise<TAdminGrant> {
      const adminCode = assertOpen();
      const account = `user:${actor.userId}`;
      const address = `ip:${ip}`;
      const byAccount = await failures.most(account);
      const byAddress = await failures.most(address);
      if (byAccount >= deps.limits.perAccount || byAddress >= deps.limits.perAddress) {
        deps.log.warn(
          { userId: actor.userId, tenantId: actor.tenantId, ip },
          'vendor admin code: rate limited',
        );
        throw new AppError('too_many_requests', TOO_MANY_ADMIN_CODES);
      }
      if (!sameText(code, adminCode)) {
        await failures.record(account, address);
        deps.log.warn(
          { userId: actor.userId, tenantId: actor.tenantId, ip, failures: byAccount + 1 },
          'vendor admin code: wrong code',
        );
        throw new AppError('forbidden', INVALID_ADMIN_CODE);
      }
      await failures.clear(account);
      deps.log.info(
        { userId: actor.userId, tenantId: actor.tenantId, ip },
        'vendor admin code: access granted',
      );
      const expiresAt = now() + ADMIN_GRANT_MINUTES * 60_000;
      const payload = Buffer.from(
        JSON.stringify({ u: actor.userId, s: actor.sessionId, e: expiresAt }),
      ).toString('base64url');
      return {
        msg: ADMIN_ACCESS_GRANTED,
        grant: `${payload}.${sign(payload)}`,
        expires_at: new Date(expiresAt).toISOString(),
      };
    },

    /** Refuses (403) a call without a valid, unexpired grant of this MD's session. */
    check(actor: TActor, grant: string | undefined): void {
      assertOpen();
      const [payload, signature] = (grant ?? '').split('.');
      if (!payload || !signature) throw new AppError('forbidden', ADMIN_GRANT_REQUIRED);
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        throw new AppError('forbidden', ADMIN_GRANT_REQUIRED);
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        u: number;
        s: string;
        e: number;
      };
      if (claims.u !== actor.userId || claims.s !== actor.sessionId)
        throw new AppError('forbidden', ADMIN_GRANT_REQUIRED);
      if (claims.e <= now()) throw new AppError('forbidden', ADMIN_GRANT_EXPIRED);
    },
  };
}

export type TAdminGrants = ReturnType<typeof createAdminGrants>;
