/**
 * The browser's copy of the session (spec 1 §3 "Browser storage", §4 "Session").
 * Local keys: login_token, role, username, user_id, permissions, permission_codes.
 * Session key: admin_unlocked. A tiny external store so React can subscribe to changes.
 */
import type { TLoginResponse, TMyPermissionsResponse } from '@app/domain/schemas/auth';

export const LOCAL_KEYS = {
  token: 'login_token',
  role: 'role',
  username: 'username',
  userId: 'user_id',
  permissions: 'permissions',
  permissionCodes: 'permission_codes',
} as const;
export const ADMIN_UNLOCKED_KEY = 'admin_unlocked';

export type TAuthSnapshot = {
  isAuthenticated: boolean;
  token: string | null;
  /** 'md', 'employee', or 'user' before login data exists. */
  role: string;
  username: string;
  userId: number | null;
  permissions: string[];
  permissionCodes: string[];
  adminUnlocked: boolean;
};

/** The `exp` claim (seconds) of a JWT, or null when the token cannot be decoded or lacks it. */
export function decodeTokenExp(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp;
    }
    return null;
  } catch (error) {
    console.warn('Could not decode the stored login token', error);
    return null;
  }
}

/** Expired, undecodable or without `exp`: all count as expired (spec 1 §4). */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const exp = decodeTokenExp(token);
  return exp === null || exp <= Math.floor(nowMs / 1000);
}

function readList(key: string): string[] {
  const raw = localStorage.getItem(key);
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function read(): TAuthSnapshot {
  const token = localStorage.getItem(LOCAL_KEYS.token);
  const userId = Number(localStorage.getItem(LOCAL_KEYS.userId));
  return {
    isAuthenticated: Boolean(token),
    token,
    role: localStorage.getItem(LOCAL_KEYS.role) || 'user',
    username: localStorage.getItem(LOCAL_KEYS.username) ?? '',
    userId: Number.isInteger(userId) && userId > 0 ? userId : null,
    permissions: readList(LOCAL_KEYS.permissions),
    permissionCodes: readList(LOCAL_KEYS.permissionCodes),
    adminUnlocked: sessionStorage.getItem(ADMIN_UNLOCKED_KEY) === 'true',
  };
}

let snapshot: TAuthSnapshot | null = null;
const listeners = new Set<() => void>();

function emit() {
  snapshot = read();
  for (const listener of listeners) listener();
}

export function getAuthSnapshot(): TAuthSnapshot {
  snapshot ??= read();
  return snapshot;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab logged in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values<string>(LOCAL_KEYS).includes(event.key)) emit();
  });
}

export function getToken(): string | null {
  return localStorage.getItem(LOCAL_KEYS.token);
}

export function saveLogin(response: TLoginResponse): void {
  localStorage.setItem(LOCAL_KEYS.token, response.access_token);
  localStorage.setItem(LOCAL_KEYS.role, response.role);
  localStorage.setItem(LOCAL_KEYS.username, response.username);
  localStorage.setItem(LOCAL_KEYS.userId, String(response.user_id));
  localStorage.setItem(LOCAL_KEYS.permissions, JSON.stringify(response.permissions));
  localStorage.setItem(LOCAL_KEYS.permissionCodes, JSON.stringify(response.permission_codes));
  sessionStorage.removeItem(ADMIN_UNLOCKED_KEY);
  emit();
}

export function savePermissions(response: TMyPermissionsResponse): void {
  const current = getAuthSnapshot();
  const same =
    JSON.stringify(current.permissions) === JSON.stringify(response.permissions) &&
    JSON.stringify(current.permissionCodes) === JSON.stringify(response.permission_codes);
  if (same) return;
  localStorage.setItem(LOCAL_KEYS.permissions, JSON.stringify(response.permissions));
  localStorage.setItem(LOCAL_KEYS.permissionCodes, JSON.stringify(response.permission_codes));
  emit();
}

/** What a 401 or an expired token clears: the token, the role and the admin unlock (spec 1 §8). */
export function clearSession(): void {
  localStorage.removeItem(LOCAL_KEYS.token);
  localStorage.removeItem(LOCAL_KEYS.role);
  sessionStorage.removeItem(ADMIN_UNLOCKED_KEY);
  emit();
}

/** Logout: everything in local and session storage goes (spec 1 §2 sidebar). */
export function clearAllStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
  emit();
}

export function setAdminUnlocked(unlocked: boolean): void {
  if (unlocked) sessionStorage.setItem(ADMIN_UNLOCKED_KEY, 'true');
  else sessionStorage.removeItem(ADMIN_UNLOCKED_KEY);
  emit();
}

/** How long past its expiry a session still opens the app while the device has no network. */
export const OFFLINE_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * An expired session kept for work on the device (issue 16 §3): the device has no network (or, once the app
 * runs, the server did not answer its last call), and the token expired less than a week ago. Nothing is sent
 * with it: the sales made with it wait on the device until the user signs in again. Once the server answers,
 * the spec's rule applies (spec 1 §4: cleared, to /login).
 */
export function isOfflineOnlySession(
  token: string,
  nowMs: number = Date.now(),
  serverSilent = false,
): boolean {
  const exp = decodeTokenExp(token);
  const deviceOffline = serverSilent || (typeof navigator !== 'undefined' && navigator.onLine === false);
  return deviceOffline && exp !== null && exp * 1000 <= nowMs && nowMs - exp * 1000 < OFFLINE_GRACE_MS;
}

/**
 * Start-up: a stored token that is expired or lacks `exp` is removed with the stored role, unless the device
 * is offline (or the server did not answer the start's check) and the session may still record on it
 * (`isOfflineOnlySession`). The app starts through the API client's `startSession`, which asks the server.
 */
export function initSession(nowMs: number = Date.now(), serverSilent = false): void {
  const token = getToken();
  if (token && isTokenExpired(token, nowMs) && !isOfflineOnlySession(token, nowMs, serverSilent))
    clearSession();
  else emit();
}
