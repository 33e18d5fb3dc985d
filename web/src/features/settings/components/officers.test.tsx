import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { Officers } from './officers';

const bola = { officer_id: 3, officer_name: 'Bola Ade', officer_email: 'bola@example.com' };

beforeEach(() => signInForTest('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings → Officers', () => {
  it('checks the fields, adds an officer, and deletes one only after the confirmation', async () => {
    let officers: (typeof bola)[] = [];
    const server = fetchRoutes({
      'GET /settings/inventory-officers': () => jsonResponse(200, officers),
      'POST /settings/inventory-officers': (call) => {
        officers = [{ officer_id: 3, ...(call.body as { officer_name: string; officer_email: string }) }];
        return jsonResponse(201, officers[0]);
      },
      'DELETE /settings/inventory-officers/3': () => {
        officers = [];
        return jsonResponse(200, { msg: 'Officer deleted' });
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<Officers />);
    expect(await screen.findByText(/No inventory officers yet/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add Officer' }));
    expect(await screen.findByText('Officer name is required')).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Officer name/), { target: { value: 'Bola Ade' } });
    fireEvent.change(screen.getByLabelText(/^Officer e-mail/), { target: { value: 'bola@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Officer' }));
    const table = await screen.findByRole('table', { name: 'Inventory officers' });
    expect(within(table).getByText('bola@example.com')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Bola Ade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete officer' });
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText(/No inventory officers yet/)).toBeTruthy());
    expect(server.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('shows the list without the form to an employee who may only look', async () => {
    signInForTest('employee', ['settings.page.access']);
    vi.stubGlobal(
      'fetch',
      fetchRoutes({ 'GET /settings/inventory-officers': jsonResponse(200, [bola]) }).fetch,
    );
    renderWithProviders(<Officers />);
    expect(await screen.findByText('Bola Ade')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Officer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Bola Ade' })).toBeNull();
  });

  it('asks one who cannot add officers to have the MD add one', async () => {
    signInForTest('employee', ['settings.page.access']);
    vi.stubGlobal('fetch', fetchRoutes({ 'GET /settings/inventory-officers': jsonResponse(200, []) }).fetch);
    renderWithProviders(<Officers />);
    expect(
      await screen.findByText(
        'No inventory officers yet. Ask your MD to add one so requisitions reach someone.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Officer' })).toBeNull();
  });
});
