import { PERMISSION_CATALOGUE } from '@app/domain/permissions/catalogue';
import { permissionCodes } from '@app/domain/permissions/check';
import type { TActor } from './access.ts';
import type { TSessionsRepository } from './sessions.repository.ts';

const ALL_KEYS = PERMISSION_CATALOGUE.map((p) => p.resource_key);
const ALL_CODES = permissionCodes(ALL_KEYS);

type TCached = { actor: TActor | null; expiresAt: number; loadedAt: number };

/** What one process tells the others: a session ended, or a person's sessions or keys changed. */
export type TSessionChange = { session: string } | { user: number };

/**
 * Resolves a session id to the actor. Sessions are checked against the database, with a cache of
 * a few seconds (SESSION_CACHE_SECONDS) so a busy API does not read the session on every request.
 * A revocation takes effect at once in this process and, through `publish` (a NOTIFY every process
 * listens to: `shareSessionChanges`), in the others as soon as they hear it.
 */
export function createSessionStore(
  repo: TSessionsRepository,
  cacheSeconds: number,
  options: { maxEntries?: number; publish?: (change: TSessionChange) => void } = {},
) {
  const cache = new Map<string, TCached>();
  const maxEntries = options.maxEntries ?? 10_000;
  const dropSession = (sessionId: string) => cache.delete(sessionId);
  const dropUser = (userId: number) => {
    for (const [sid, entry] of cache) if (entry.actor?.userId === userId) cache.delete(sid);
  };

  async function load(sessionId: string): Promise<TCached> {
    const row = await repo.findActive(sessionId);
    const now = Date.now();
    if (!row || row.revokedAt || row.expiresAt.getTime() <= now) {
      return { actor: null, expiresAt: 0, loadedAt: now };
    }
    const granted = row.role === 'md' ? ALL_KEYS : await repo.grantedKeys(row.userId);
    const actor: TActor = {
      userId: row.userId,
      tenantId: row.tenantId,
      role: row.role,
      username: row.role === 'md' ? row.tenantName : row.name,
      email: row.email,
      tenantName: row.tenantName,
      sessionId,
      permissions: granted,
      permissionCodes: row.role === 'md' ? ALL_CODES : permissionCodes(granted),
    };
    return { actor, expiresAt: row.expiresAt.getTime(), loadedAt: now };
  }

  return {
    async resolve(sessionId: string): Promise<TActor | null> {
      const now = Date.now();
      const hit = cache.get(sessionId);
      if (hit && now - hit.loadedAt < cacheSeconds * 1000 && (hit.actor === null || hit.expiresAt > now)) {
        return hit.actor;
      }
      const fresh = await load(sessionId);
      if (cache.size >= maxEntries) cache.clear();
      cache.set(sessionId, fresh);
      return fresh.actor;
    },
    forget(sessionId: string): void {
      dropSession(sessionId);
      options.publish?.({ session: sessionId });
    },
    forgetUser(userId: number): void {
      dropUser(userId);
      options.publish?.({ user: userId });
    },
    /** A change another process published. */
    heard(change: TSessionChange): void {
      if ('session' in change) dropSession(change.session);
      else dropUser(change.user);
    },
  };
}

export type TSessionStore = ReturnType<typeof createSessionStore>;
export { ALL_KEYS as ALL_PERMISSION_KEYS, ALL_CODES as ALL_PERMISSION_CODES };
