import { errors, jwtVerify, SignJWT } from 'jose';

export type TTokenClaims = { userId: number; tenantId: number; sessionId: string; role: 'md' | 'employee' };

export type TTokenService = {
  sign: (claims: TTokenClaims, expiresAt: Date) => Promise<string>;
  verify: (token: string) => Promise<TTokenClaims | 'expired' | 'invalid'>;
};

export function createTokenService(secret: string): TTokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims, expiresAt) =>
      new SignJWT({ sid: claims.sessionId, tid: claims.tenantId, role: claims.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
        });
        const userId = Number(payload.sub);
        const { sid, tid, role } = payload;
        if (!Number.isInteger(userId) || typeof sid !== 'string' || typeof tid !== 'number') return 'invalid';
        if (role !== 'md' && role !== 'employee') return 'invalid';
        return { userId, tenantId: tid, sessionId: sid, role };
      } catch (error) {
        return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
