import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { ALERTS_MESSAGES, Alerts } from './alerts';

const DEFAULTS = { low_stock_enabled: true, daily_summary_enabled: true, daily_summary_hour: 20 };

beforeEach(() => signInForTest('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings → Alerts', () => {
  it('on the free plan shows the switches disabled with the Pro note', async () => {
    vi.stubGlobal(
      'fetch',
      fetchRoutes({ 'GET /settings/alerts': jsonResponse(200, { ...DEFAULTS, plan_allows: false }) }).fetch,
    );
    renderWithProviders(<Alerts />);
    expect(await screen.findByText(ALERTS_MESSAGES.proOnly)).toBeTruthy();
    expect((screen.getByRole('switch', { name: /^Low-stock alerts/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('switch', { name: /^Daily summary/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save Alerts' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('on Pro sends the switches and the hour the MD set', async () => {
    const server = fetchRoutes({
      'GET /settings/alerts': jsonResponse(200, { ...DEFAULTS, plan_allows: true }),
      'PUT /settings/alerts': (call) => jsonResponse(200, { ...(call.body as object), plan_allows: true }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<Alerts />);
    const lowStock = await screen.findByRole('switch', { name: /^Low-stock alerts/ });
    expect(screen.queryByText(ALERTS_MESSAGES.proOnly)).toBeNull();
    fireEvent.click(lowStock);
    fireEvent.click(screen.getByRole('button', { name: 'Save Alerts' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(server.calls.find((call) => call.method === 'PUT')!.body).toEqual({
      ...DEFAULTS,
      low_stock_enabled: false,
    });
  });

  it('tells an employee that only the MD changes the alerts, without asking the server', async () => {
    signInForTest('employee', ['settings.page.access']);
    const server = fetchRoutes({});
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<Alerts />);
    expect(screen.getByText(ALERTS_MESSAGES.mdOnly)).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
