import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { TLoginResponse } from '@app/domain/schemas/auth';
import { saveLogin } from '../lib/auth-storage';
import { jsonResponse, renderWithProviders, validToken } from '../test/render';
import { PermissionGuard } from './permission-guard';

const fetchMock = vi.fn<typeof fetch>();

function signIn(overrides: Partial<TLoginResponse>) {
  saveLogin({
    access_token: validToken(),
    token_type: 'bearer',
    username: 'Ada',
    role: 'employee',
    user_id: 12,
    permissions: [],
    permission_codes: [],
    ...overrides,
  });
}

function renderGuarded(resourceKey: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard/restock']}>
      <Routes>
        <Route
          path="/dashboard/restock"
          element={
            <PermissionGuard resourceKey={resourceKey}>
              <p>Restock screen</p>
            </PermissionGuard>
          }
        />
        <Route path="/login" element={<p>Login screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('PermissionGuard', () => {
  it('sends a signed-out visitor to /login', () => {
    renderGuarded('restock.page.access');
    expect(screen.getByText('Login screen')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets the MD through without asking the server', () => {
    signIn({ role: 'md' });
    renderGuarded('restock.page.access');
    expect(screen.getByText('Restock screen')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets an employee through on a stored key variant', () => {
    signIn({ permissions: ['sales.page.access'] });
    renderGuarded('sales');
    expect(screen.getByText('Restock screen')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server when nothing is stored, showing the checking spinner, then lets in', async () => {
    signIn({});
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { has_permission: true }));
    renderGuarded('restock.page.access');

    expect(screen.getByText('Checking access permissions...')).toBeTruthy();
    expect(await screen.findByText('Restock screen')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      '/api/permissions/check?user_id=12&resource_key=restock.page.access',
    );
  });

  it('shows the denied screen with the account and role when the server says no', async () => {
    signIn({ username: 'Ada' });
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/users/me')
        ? jsonResponse(200, {
            user_id: 12,
            username: 'Ada',
            email: 'ada@shop.ng',
            role: 'employee',
            tenant_id: 1,
            tenant_name: 'Shop',
          })
        : jsonResponse(200, { has_permission: false }),
    );
    renderGuarded('restock.page.access');

    expect(await screen.findByText('Admin Access Required')).toBeTruthy();
    expect(
      screen.getByText(
        "You don't have permission to access this page. Please contact your administrator (MD) to grant you access.",
      ),
    ).toBeTruthy();
    expect(await screen.findByText('ada@shop.ng')).toBeTruthy();
    expect(screen.getByText('Employee')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to Dashboard' })).toBeTruthy();
    expect(screen.queryByText('Restock screen')).toBeNull();
  });
});
