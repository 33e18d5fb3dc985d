import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { DISCOUNTS_MESSAGES, Discounts } from './discounts';

beforeEach(() => signInForTest('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings → Discounts', () => {
  it('sends the maximum discount the MD typed, and null when it is emptied', async () => {
    const server = fetchRoutes({
      'GET /settings/price-limits': jsonResponse(200, { max_discount_percent: 10 }),
      'PUT /settings/price-limits': (call) => jsonResponse(200, call.body),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<Discounts />);
    const input = await screen.findByRole('textbox', { name: /^Maximum discount/ });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('10%'));
    fireEvent.change(input, { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Discounts' }));
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(server.calls.find((call) => call.method === 'PUT')!.body).toEqual({ max_discount_percent: 12.5 });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Discounts' }));
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(server.calls.filter((call) => call.method === 'PUT')[1]!.body).toEqual({
      max_discount_percent: null,
    });
  });

  it('tells an employee that only the MD changes it, without asking the server', () => {
    signInForTest('employee', ['settings.page.access']);
    const server = fetchRoutes({});
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<Discounts />);
    expect(screen.getByText(DISCOUNTS_MESSAGES.mdOnly)).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('says what failed when the limits cannot be read, and shows no form', async () => {
    vi.stubGlobal(
      'fetch',
      fetchRoutes({ 'GET /settings/price-limits': jsonResponse(403, { detail: 'Not allowed' }) }).fetch,
    );
    renderWithProviders(<Discounts />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${DISCOUNTS_MESSAGES.loadFailure}: Not allowed`,
    );
    expect(screen.queryByRole('button', { name: 'Save Discounts' })).toBeNull();
  });
});
