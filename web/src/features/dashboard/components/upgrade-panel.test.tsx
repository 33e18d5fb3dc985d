import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { UpgradePanel } from './upgrade-panel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PLANS = {
  plans: [
    { key: 'free', name: 'Free', price: 0, duration_days: null, tag: null, features: ['10 transactions'] },
    { key: 'yearly', name: 'Pro Yearly', price: 100_000, duration_days: 365, tag: 'Popular', features: [] },
  ],
  yearly_saving: 20_000,
};

describe('UpgradePanel', () => {
  it('reads the payment information as a note: nothing is announced as an alert while all is well', async () => {
    signInForTest();
    vi.stubGlobal('fetch', fetchRoutes({ 'GET /dashboard/plans': jsonResponse(200, PLANS) }).fetch);
    renderWithProviders(<UpgradePanel opened onToggle={() => undefined} />);
    expect(await screen.findByText('Pro Yearly')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Payment information');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});
