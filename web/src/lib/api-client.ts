/**
 * THE API client (STYLE.md rule 10). Every screen calls the server through `apiRequest` so that
 * tokens, expiry, 401, subscription blocks and network failures are handled in one place.
 */
import {
  getAuthSnapshot,
  getToken,
  clearSession,
  initSession,
  isOfflineOnlySession,
  isTokenExpired,
} from './auth-storage';
import { takeBootFetch } from './boot-fetch';
import { navigateTo } from './navigation';
import { isSubscriptionBlockDetail, setSubscriptionBlocked } from './subscription-block';

export const API_BASE = '/api';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const TOKEN_EXPIRED_MESSAGE = 'Token expired';
export const UPLOAD_SIGNED_OUT_MESSAGE = 'Authentication required. Please login again.';
const UPLOAD_SIGNED_OUT_REDIRECT_MS = 2000;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 0 for a network failure or a request refused before it was sent. */
    readonly status: number,
    readonly detail: unknown = message,
  ) {
    super(message);
  }
}

/** The server's `detail` as text: a string as is; a 422 array of {msg} joined. */
export function detailToMessage(detail: unknown): string | null {
  if (typeof detail === 'string') return detail.trim() || null;
  if (Array.isArray(detail)) {
    const messages = detail
      .map((item: unknown) =>
        item && typeof item === 'object' && 'msg' in item && typeof item.msg === 'string' ? item.msg : null,
      )
      .filter((msg): msg is string => Boolean(msg));
    // Two fields refused with the same words ("Name and phone are required") say it once.
    return messages.length ? [...new Set(messages)].join(', ') : null;
  }
  return null;
}

/**
 * Text for an error caught by a screen: the server's detail; for an answer without one, the screen's fallback
 * ("Login failed"); for a call that never got an answer, its own words ("Network error…").
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return detailToMessage(error.detail) ?? (error.status === 0 ? error.message : fallback);
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

type TQueryValue = string | number | boolean | null | undefined;

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, TQueryValue>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the two login calls). */
  form?: Record<string, string>;
  /** Sent as multipart/form-data (file uploads); the browser sets the boundary. */
  multipart?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A public call (a shared document): sent without the stored token, and it never touches the session. */
  anonymous?: boolean;
};

