import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest, typeInto } from '../../../test/render';
import { PasswordChange } from './password-change';

const me = {
  user_id: 7,
  username: 'Mama Put Stores',
  email: 'md@mamaput.ng',
  role: 'md',
  tenant_id: 1,
  tenant_name: 'Mama Put Stores',
};

beforeEach(() => signInForTest('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings → Password', () => {
  it('says "All fields are required", then "Passwords do not match", then sends e-mail, code and new password', async () => {
    const server = fetchRoutes({
      'GET /users/me': jsonResponse(200, me),
      'POST /settings/change-password': jsonResponse(200, {
        success: true,
        message: 'Password changed. 1 other session was signed out.',
        sessions_ended: 1,
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<PasswordChange />);
    expect(await screen.findByDisplayValue('md@mamaput.ng')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('All fields are required')).toBeTruthy();

    typeInto(/^Access code/, '2468');
    typeInto(/^New password/, 'a brand new secret');
    typeInto(/^Confirm new password/, 'a brand new secreT');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    typeInto(/^Confirm new password/, 'a brand new secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed. 1 other session was signed out.')).toBeTruthy();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'md@mamaput.ng',
      access_code: '2468',
      new_password: 'a brand new secret',
    });
  });

  it('shows "Failed to change password" with the server’s detail', async () => {
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /users/me': jsonResponse(200, me),
        'POST /settings/change-password': jsonResponse(403, { detail: 'Invalid access code' }),
      }).fetch,
    );
    renderWithProviders(<PasswordChange />);
    await screen.findByDisplayValue('md@mamaput.ng');
    typeInto(/^Access code/, '9999');
    typeInto(/^New password/, 'a brand new secret');
    typeInto(/^Confirm new password/, 'a brand new secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Failed to change password: Invalid access code')).toBeTruthy();
  });
});
