import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fetchRoutes } from '../../test/fetch-routes';
import { jsonResponse, typeInto } from '../../test/render';
import { RegisterPage } from './register-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Registration', () => {
  it("drops the server's last refusal when the next try is stopped by the form's own checks", async () => {
    const server = fetchRoutes({
      'POST /auth/register': jsonResponse(409, { detail: 'Business name already registered' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    render(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    typeInto(/^Business name/, 'Mama Put Stores');
    typeInto(/^Email/, 'md@mamaput.ng');
    typeInto(/^Password/, 'a long secret');
    typeInto(/^Confirm password/, 'a long secret');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /create/i }));
    expect(await screen.findByText('Business name already registered')).toBeTruthy();

    typeInto(/^Business name/, 'Mama Put Stores Ikeja');
    typeInto(/^Password/, 'short');
    typeInto(/^Confirm password/, 'short');
    fireEvent.click(screen.getByRole('button', { name: /create/i }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.queryByText('Business name already registered')).toBeNull();
    expect(server.calls).toHaveLength(1);
  });

  it('takes the focus to the first field to fix', async () => {
    vi.stubGlobal('fetch', fetchRoutes({}).fetch);
    render(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    typeInto(/^Business name/, 'Mama Put Stores');
    typeInto(/^Email/, 'not an e-mail');
    fireEvent.click(screen.getByRole('button', { name: /create/i }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('says at once every field to fix, the terms and the password match too', async () => {
    const server = fetchRoutes({});
    vi.stubGlobal('fetch', server.fetch);
    render(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    typeInto(/^Password/, 'a long secret');
    typeInto(/^Confirm password/, 'another secret');
    fireEvent.click(screen.getByRole('button', { name: /create/i }));
    expect(await screen.findByText('Business name is required')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByText('You must accept the Terms and Conditions')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
