import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { getToken } from '../../../lib/auth-storage';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest, typeInto } from '../../../test/render';
import { DeleteAccount } from './delete-account';

const me = {
  user_id: 7,
  username: 'Mama Put Stores',
  email: 'md@mamaput.ng',
  role: 'md',
  tenant_id: 1,
  tenant_name: 'Mama Put Stores',
};
const bola = {
  employee_id: 9,
  name: 'Bola Ade',
  email: 'bola@mamaput.ng',
  role: 'employee',
  access_choice: null,
};

beforeEach(() => signInForTest('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = () =>
  renderWithProviders(
    <MemoryRouter>
      <DeleteAccount />
    </MemoryRouter>,
  );

describe('Settings → Delete Account', () => {
  it('removes an employee only after the confirm dialog, sending type, e-mail, password and name', async () => {
    const server = fetchRoutes({
      'GET /users/me': jsonResponse(200, me),
      'GET /settings/employees': jsonResponse(200, [bola]),
      'POST /settings/delete-account': jsonResponse(200, {
        success: true,
        account_type: 'employee',
        message: "Bola Ade's account has been deleted. Their records keep their name.",
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();

    typeInto(/^Employee e-mail/, 'bola@mamaput.ng');
    typeInto(/^Employee name/, 'Bola Ade');
    typeInto(/^Your password/, 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete employee account?' });
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      account_type: 'employee',
      email: 'bola@mamaput.ng',
      password: 'correct horse battery',
      name_value: 'Bola Ade',
    });
  });

  it('closes the business after the typed name and the dialog, then signs out', async () => {
    const server = fetchRoutes({
      'GET /users/me': jsonResponse(200, me),
      'GET /settings/employees': jsonResponse(200, []),
      'POST /settings/delete-account': jsonResponse(200, {
        success: true,
        account_type: 'user',
        message: 'Mama Put Stores has been closed and all its data deleted.',
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    render();
    await screen.findByRole('button', { name: 'Delete Account' });
    fireEvent.click(screen.getByLabelText('User (my whole business)'));
    expect(await screen.findByText('This closes the business for good')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download all data (.zip)' })).toBeTruthy();
    typeInto(/^Your e-mail/, 'md@mamaput.ng');
    typeInto(/^Business name/, 'Mama Put Stores');
    typeInto(/^Your password/, 'correct horse battery');
    fireEvent.click(screen.getByRole('button', { name: 'Close Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close the business?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close business' }));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(server.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      account_type: 'user',
      email: 'md@mamaput.ng',
      name_value: 'Mama Put Stores',
    });
  });

  it('shows "Failed to delete account" with the server’s detail', async () => {
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /users/me': jsonResponse(200, me),
        'GET /settings/employees': jsonResponse(200, [bola]),
        'POST /settings/delete-account': jsonResponse(403, { detail: 'Incorrect password' }),
      }).fetch,
    );
    render();
    await screen.findByRole('button', { name: 'Delete Account' });
    typeInto(/^Employee e-mail/, 'bola@mamaput.ng');
    typeInto(/^Employee name/, 'Bola Ade');
    typeInto(/^Your password/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete employee account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Failed to delete account: Incorrect password')).toBeTruthy();
  });

  it('tells an employee that only the MD deletes accounts', () => {
    signInForTest('employee', ['settings.page.access']);
    render();
    expect(screen.getByText(/Only the MD can delete accounts/)).toBeTruthy();
  });
});
