import type { TRegisterForm, TRegisterRequest } from '@app/domain/schemas/auth';
import { api } from '../../../lib/api-client';
import { useAction } from './use-action';

export function register(form: TRegisterForm): Promise<{ msg?: string }> {
  const body: TRegisterRequest = {
    username: form.username.trim(),
    email: form.email.trim(),
    password: form.password,
    role: 'md',
    plan: 'free',
    accepted_terms: true,
  };
  return api.post<{ msg?: string }>('/auth/register', body);
}

export function useRegister() {
  return useAction(register);
}
