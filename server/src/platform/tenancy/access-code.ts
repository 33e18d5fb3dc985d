import { randomInt } from 'node:crypto';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { createTenantsRepository } from './tenants.repository.ts';

export const INVALID_ACCESS_CODE = 'Invalid access code';
export const NO_ACCESS_CODE = 'No access code is set. Ask the MD to set one under Settings → Access Code.';
const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60_000;

/**
 * The business's access code (the manager PIN): stored as an argon2 hash. Wrong codes are counted
 * per business in this process; past 10 in 15 minutes checks answer 429 until the window passes.
 */
export function createAccessCodes(db: Executor) {
  const tenants = createTenantsRepository(db);
  const failures = new Map<number, number[]>();

  const recentFailures = (tenantId: number) =>
    (failures.get(tenantId) ?? []).filter((t) => t > Date.now() - WINDOW_MS);

  return {
    async generate(tenantId: number): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await tenants.setAccessCode(tenantId, await hashPassword(code));
      return code;
    },

    async set(tenantId: number, code: string): Promise<void> {
      await tenants.setAccessCode(tenantId, await hashPassword(code));
    },

    async status(tenantId: number) {
      const { hash, updatedAt } = await tenants.accessCode(tenantId);
      return { is_set: hash !== null, updated_at: updatedAt?.toISOString() ?? null };
    },

    async verify(tenantId: number, code: string): Promise<void> {
      const recent = recentFailures(tenantId);
      if (recent.length >= MAX_FAILURES) {
        throw new AppError(
          'too_many_requests',
          'Too many wrong access codes. Please wait 15 minutes and try again.',
        );
      }
      const { hash } = await tenants.accessCode(tenantId);
      if (!hash) throw new AppError('bad_request', NO_ACCESS_CODE);
      if (!(await verifyPassword(hash, code))) {
        failures.set(tenantId, [...recent, Date.now()]);
        throw new AppError('forbidden', INVALID_ACCESS_CODE);
      }
      failures.delete(tenantId);
    },
  };
}

export type TAccessCodes = ReturnType<typeof createAccessCodes>;
