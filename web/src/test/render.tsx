import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { saveLogin } from '../lib/auth-storage';
import { cssVariablesResolver, theme } from '../lib/theme';

/** A signed JWT-shaped token whose payload carries the given claims (the signature is not checked). */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export function validToken(): string {
  return fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 });
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Types `value` into the field labelled `label`, as one change (the form's handlers see the whole value). */
export function typeInto(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/** Signs the test's browser in as Mama Put Stores' MD (user 7), or as an employee with `permissions`. */
export function signInForTest(
  role: 'md' | 'employee' = 'md',
  permissions: readonly string[] = [],
  token: string = validToken(),
): void {
  saveLogin({
    access_token: token,
    token_type: 'bearer',
    username: 'Mama Put Stores',
    role,
    user_id: 7,
    permissions: [...permissions],
    permission_codes: [],
  });
}
