import { writeAudit } from '../../platform/audit/audit-trail.ts';
import { randomUUID } from 'node:crypto';
import type { TLoginResponse, TRegisterRequest } from '@app/domain/schemas/auth';
import type { TActor } from '../../platform/auth/access.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import type { TSessionStore } from '../../platform/auth/session-store.ts';
import { createSessionsRepository } from '../../platform/auth/sessions.repository.ts';
import type { TTokenService } from '../../platform/auth/tokens.ts';
import type { TConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { createAuthRepository } from './auth.repository.ts';

export type TClientInfo = { ip: string; userAgent: string | null };
type TAccountKind = 'md' | 'employee';

export const LOGIN_FAILED = 'Incorrect username or password';
export const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Please wait a few minutes and try again.';

export function createAuthService(deps: {
  db: Database;
  tokens: TTokenService;
  sessions: TSessionStore;
  config: Pick<TConfig, 'sessionTtlSeconds' | 'loginLimits'>;
}) {
  const repo = createAuthRepository(deps.db);
  const sessionsRepo = createSessionsRepository(deps.db);

  async function register(input: TRegisterRequest): Promise<{ msg: string }> {
    if (await repo.tenantNameTaken(input.username))
      throw new AppError('conflict', 'Business name already registered');
    if (await repo.emailTaken(input.email)) throw new AppError('conflict', 'Email already registered');
    const passwordHash = await hashPassword(input.password);
    try {
      await deps.db.transaction(async (tx) => {
        const txRepo = createAuthRepository(tx);
        const tenantId = await txRepo.insertTenant(input.username);
        const userId = await txRepo.insertUser({
          tenantId,
          role: 'md',
          name: input.username,
          email: input.email,
          passwordHash,
        });
        await writeAudit(
          tx,
          { tenantId, userId, username: input.username },
          {
            kind: 'business.registered',
            recordType: 'business',
            recordId: tenantId,
            after: { business_name: input.username, email: input.email },
          },
        );
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('conflict', 'Business name or email already registered');
      throw error;
    }
    return { msg: 'Registration successful. Please log in.' };
  }

  async function assertNotRateLimited(kind: TAccountKind, identifier: string, client: TClientInfo) {
    const since = new Date(Date.now() - deps.config.loginLimits.windowMinutes * 60_000);
    const [byAccount, byAddress] = await Promise.all([
      repo.countFailures({ kind, identifier }, since),
      repo.countFailures({ ip: client.ip }, since),
    ]);
    if (byAccount >= deps.config.loginLimits.perAccount || byAddress >= deps.config.loginLimits.perAddress) {
      await repo.recordAttempt({
        accountKind: kind,
        identifier,
        success: false,
        reason: 'rate_limited',
        ip: client.ip,
        userAgent: client.userAgent,
      });
      throw new AppError('too_many_requests', TOO_MANY_ATTEMPTS);
    }
  }

  async function login(
    kind: TAccountKind,
    rawIdentifier: string,
    password: string,
    client: TClientInfo,
  ): Promise<TLoginResponse> {
    const identifier = rawIdentifier.trim().toLowerCase();
    await assertNotRateLimited(kind, identifier, client);
    const account =
      kind === 'md'
        ? await repo.findMdByBusinessName(identifier)
        : await repo.findEmployeeByEmail(identifier);
    const ok = await verifyPassword(account?.passwordHash ?? null, password);
    const attempt = { accountKind: kind, identifier, ip: client.ip, userAgent: client.userAgent };
    if (!account || !ok) {
      await repo.recordAttempt({
        ...attempt,
        tenantId: account?.tenantId ?? null,
        userId: account?.id ?? null,
        success: false,
        reason: account ? 'bad_password' : 'unknown_account',
      });
      throw new AppError('unauthorized', LOGIN_FAILED);
    }
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + deps.config.sessionTtlSeconds * 1000);
    await sessionsRepo.insert({
      id: sessionId,
      tenantId: account.tenantId,
      userId: account.id,
      ...client,
      expiresAt,
    });
    await repo.recordAttempt({ ...attempt, tenantId: account.tenantId, userId: account.id, success: true });
    const actor = await deps.sessions.resolve(sessionId);
    if (!actor) throw new Error('session vanished right after login');
    const accessToken = await deps.tokens.sign(
      { userId: account.id, tenantId: account.tenantId, sessionId, role: kind },
      expiresAt,
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      username: actor.username,
      role: actor.role,
      user_id: actor.userId,
      permissions: [...actor.permissions],
      permission_codes: [...actor.permissionCodes],
    };
  }

  async function logout(actor: TActor): Promise<{ msg: string }> {
    await sessionsRepo.revoke(actor.sessionId);
    deps.sessions.forget(actor.sessionId);
    return { msg: 'Logged out' };
  }

  return { register, login, logout };
}

export type TAuthService = ReturnType<typeof createAuthService>;
