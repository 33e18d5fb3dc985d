import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TPlanPayment, TPlanRenewal } from '@app/domain/schemas/billing';
import { fetchRoutes } from '../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../test/render';
import { PAYMENTS_PAGE_SIZE } from './api/get-plan-payments';
import { BillingPanel } from './billing-panel';

const payment = (id: number, overrides: Partial<TPlanPayment> = {}): TPlanPayment => ({
  id,
  created_at: '2026-11-26T09:00:00.000Z',
  paid_at: '2026-11-26T09:01:00.000Z',
  kind: 'checkout',
  plan_key: 'monthly_pro',
  plan_name: 'Pro Monthly',
  amount: 15_000,
  currency: 'NGN',
  reference: `pln-${String(id).padStart(24, '0')}`,
  status: 'success',
  failure_reason: null,
  period_start: null,
  period_end: null,
  ...overrides,
});

const RENEWAL: TPlanRenewal = {
  plan_key: 'monthly_pro',
  auto_renew: true,
  card_saved: true,
  expires_at: '2026-12-26T09:01:00.000Z',
};

const firstPage = Array.from({ length: PAYMENTS_PAGE_SIZE }, (_, i) =>
  payment(
    30 - i,
    i === 1 ? { status: 'abandoned', plan_name: 'Pro Yearly', amount: 180_000, paid_at: null } : {},
  ),
);
const olderPage = [payment(3, { kind: 'renewal', status: 'failed', failure_reason: 'Insufficient Funds' })];

let routes: ReturnType<typeof fetchRoutes>;
beforeEach(() => {
  signInForTest();
  routes = fetchRoutes({
    'GET /billing/payments': ({ url }) =>
      jsonResponse(200, url.searchParams.get('before') ? olderPage : firstPage),
    'GET /billing/renewal': jsonResponse(200, RENEWAL),
    'PUT /billing/renewal': ({ body }) => jsonResponse(200, { ...RENEWAL, ...(body as object) }),
  });
  vi.stubGlobal('fetch', routes.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('Plan payments panel', () => {
  it('lists date, plan, amount, reference and status, and pages back by the last id shown', async () => {
    renderWithProviders(<BillingPanel />);
    const table = await screen.findByRole('table', { name: 'Payment history' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(PAYMENTS_PAGE_SIZE + 1);
    expect(rows[1]!.textContent).toBe(`26 Nov 2026Pro Monthly₦15,000.00${payment(30).reference}Paid`);
    expect(rows[2]!.textContent).toContain('Pro Yearly₦180,000.00');
    expect(rows[2]!.textContent).toContain('Cancelled');

    fireEvent.click(screen.getByRole('button', { name: 'Show older payments' }));
    expect(await within(table).findByText('Pro Monthly (renewal)')).toBeTruthy();
    expect(within(table).getByText('Failed').closest('[title]')?.getAttribute('title')).toBe(
      'Insufficient Funds',
    );
    const asked = routes.calls.filter((call) => call.url.pathname === '/api/billing/payments');
    expect(asked.map((call) => call.url.searchParams.get('before'))).toEqual([null, '21']);
    expect(screen.queryByRole('button', { name: 'Show older payments' })).toBeNull();
  });

  it('asks before cancelling automatic renewal, then says when the plan ends', async () => {
    renderWithProviders(<BillingPanel />);
    const toggle = await screen.findByRole('switch', { name: 'Renew Pro automatically from my saved card' });
    expect(
      screen.getByText('Your card is charged shortly before the plan ends on 26 Dec 2026.'),
    ).toBeTruthy();
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel automatic renewal?' });
    expect(routes.calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel renewal' }));
    expect(
      await screen.findByText('Renewal is off: the plan ends on 26 Dec 2026 unless you pay again.'),
    ).toBeTruthy();
    expect(routes.calls.find((call) => call.method === 'PUT')?.body).toEqual({ auto_renew: false });
  });

  it('shows no renewal switch before a card was saved, and says when there is no payment yet', async () => {
    routes = fetchRoutes({
      'GET /billing/payments': jsonResponse(200, []),
      'GET /billing/renewal': jsonResponse(200, { ...RENEWAL, card_saved: false, auto_renew: false }),
    });
    vi.stubGlobal('fetch', routes.fetch);
    renderWithProviders(<BillingPanel />);
    expect(await screen.findByText('No payments yet.')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
