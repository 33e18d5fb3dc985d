import { errors, jwtVerify, SignJWT } from 'jose';

export type TTokenClaims = { userId: number; tenantId: number; sessionId: string; role: 'md' | 'employee' };

export type TTokenService = {
  sign: (claims: TTokenClaims, expiresAt: Date) => Promise<string>;
  verify: (token: string) => Promise<TTokenClaims | 'expired' | 'invalid'>;
};

const VERIFIED_CACHE_MAX = 10_000;

export function createTokenService(secret: string): TTokenService {
  const key = new TextEncoder().encode(secret);
  // Signature checks dominate a light request; a token verified once is remembered until it expires.
  // Sessions are still resolved on every request, so a revoked token is refused all the same.
  const verified = new Map<string, { claims: TTokenClaims; expiresAtMs: number }>();

  async function verifyUncached(
    token: string,
  ): Promise<{ claims: TTokenClaims; expiresAtMs: number } | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      });
      const userId = Number(payload.sub);
      const { sid, tid, role } = payload;
      if (!Number.isInteger(userId) || typeof sid !== 'string' || typeof tid !== 'number') return 'invalid';
      if (role !== 'md' && role !== 'employee') return 'invalid';
      return { claims: { userId, tenantId: tid, sessionId: sid, role }, expiresAtMs: payload.exp! * 1000 };
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }

  return {
    sign: (claims, expiresAt) =>
      new SignJWT({ sid: claims.sessionId, tid: claims.tenantId, role: claims.role })
        // No `typ` and no `iat`: every request carries the token, and nothing reads either (issue 16's 2 KB sale).
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    verify: async (token) => {
      const hit = verified.get(token);
      if (hit) {
        if (hit.expiresAtMs > Date.now()) return hit.claims;
        verified.delete(token);
        return 'expired';
      }
      const result = await verifyUncached(token);
      if (typeof result === 'string') return result;
      if (verified.size >= VERIFIED_CACHE_MAX) verified.clear();
      verified.set(token, result);
      return result.claims;
    },
  };
}