function buildUrl(path: string, query?: Record<string, TQueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

let reachabilityListener: ((reachable: boolean) => void) | null = null;
/** The last call got no answer: a session kept for offline work stays so until the server answers again. */
let serverSilent = false;

/**
 * Told after each call whether the server answered it (any HTTP status) or not (offline, a network error, a
 * timeout): the offline engine's "online" follows what the calls see, not only the device's network.
 */
export function setReachabilityListener(listener: ((reachable: boolean) => void) | null): void {
  reachabilityListener = listener;
}

function serverAnswered(answered: boolean): void {
  serverSilent = !answered;
  reachabilityListener?.(answered);
}

/** A call made outside `send`'s own failure handling (a read raced against a timer) got no answer in time. */
export function serverDidNotAnswer(): void {
  serverAnswered(false);
}

/**
 * An expired session ends: the token and role are cleared and the user goes to the login screen (spec 1 §4).
 */
function endExpiredSession(): void {
  const token = getToken();
  if (!token || !isTokenExpired(token)) return;
  clearSession();
  navigateTo('/login');
}

/** How long a call waits for the server before the device treats it as unreachable. */
export const SERVER_TIMEOUT_MS = 15_000;
/** How long the app's start waits for the server before it keeps an expired session for offline work. */
export const START_CHECK_TIMEOUT_MS = 5_000;

/** Whether the server answers `GET /api/` (anonymous) within `timeoutMs`, with any HTTP status. */
async function serverAnswers(timeoutMs: number): Promise<boolean> {
  try {
    await send('/', { anonymous: true, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0) return false;
  }
  return true;
}

/**
 * Asks the server whether it answers. An answer ends an expired session that the device kept for offline work
 * (spec 1 §4: cleared, to /login). Used when the network returns (the window's `online` event) and by the sync
 * timer while the server is silent: Wi-Fi without internet, or a server still down, keeps the session.
 */
export async function probeServer(): Promise<void> {
  if (await serverAnswers(SERVER_TIMEOUT_MS)) endExpiredSession();
}

/**
 * The app's start (spec 1 §4): a stored token that is expired or lacks `exp` is removed before anything renders,
 * unless the session may still record on the device (`isOfflineOnlySession`). A device that says it is online
 * while such a session is stored is asked first whether the server answers: Wi-Fi without internet, or mobile
 * data with no signal, says "online" too, and a login screen there could not sign anyone in.
 */
export async function startSession(): Promise<void> {
  const token = getToken();
  const now = Date.now();
  // Worth asking only for a session a silent server would keep: expired, with an `exp` less than a week ago.
  if (token && isTokenExpired(token, now) && navigator.onLine && isOfflineOnlySession(token, now, true))
    await serverAnswers(START_CHECK_TIMEOUT_MS);
  initSession(now, serverSilent);
}

/** One call through the client: the parsed body and the response headers of a success. */
async function send(
  path: string,
  options: TRequestOptions,
  /** A success's body as a Blob (a file download) instead of parsed JSON or text. */
  asBlob = false,
): Promise<{ data: unknown; headers: Headers }> {
  const token = options.anonymous ? null : getToken();
  if (token && isTokenExpired(token)) {
    // With no network (or a silent server) the call could not go anyway: the screens fall back to what the
    // device keeps.
    if (isOfflineOnlySession(token, Date.now(), serverSilent)) {
      serverAnswered(false);
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
    }
    endExpiredSession();
    throw new ApiError(TOKEN_EXPIRED_MESSAGE, 401);
  }

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (getAuthSnapshot().adminUnlocked) headers['X-Admin-Unlocked'] = 'true';

  let body: BodyInit | undefined;
  if (options.multipart) {
    body = options.multipart;
  } else if (options.form) {
    body = new URLSearchParams(options.form);
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  }

  const url = buildUrl(path, options.query);
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    // The start page's first calls may have left before the app loaded (index.html's boot script).
    const early = method === 'GET' && !options.anonymous ? await takeBootFetch(url, token) : null;
    response = early ?? (await fetch(url, { method, headers, body, signal: options.signal }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    serverAnswered(false);
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  serverAnswered(true);

  if (asBlob && response.ok) return { data: await response.blob(), headers: response.headers };
  const data = await readBody(response);
  if (response.ok) return { data, headers: response.headers };

  // Only the API's own JSON `detail` is shown: a proxy's HTML error page or an empty body says nothing to a user.
  const detail = data && typeof data === 'object' && 'detail' in data ? data.detail : null;
  const message = detailToMessage(detail) ?? (response.statusText || `Request failed (${response.status})`);

  if (response.status === 401 && token && options.multipart && message === 'Not authenticated') {
    // An upload the server took as signed out says so, then ends the session 2 s later (spec 3 §8).
    setTimeout(() => {
      clearSession();
      navigateTo('/login');
    }, UPLOAD_SIGNED_OUT_REDIRECT_MS);
    throw new ApiError(UPLOAD_SIGNED_OUT_MESSAGE, 401);
  }
  if (response.status === 401 && token) {
    // The session is gone (expired, revoked or logged out elsewhere). A 401 without a token is a
    // failed login, which the login screen shows itself.
    clearSession();
    navigateTo('/login');
  } else if (response.status === 403 && isSubscriptionBlockDetail(message)) {
    setSubscriptionBlocked(message);
    navigateTo('/dashboard');
  }
  throw new ApiError(message, response.status, detail);
}

export async function apiRequest<T>(path: string, options: TRequestOptions = {}): Promise<T> {
  return (await send(path, options)).data as T;
}

/** A page of a list the server pages itself: the rows and the X-Total-Count header (null if absent). */
export type TPage<T> = { rows: T[]; total: number | null };

export async function apiRequestPage<T>(path: string, options: TRequestOptions = {}): Promise<TPage<T>> {
  const { data, headers } = await send(path, options);
  const header = headers.get('X-Total-Count');
  const total = header === null || header.trim() === '' ? NaN : Number(header);
  return {
    rows: Array.isArray(data) ? (data as T[]) : [],
    total: Number.isInteger(total) && total >= 0 ? total : null,
  };
}

export const api = {
  get: <T>(path: string, options?: Omit<TRequestOptions, 'method' | 'json' | 'form'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  /** GET of a server-paged list: rows plus the X-Total-Count header. */
  getPage: <T>(path: string, options?: Omit<TRequestOptions, 'method' | 'json' | 'form'>) =>
    apiRequestPage<T>(path, { ...options, method: 'GET' }),
  /** GET of a file (a CSV export): the body as a Blob; errors as for every other call. */
  getBlob: async (path: string, options?: Omit<TRequestOptions, 'method' | 'json' | 'form'>) =>
    (await send(path, { ...options, method: 'GET' }, true)).data as Blob,
  post: <T>(path: string, json?: unknown, options?: Omit<TRequestOptions, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', json }),
  put: <T>(path: string, json?: unknown, options?: Omit<TRequestOptions, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', json }),
  patch: <T>(path: string, json?: unknown, options?: Omit<TRequestOptions, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', json }),
  /** POST of a multipart/form-data body (file uploads). */
  upload: <T>(path: string, data: FormData, options?: Omit<TRequestOptions, 'method' | 'json' | 'form'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', multipart: data }),
  delete: <T>(path: string, options?: Omit<TRequestOptions, 'method' | 'json'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
