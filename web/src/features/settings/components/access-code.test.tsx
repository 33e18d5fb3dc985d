import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { ACCESS_CODE_REQUIRED, AccessCode } from './access-code';

beforeEach(() => {
  signInForTest();
});
afterEach(() => vi.unstubAllGlobals());

describe('Settings → Access Code', () => {
  it('asks for a code, then sets it', async () => {
    const server = fetchRoutes({
      'GET /settings/access-code': jsonResponse(200, { is_set: false, updated_at: null }),
      'PUT /settings/access-code': jsonResponse(200, { msg: 'Access code updated' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<AccessCode />);
    expect(await screen.findByText('No access code set')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Set access code' }));
    expect(await screen.findByText(ACCESS_CODE_REQUIRED)).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^New access code/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set access code' }));
    expect(await screen.findByText('Access code must be at least 4 characters')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^New access code/), { target: { value: ' 4321 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set access code' }));
    expect(await screen.findByText('Access code updated')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toEqual({ code: '4321' });
  });

  it('shows a generated code once, after confirming that it replaces the current one', async () => {
    const server = fetchRoutes({
      'GET /settings/access-code': jsonResponse(200, { is_set: true, updated_at: '2026-11-20T10:00:00Z' }),
      'PUT /settings/access-code/generate': jsonResponse(200, { access_code: '482913' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<AccessCode />);
    expect(await screen.findByText('An access code is set')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Generate code' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Generate new code' }));
    expect(await screen.findByText('482913')).toBeTruthy();
    // Named apart from the custom code's input, which is "New access code".
    expect(screen.getByLabelText('Generated access code').textContent).toBe('482913');
    expect(screen.getByText(/stored securely and cannot be shown again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
  });

  it('prefixes a failure with the spec text', async () => {
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /settings/access-code': jsonResponse(200, { is_set: false, updated_at: null }),
        'PUT /settings/access-code/generate': jsonResponse(500, { detail: 'Internal server error' }),
      }).fetch,
    );
    renderWithProviders(<AccessCode />);
    await screen.findByText('No access code set');
    fireEvent.click(screen.getByRole('button', { name: 'Generate code' }));
    expect(await screen.findByText('Failed to generate access code: Internal server error')).toBeTruthy();
  });
});
