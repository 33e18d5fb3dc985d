import { api, ApiError } from '../../../lib/api-client';
import type { TUserMeResponse } from '@app/domain/schemas/auth';

export type TApiTestStatus = 'testing' | 'connected' | 'partial' | 'auth_failed' | 'failed';
export type TApiTestResult = { status: Exclude<TApiTestStatus, 'testing'>; message: string };

export const API_TEST_MESSAGES = {
  connected: 'API connection and authentication successful!',
  partial: 'API connected but authentication may be required',
  auth_failed: 'Authentication failed. Please login again.',
  unreachable: 'Cannot connect to backend server...',
  failed: 'API connection failed. Check console for details.',
} as const;

/**
 * The Test API button (spec 3 §2.1, §8): GET /api/ for connectivity, then GET /api/users/me for
 * the session. Never throws.
 */
export async function testApiConnection(): Promise<TApiTestResult> {
  try {
    await api.get<unknown>('/');
  } catch (error) {
    console.error('API connection test failed', error);
    const unreachable = error instanceof ApiError && error.status === 0;
    return {
      status: 'failed',
      message: unreachable ? API_TEST_MESSAGES.unreachable : API_TEST_MESSAGES.failed,
    };
  }
  try {
    await api.get<TUserMeResponse>('/users/me');
    return { status: 'connected', message: API_TEST_MESSAGES.connected };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return { status: 'auth_failed', message: API_TEST_MESSAGES.auth_failed };
    }
    if (error instanceof ApiError && error.status === 0) {
      return { status: 'failed', message: API_TEST_MESSAGES.unreachable };
    }
    return { status: 'partial', message: API_TEST_MESSAGES.partial };
  }
}
