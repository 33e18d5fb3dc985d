import { writeAudit } from '../../platform/audit/audit-trail.ts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { businessNameKey } from '@app/domain/names/business-name';
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
import { createOutboxRepository } from '../../platform/mail/outbox.repository.ts';
import { createAuthRepository } from './auth.repository.ts';

/** Who is signing in: their address, browser, and the browser's device cookie when it sent one. */
export type TClientInfo = { ip: string; userAgent: string | null; deviceToken?: string | null };
/** A sign-in's answer, and the device cookie to (re)set on the browser that signed in. */
export type TLoginResult = { answer: TLoginResponse; deviceToken: string };
type TAccountKind = 'md' | 'employee';

/** The same words for a wrong password and an unknown account, naming what each login form asks for. */
export const LOGIN_FAILED = {
  md: 'Incorrect username or password',
  employee: 'Incorrect email or password',
} as const;
/** The wait said as the Retry-After header gives it: "30 seconds", "4 minutes". */
export function tooManyAttempts(seconds: number): string {
  const wait =
    seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed login attempts. Please wait ${wait} and try again.`;
}

export function createAuthService(deps: {
  db: Database;
  tokens: TTokenService;
  sessions: TSessionStore;
  config: Pick<TConfig, 'sessionTtlSeconds' | 'loginLimits' | 'loginSlowdownSeconds'>;
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
        // Again under the name's lock: a look-alike registered meanwhile is not caught by a unique index.
        if (await txRepo.tenantNameTaken(input.username))
          throw new AppError('conflict', 'Business name already registered');
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

  const windowMs = () => deps.config.loginLimits.windowMinutes * 60_000;

  /**
   * Past `limit` failures in the window, each further attempt waits twice as long as the last since the
   * latest failure (the slow-down's base, then double, … up to the window): guessing slows to a crawl.
   */
  function secondsToWait(failures: { count: number; last: Date | null }, limit: number, now: number) {
    if (failures.count < limit || !failures.last) return 0;
    const waitMs = Math.min(
      windowMs(),
      deps.config.loginSlowdownSeconds * 1000 * 2 ** Math.min(failures.count - limit, 30),
    );
    return Math.max(0, Math.ceil((failures.last.getTime() + waitMs - now) / 1000));
  }

  /**
   * Slows down failing sign-ins from browsers the account has not used, per account and per address. A
   * browser the account signed in from before is never slowed down: strangers cannot lock the owner out.
   */
  async function assertNotSlowedDown(kind: TAccountKind, identifier: string, client: TClientInfo) {
    const now = Date.now();
    const since = new Date(now - windowMs());
    const [byAccount, byAddress] = await Promise.all([
      repo.failuresSince({ kind, identifier }, since),
      repo.failuresSince({ ip: client.ip }, since),
    ]);
    const wait = Math.max(
      secondsToWait(byAccount, deps.config.loginLimits.perAccount, now),
      secondsToWait(byAddress, deps.config.loginLimits.perAddress, now),
    );
    if (wait === 0) return;
    await repo.recordAttempt({
      accountKind: kind,
      identifier,
      success: false,
      reason: 'rate_limited',
      ip: client.ip,
      userAgent: client.userAgent,
    });
    throw new AppError('too_many_requests', tooManyAttempts(wait), { retryAfterSeconds: wait });
  }

  /** Once per window, tells the account's owner by e-mail that someone keeps failing to sign in as them. */
  async function alertOwnerOfFailures(
    account: { id: number; tenantId: number; email: string; username: string },
    kind: TAccountKind,
    identifier: string,
    client: TClientInfo,
  ) {
    const since = new Date(Date.now() - windowMs());
    const failures = await repo.failuresSince({ kind, identifier }, since);
    if (failures.count < deps.config.loginLimits.perAccount) return;
    if (!(await repo.claimLoginAlert(account.id, since))) return;
    await createOutboxRepository(deps.db).enqueue({
      tenantId: account.tenantId,
      kind: 'login_failures',
      to: account.email,
      subject: `Someone keeps failing to sign in as ${account.username}`,
      text: [
        `There have been ${failures.count} failed sign-ins to your account ${account.username} in the last ` +
          `${deps.config.loginLimits.windowMinutes} minutes, the latest from the address ${client.ip}` +
          `${client.userAgent ? ` (${client.userAgent})` : ''}.`,
        '',
        'If this was you, there is nothing to do. If not, someone may be guessing your password: they are ' +
          'slowed down, and you can still sign in from a browser you have used before. Consider changing ' +
          'your password in Settings → Password.',
      ].join('\n'),
    });
  }

  const hashDevice = (token: string) => createHash('sha256').update(token).digest('hex');
  /** A device cookie as this server makes it (43 base64url characters), or nothing. */
  const deviceTokenOf = (client: TClientInfo) =>
    client.deviceToken && /^[A-Za-z0-9_-]{43}$/.test(client.deviceToken) ? client.deviceToken : null;

  async function login(
    kind: TAccountKind,
    rawIdentifier: string,
    password: string,
    client: TClientInfo,
  ): Promise<TLoginResult> {
    const identifier = kind === 'md' ? businessNameKey(rawIdentifier) : rawIdentifier.trim().toLowerCase();
    const account =
      kind === 'md'
        ? await repo.findMdByBusinessName(rawIdentifier)
        : await repo.findEmployeeByEmail(identifier);
    const deviceToken = deviceTokenOf(client);
    const knownDevice =
      account !== null &&
      deviceToken !== null &&
      (await repo.isKnownDevice(account.id, hashDevice(deviceToken)));
    if (!knownDevice) await assertNotSlowedDown(kind, identifier, client);
    const ok = await verifyPassword(account?.passwordHash ?? null, password);
    const attempt = {
      accountKind: kind,
      identifier,
      ip: client.ip,
      userAgent: client.userAgent,
      knownDevice,
    };
    if (!account || !ok) {
      await repo.recordAttempt({
        ...attempt,
        tenantId: account?.tenantId ?? null,
        userId: account?.id ?? null,
        success: false,
        reason: account ? 'bad_password' : 'unknown_account',
      });
      if (account && !knownDevice) await alertOwnerOfFailures(account, kind, identifier, client);
      throw new AppError('unauthorized', LOGIN_FAILED[kind]);
    }
    const browserToken = deviceToken ?? randomBytes(32).toString('base64url');
    await repo.rememberDevice(account.id, hashDevice(browserToken));
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
    const answer: TLoginResponse = {
      access_token: accessToken,
      token_type: 'bearer',
      username: actor.username,
      role: actor.role,
      user_id: actor.userId,
      permissions: [...actor.permissions],
      permission_codes: [...actor.permissionCodes],
    };
    return { answer, deviceToken: browserToken };
  }

  async function logout(actor: TActor): Promise<{ msg: string }> {
    await sessionsRepo.revoke(actor.sessionId);
    deps.sessions.forget(actor.sessionId);
    return { msg: 'Logged out' };
  }

  return {
    register,
    login,
    logout,
    /** Run at start-up: businesses registered before name keys existed get theirs. */
    fillMissingNameKeys: () => repo.fillMissingNameKeys(),
  };
}

export type TAuthService = ReturnType<typeof createAuthService>;
