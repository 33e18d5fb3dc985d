import { randomInt } from 'node:crypto';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { writeAudit, type TAuditAuthor } from '../audit/audit-trail.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { createFailureCounter } from '../security/failure-counter.ts';
import { createTenantsRepository } from './tenants.repository.ts';

export const INVALID_ACCESS_CODE = 'Invalid access code';
export const NO_ACCESS_CODE = 'No access code is set. Ask the MD to set one under Settings → Access Code.';
const MAX_FAILURES = 10;
const WINDOW_MS = 15 * 60_000;

/**
 * The business's access code (the manager PIN): stored as an argon2 hash. Wrong codes are counted
 * per business in the database (every process sees them); past 10 in 15 minutes checks answer 429
 * until the window passes.
 */
export function createAccessCodes(db: Database) {
  const tenants = createTenantsRepository(db);
  const failures = createFailureCounter(db, { scope: 'access_code', windowMs: WINDOW_MS });

  /** The code itself never reaches the audit trail: only that it changed, and how. */
  async function replace(actor: TAuditAuthor, code: string, how: 'generated' | 'set') {
    const hash = await hashPassword(code);
    await db.transaction(async (tx) => {
      const before = await createTenantsRepository(tx).accessCode(actor.tenantId);
      await createTenantsRepository(tx).setAccessCode(actor.tenantId, hash);
      await writeAudit(tx, actor, {
        kind: 'access_code.changed',
        recordType: 'access_code',
        recordId: actor.tenantId,
        before: { is_set: before.hash !== null },
        after: { is_set: true, how },
      });
    });
  }

  return {
    async generate(actor: TAuditAuthor): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await replace(actor, code, 'generated');
      return code;
    },

    set: (actor: TAuditAuthor, code: string) => replace(actor, code, 'set'),

    async status(tenantId: number) {
      const { hash, updatedAt } = await tenants.accessCode(tenantId);
      return { is_set: hash !== null, updated_at: updatedAt?.toISOString() ?? null };
    },

    async verify(tenantId: number, code: string): Promise<void> {
      const business = `tenant:${tenantId}`;
      if ((await failures.most(business)) >= MAX_FAILURES) {
        throw new AppError(
          'too_many_requests',
          'Too many wrong access codes. Please wait 15 minutes and try again.',
        );
      }
      const { hash } = await tenants.accessCode(tenantId);
      if (!hash) throw new AppError('bad_request', NO_ACCESS_CODE);
      if (!(await verifyPassword(hash, code))) {
        await failures.record(business);
        throw new AppError('forbidden', INVALID_ACCESS_CODE);
      }
      await failures.clear(business);
    },
  };
}

export type TAccessCodes = ReturnType<typeof createAccessCodes>;
