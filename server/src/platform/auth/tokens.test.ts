import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens.ts';

const claims = {
  userId: 2_147_483_647,
  tenantId: 2_147_483_647,
  sessionId: '0ae9f17e-59e5-4c44-849e-7c784b37373c',
  role: 'employee' as const,
};

describe('access tokens', () => {
  const tokens = createTokenService('a-secret-of-at-least-thirty-two-chars!');

  it('round-trips the claims and refuses a changed or expired token', async () => {
    const token = await tokens.sign(claims, new Date(Date.now() + 60_000));
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(`${token.slice(0, -2)}xx`)).toBe('invalid');
    expect(await tokens.verify(await tokens.sign(claims, new Date(Date.now() - 1000)))).toBe('expired');
  });

  it('stays short, since every request carries it (a sale costs at most 2 KB on the wire)', async () => {
    const token = await tokens.sign(claims, new Date(Date.now() + 86_400_000));
    expect(token.length).toBeLessThanOrEqual(224);
  });
});
