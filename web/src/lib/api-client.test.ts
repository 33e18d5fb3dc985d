import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, jsonResponse, validToken } from '../test/render';
import {
  api,
  ApiError,
  probeServer,
  errorMessage,
  setReachabilityListener,
  startSession,
  NETWORK_ERROR_MESSAGE,
  TOKEN_EXPIRED_MESSAGE,
} from './api-client';
import { initSession, LOCAL_KEYS, OFFLINE_GRACE_MS, saveLogin, setAdminUnlocked } from './auth-storage';
import { setNavigator } from './navigation';
import {
  clearSubscriptionBlocked,
  SUBSCRIPTION_BLOCKED_MESSAGE,
  useSubscriptionBlock,
} from './subscription-block';
import { renderHook } from '@testing-library/react';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(path: string) => void>();

function signIn(token = validToken()) {
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

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNavigator(navigate);
  window.history.replaceState(null, '', '/dashboard/sales');
});

afterEach(() => {
  fetchMock.mockReset();
  navigate.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setNavigator(null);
  clearSubscriptionBlocked();
});

describe('api client', () => {
  it('sends the bearer token and the admin-unlocked header under /api', async () => {
    signIn();
    setAdminUnlocked(true);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));

    await expect(api.get('/dashboard/plans', { query: { a: 1, b: undefined } })).resolves.toEqual({
      ok: true,
    });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/dashboard/plans?a=1');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${localStorage.getItem(LOCAL_KEYS.token)}`);
    expect(headers['X-Admin-Unlocked']).toBe('true');
  });

  it('clears an expired token before the request, rejects with "Token expired" and goes to /login', async () => {
    signIn(fakeToken({ exp: Math.floor(Date.now() / 1000) - 5 }));
    setAdminUnlocked(true);

    await expect(api.get('/users/me')).rejects.toThrow(TOKEN_EXPIRED_MESSAGE);

    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.role)).toBeNull();
    expect(sessionStorage.getItem('admin_unlocked')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('sends a public call without the token, and an expired token neither blocks it nor signs out', async () => {
    signIn(fakeToken({ exp: Math.floor(Date.now() / 1000) - 5 }));
    fetchMock.mockResolvedValueOnce(jsonResponse(404, { detail: 'Not found' }));

    await expect(api.get('/public/documents/abc', { anonymous: true })).rejects.toThrow('Not found');

    const [, init] = fetchMock.mock.calls[0]!;
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(localStorage.getItem(LOCAL_KEYS.token)).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on 401 clears the token, role and admin unlock and goes to /login', async () => {
    signIn();
    setAdminUnlocked(true);
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { detail: 'Session revoked' }));

    const error = await api.get('/users/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Session revoked');
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.role)).toBeNull();
    expect(sessionStorage.getItem('admin_unlocked')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('an upload refused as "Not authenticated" says so and ends the session 2 s later (spec 3 §8)', async () => {
    vi.useFakeTimers();
    try {
      signIn();
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { detail: 'Not authenticated' }));
      const error = await api.upload('/sales/upload-invoice', new FormData()).catch((e: unknown) => e);
      expect((error as ApiError).message).toBe('Authentication required. Please login again.');
      expect(localStorage.getItem(LOCAL_KEYS.token)).not.toBeNull();
      expect(navigate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2000);
      expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
      expect(navigate).toHaveBeenCalledWith('/login');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed login (401 without a token) shows the detail and stays put', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { detail: 'Incorrect username or password' }));

    await expect(
      api.post('/auth/token', undefined, { form: { username: 'x', password: 'y' } }),
    ).rejects.toThrow('Incorrect username or password');
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(String(init.body)).toBe('username=x&password=y');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('joins the msg fields of a 422 detail array', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(422, {
        detail: [
          { loc: ['body', 'email'], msg: 'Enter a valid e-mail address', type: 'value_error' },
          { loc: ['body', 'password'], msg: 'Password must be at least 8 characters', type: 'value_error' },
        ],
      }),
    );
    await expect(api.post('/auth/register', {})).rejects.toThrow(
      'Enter a valid e-mail address, Password must be at least 8 characters',
    );
    fetchMock.mockResolvedValueOnce(
      jsonResponse(422, {
        detail: [
          { loc: ['body', 'name'], msg: 'Name and phone are required', type: 'value_error' },
          { loc: ['body', 'phone'], msg: 'Name and phone are required', type: 'value_error' },
        ],
      }),
    );
    await expect(api.post('/customers', {})).rejects.toThrow(/^Name and phone are required$/);
  });

  it("shows the screen's own words for an answer without the API's detail (a proxy's HTML page, an empty body)", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const login = api.post('/auth/token', undefined, { form: { username: 'x', password: 'y' } });
    await expect(login).rejects.toBeInstanceOf(ApiError);
    expect(errorMessage(await login.catch((error: unknown) => error), 'Login failed')).toBe('Login failed');

    fetchMock.mockResolvedValueOnce(jsonResponse(500, {}));
    const register = api.post('/auth/register', {}).catch((error: unknown) => error);
    expect(errorMessage(await register, 'Registration failed')).toBe('Registration failed');

    fetchMock.mockResolvedValueOnce(jsonResponse(409, { detail: 'Business name already registered' }));
    const taken = api.post('/auth/register', {}).catch((error: unknown) => error);
    expect(errorMessage(await taken, 'Registration failed')).toBe('Business name already registered');

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = api.post('/auth/register', {}).catch((error: unknown) => error);
    expect(errorMessage(await offline, 'Registration failed')).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('reports a network failure in plain words', async () => {
    signIn();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/dashboard/plans')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it('flags a subscription block on 403 "limit exceeded" and goes to /dashboard', async () => {
    signIn();
    const block = renderHook(() => useSubscriptionBlock());
    fetchMock.mockResolvedValueOnce(
      jsonResponse(403, { detail: 'Free plan limit exceeded: upgrade to Pro' }),
    );

    await expect(api.post('/sales', {})).rejects.toThrow('Free plan limit exceeded');

    expect(navigate).toHaveBeenCalledWith('/dashboard');
    block.rerender();
    expect(block.result.current.blocked).toBe(true);
    expect(block.result.current.message).toBe(SUBSCRIPTION_BLOCKED_MESSAGE);
  });

  it('reads X-Total-Count for a server-paged list and sends PATCH', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify([{ id: 1 }]), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '41' },
      }),
    );
    await expect(api.getPage('/inventory/daily-logs', { query: { page: 2 } })).resolves.toEqual({
      rows: [{ id: 1 }],
      total: 41,
    });
    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));
    await expect(api.getPage('/inventory/daily-logs')).resolves.toEqual({ rows: [], total: null });

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true }));
    await api.patch('/inventory/update/3', { stock_out: 2 });
    const init = fetchMock.mock.calls[2]![1]!;
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"stock_out":2}');
  });

  it('uploads multipart form data without a JSON content type, with extra headers', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { invoice_file_url: '/api/files/1' }));
    const data = new FormData();
    data.append('invoice_file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'invoice.pdf');

    await expect(
      api.upload('/restock/upload-invoice', data, { headers: { 'Idempotency-Key': 'k-1' } }),
    ).resolves.toEqual({ invoice_file_url: '/api/files/1' });

    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe(data);
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers['Idempotency-Key']).toBe('k-1');
  });

  it('a plain 403 is only an error', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { detail: 'Permission denied' }));
    await expect(api.get('/settings/employees')).rejects.toThrow('Permission denied');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('start-up session check', () => {
  it('removes a token without exp, with its role', () => {
    signIn(fakeToken({ sub: '1' }));
    initSession();
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.role)).toBeNull();
  });

  it('keeps a valid token', () => {
    signIn();
    initSession();
    expect(localStorage.getItem(LOCAL_KEYS.token)).not.toBeNull();
  });

  it('keeps a session that expired an hour ago while the device is offline, without sending anything', async () => {
    signIn(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) - 3600 }));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    initSession();
    expect(localStorage.getItem(LOCAL_KEYS.role)).toBe('md');

    const error = await api.get('/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();

    // The network returns and the server answers: the spec's rule (spec 1 §4).
    onLine.mockReturnValue(true);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'ok' }));
    await probeServer();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/$/);
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.role)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('keeps the offline session when the network returns but the server does not answer, until it does', async () => {
    signIn(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) - 3600 }));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    initSession();
    // Wi-Fi without internet: the device says online, the server is silent.
    onLine.mockReturnValue(true);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await probeServer();
    expect(localStorage.getItem(LOCAL_KEYS.role)).toBe('md');
    expect(navigate).not.toHaveBeenCalled();

    // The screens still read the device's copy: nothing is sent with the expired token.
    const error = await api.get('/users/me').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // The sync timer's probe is answered: the session ends.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'ok' }));
    await probeServer();
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('asks the server at start when the device says online: a silent server keeps the expired session for offline work', async () => {
    signIn(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) - 3600 }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    // Wi-Fi without internet: the device says online, the server cannot be reached.
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await startSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/$/);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
    expect(localStorage.getItem(LOCAL_KEYS.role)).toBe('md');

    // The screens read the device's copy: nothing is sent with the expired token, and the sync engine is told
    // the server is silent (the badge says offline, sales are numbered on the device).
    const reachable = vi.fn<(reachable: boolean) => void>();
    setReachabilityListener(reachable);
    const error = await api.get('/users/me').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(reachable).toHaveBeenLastCalledWith(false);
    expect(navigate).not.toHaveBeenCalled();

    // The sync timer's probe is answered: the spec's rule.
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'ok' }));
    await probeServer();
    expect(reachable).toHaveBeenLastCalledWith(true);
    setReachabilityListener(null);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('removes the expired session at start once the server answers its check, before anything renders', async () => {
    signIn(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) - 3600 }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'ok' }));
    await startSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.role)).toBeNull();
    // The router is not there yet: the app's first render sends the user to the login screen.
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks nothing at start for a valid session, or one that could not be kept offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    signIn();
    await startSession();
    expect(localStorage.getItem(LOCAL_KEYS.token)).not.toBeNull();

    signIn(fakeToken({ sub: '1', exp: Math.floor((Date.now() - OFFLINE_GRACE_MS) / 1000) - 60 }));
    await startSession();
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();

    signIn(fakeToken({ sub: '1' }));
    await startSession();
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('removes an expired token online, and offline once it expired more than a week ago', () => {
    signIn(fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 }));
    initSession();
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();

    signIn(fakeToken({ sub: '1', exp: Math.floor((Date.now() - OFFLINE_GRACE_MS) / 1000) - 60 }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    initSession();
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
  });

  it('leaves a valid session alone when the network returns', async () => {
    signIn();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'ok' }));
    await probeServer();
    expect(localStorage.getItem(LOCAL_KEYS.token)).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('treats an undecodable token as expired', () => {
    signIn('not-a-jwt');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    initSession();
    expect(localStorage.getItem(LOCAL_KEYS.token)).toBeNull();
  });
});
