import type { TChangePasswordRequest, TChangePasswordResponse } from '@app/domain/schemas/settings-account';
import type { TActor } from '../../platform/auth/access.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import type { TSessionStore } from '../../platform/auth/session-store.ts';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { TAccessCodes } from '../../platform/tenancy/access-code.ts';
import { createPasswordRepository } from './password.repository.ts';

export const ONLY_OWN_PASSWORD = 'You can only change your own password';
export const NO_SUCH_ACCOUNT = 'No account with this e-mail in this business';

/**
 * Settings → Password (spec 1 §2, §7). The MD may set the password of any account of the business (their
 * own or an employee's) by its e-mail; an employee only their own. Either way the business's access code
 * is asked for (wrong codes are counted: past 10 in 15 minutes, 429). Every other session of that account
 * ends at once; the caller's own session stays.
 */
export function createPasswordService(deps: {
  db: Database;
  sessions: TSessionStore;
  accessCodes: TAccessCodes;
}) {
  const repo = createPasswordRepository(deps.db);

  async function change(actor: TActor, input: TChangePasswordRequest): Promise<TChangePasswordResponse> {
    const own = input.email.toLowerCase() === actor.email.toLowerCase();
    if (actor.role !== 'md' && !own) throw new AppError('forbidden', ONLY_OWN_PASSWORD);
    await deps.accessCodes.verify(actor.tenantId, input.access_code);
    const account = await repo.findAccount(actor.tenantId, input.email);
    if (!account) throw notFound(NO_SUCH_ACCOUNT);
    const passwordHash = await hashPassword(input.new_password);
    const keep = account.id === actor.userId ? actor.sessionId : null;
    const ended = await deps.db.transaction(async (tx) => {
      const txRepo = createPasswordRepository(tx);
      await txRepo.setPassword(account.id, passwordHash);
      const count = await txRepo.endSessions(account.id, keep);
      await writeAudit(tx, actor, {
        kind: 'account.password_changed',
        recordType: 'account',
        recordId: account.id,
        after: { name: account.name, email: account.email, role: account.role, sessions_ended: count },
      });
      return count;
    });
    deps.sessions.forgetUser(account.id);
    return {
      success: true,
      message:
        ended > 0
          ? `Password changed. ${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.`
          : 'Password changed.',
      sessions_ended: ended,
    };
  }

  return { change };
}

export type TPasswordService = ReturnType<typeof createPasswordService>;
