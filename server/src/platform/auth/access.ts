/** What a route needs; every /api route declares one (routes without it fail at start-up). */
export type TRouteAccess =
  | { kind: 'public' }
  | { kind: 'signed_in' }
  | { kind: 'md' }
  /** Any one of `keys` lets the caller through. */
  | { kind: 'permission'; keys: readonly string[] };

export const access = {
  public: (): TRouteAccess => ({ kind: 'public' }),
  /** Only for what every signed-in person needs whatever their keys: themselves, their plan, sign-out. */
  signedIn: (): TRouteAccess => ({ kind: 'signed_in' }),
  md: (): TRouteAccess => ({ kind: 'md' }),
  permission: (key: string): TRouteAccess => ({ kind: 'permission', keys: [key] }),
  /** For what several screens read (warehouses, a scanned barcode, an uploaded file): any of their keys. */
  anyPermission: (...keys: string[]): TRouteAccess => ({ kind: 'permission', keys }),
};

/** Who is calling: carried into every service call. */
export type TActor = {
  userId: number;
  tenantId: number;
  role: 'md' | 'employee';
  /** The MD's username is the business name; an employee's is their name. */
  username: string;
  email: string;
  tenantName: string;
  sessionId: string;
  permissions: readonly string[];
  permissionCodes: readonly string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TRouteAccess;
  }
  interface FastifyRequest {
    actor: TActor | null;
  }
}
