import type { TLoginResponse } from '@app/domain/schemas/auth';
import { api } from '../../../lib/api-client';
import { saveLogin } from '../../../lib/auth-storage';
import { useAction } from './use-action';

export type TLoginMode = 'md' | 'employee';
export type TLoginInput = { mode: TLoginMode; identifier: string; password: string };

/**
 * MD signs in by username (POST /auth/token); an employee by e-mail (POST /auth/employee/token).
 * The session is stored on success; the stored role comes from the account type.
 */
export async function login({ mode, identifier, password }: TLoginInput): Promise<TLoginResponse> {
  const response =
    mode === 'md'
      ? await api.post<TLoginResponse>('/auth/token', undefined, {
          form: { username: identifier.trim(), password },
        })
      : await api.post<TLoginResponse>('/auth/employee/token', undefined, {
          form: { email: identifier.trim(), password },
        });
  saveLogin({ ...response, role: response.role ?? mode });
  return response;
}

export function useLogin() {
  return useAction(login);
}
