import { PERMISSION_CATALOGUE } from '@app/domain/permissions/catalogue';
import { permissionCodes } from '@app/domain/permissions/check';
import type { TActor } from './access.ts';
import type { TSessionsRepository } from './sessions.repository.ts';

const ALL_KEYS = PERMISSION_CATALOGUE.map((p) => p.resource_key);
const ALL_CODES = permissionCodes(ALL_KEYS);

type TCached = { actor: TActor | null; expiresAt: number; loadedAt: number };

/**
 * Resolves a session id to the actor. Sessions are checked against the database, with a cache of
 * a few seconds (SESSION_CACHE_SECONDS) so a busy API does not read the session on every request.
 * Revocations in this process take effect at once; in other processes within the cache time.
 */
export function createSessionStore(repo: TSessionsRepository, cacheSeconds: number, maxEntries = 10_000) {
  const cache = new Map<string, TCached>();

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
      cache.delete(sessionId);
    },
    forgetUser(userId: number): void {
      for (const [sid, entry] of cache) if (entry.actor?.userId === userId) cache.delete(sid);
    },
  };
}

export type TSessionStore = ReturnType<typeof createSessionStore>;
export { ALL_KEYS as ALL_PERMISSION_KEYS, ALL_CODES as ALL_PERMISSION_CODES };
