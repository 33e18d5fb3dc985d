import { hasPermission } from '@app/domain/permissions/check';
import { deniedMessage } from '@app/domain/permissions/denied';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { TActor, TRouteAccess } from './access.ts';
import type { TSessionStore } from './session-store.ts';
import type { TTokenService } from './tokens.ts';

export type TDeclaredRoute = { method: string; url: string; access: TRouteAccess };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with the access it declared: the route-walking permission test reads it. */
    apiRoutes: readonly TDeclaredRoute[];
  }
}

/** Every /api route must declare its access; this hook enforces it before the body is read. */
export function registerAccessGuard(
  app: FastifyInstance,
  deps: { tokens: TTokenService; sessions: TSessionStore },
) {
  app.decorateRequest('actor', null);
  const declaredRoutes: TDeclaredRoute[] = [];
  app.decorate('apiRoutes', declaredRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const declared = route.config?.access;
    if (!declared) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declaredRoutes.push({ method, url: route.url, access: declared });
    }
  });

  app.addHook('onRequest', async (request) => {
    const declared = request.routeOptions.config.access;
    if (!declared || declared.kind === 'public') return;
    request.actor = await authenticate(request, deps);
    authorize(request.actor, declared);
  });
}

async function authenticate(
  request: FastifyRequest,
  deps: { tokens: TTokenService; sessions: TSessionStore },
): Promise<TActor> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AppError('unauthorized', 'Not authenticated');
  const claims = await deps.tokens.verify(match[1]);
  if (claims === 'expired') throw new AppError('unauthorized', 'Token expired');
  if (claims === 'invalid') throw new AppError('unauthorized', 'Could not validate credentials');
  const actor = await deps.sessions.resolve(claims.sessionId);
  if (!actor || actor.userId !== claims.userId)
    throw new AppError('unauthorized', 'Session expired or revoked');
  return actor;
}

function authorize(actor: TActor, declared: TRouteAccess): void {
  if (declared.kind === 'md' && actor.role !== 'md') {
    throw new AppError('forbidden', 'Only the MD can do this');
  }
  if (declared.kind === 'permission' && !declared.keys.some((key) => actorHas(actor, key))) {
    throw new AppError('forbidden', deniedMessage(declared.keys));
  }
}

export function actorHas(actor: TActor, key: string): boolean {
  return hasPermission(
    { role: actor.role, permissions: actor.permissions, permission_codes: actor.permissionCodes },
    key,
  );
}

/** The signed-in caller of a route that declared signed_in, md or a permission. */
export function actorOf(request: FastifyRequest): TActor {
  if (!request.actor) throw new AppError('unauthorized', 'Not authenticated');
  return request.actor;
}
