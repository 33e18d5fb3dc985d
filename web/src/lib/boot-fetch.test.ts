import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, validToken } from '../test/render';
import { api, ApiError } from './api-client';
import { saveLogin } from './auth-storage';

const fetchMock = vi.fn<typeof fetch>();
type TBootWindow = Window & { __bootFetches?: unknown };

function signIn(token: string) {
  saveLogin({
    access_token: token,
    token_type: 'bearer',
    username: 'Mama Put Stores',
    role: 'md',
    user_id: 7,
    permissions: [],
    permission_codes: [],
  });
}

/** What index.html's boot script leaves behind when it started `urls` with `token`. */
function bootStarted(token: string, answers: Record<string, Response | null>, at = Date.now()) {
  (window as TBootWindow).__bootFetches = {
    token,
    at,
    responses: Object.fromEntries(
      Object.entries(answers).map(([url, answer]) => [url, Promise.resolve(answer)]),
    ),
  };
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  delete (window as TBootWindow).__bootFetches;
});

describe('calls started by the boot script', () => {
  it('answers the same GET with the early answer once; the next call goes to the server', async () => {
    const token = validToken();
    signIn(token);
    bootStarted(token, { '/api/dashboard/subscription-status': jsonResponse(200, { plan: 'pro' }) });
    fetchMock.mockResolvedValue(jsonResponse(200, { plan: 'free' }));

    await expect(api.get('/dashboard/subscription-status')).resolves.toEqual({ plan: 'pro' });
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/dashboard/subscription-status')).resolves.toEqual({ plan: 'free' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('handles an early error answer like any other (the server detail)', async () => {
    const token = validToken();
    signIn(token);
    bootStarted(token, { '/api/sales/warehouses': jsonResponse(403, { detail: 'Not allowed' }) });

    await expect(api.get('/sales/warehouses')).rejects.toEqual(new ApiError('Not allowed', 403));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server when the early call failed, was made with another token, or is older than 30 s', async () => {
    const token = validToken();
    signIn(token);
    fetchMock.mockImplementation(async () => jsonResponse(200, { fresh: true }));

    bootStarted(token, { '/api/auth/my-permissions': null });
    await expect(api.get('/auth/my-permissions')).resolves.toEqual({ fresh: true });
    bootStarted('another-token', { '/api/auth/my-permissions': jsonResponse(200, { stale: true }) });
    await expect(api.get('/auth/my-permissions')).resolves.toEqual({ fresh: true });
    bootStarted(
      token,
      { '/api/auth/my-permissions': jsonResponse(200, { stale: true }) },
      Date.now() - 31_000,
    );
    await expect(api.get('/auth/my-permissions')).resolves.toEqual({ fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('never answers a write or another address with it', async () => {
    const token = validToken();
    signIn(token);
    bootStarted(token, { '/api/sales/warehouses': jsonResponse(200, [{ id: 1 }]) });
    fetchMock.mockImplementation(async () => jsonResponse(200, { fresh: true }));

    await expect(api.post('/sales/warehouses', { name: 'Yaba' })).resolves.toEqual({ fresh: true });
    await expect(api.get('/sales/warehouses', { query: { search: 'Y' } })).resolves.toEqual({ fresh: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
