import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TRestockSummary } from '@app/domain/schemas/stock';
import { aPurchase } from '../purchase.fixture';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { ReportsTab } from './reports-tab';

const fetchMock = vi.fn<typeof fetch>();

const recent = aPurchase({
  purchase_id: 9,
  item_id: 3,
  supplied_quantity: 12,
  unit_price: 45_000,
  total_price_paid: 540_000,
  amount_paid: 40_000,
  outstanding: 500_000,
  due_date: '2026-12-01',
  payment_status: 'partial',
  payment_method: 'transfer',
});
const SUMMARY: TRestockSummary = {
  total_purchases: 1_204,
  total_amount: 12_345_678.9,
  outstanding: 500_000,
  items_restocked: 310,
  units_restocked: 25_000,
  warehouses: 3,
  recent: [recent],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  signInForTest();
  fetchMock.mockImplementation(async (input) =>
    String(input).startsWith('/api/restock/summary')
      ? jsonResponse(200, SUMMARY)
      : jsonResponse(404, { detail: 'Not Found' }),
  );
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('Restock Reports', () => {
  it('shows the server’s totals for the period, not a sum of what the browser downloaded', async () => {
    renderWithProviders(<ReportsTab />);
    expect(await screen.findByText('1,204')).toBeTruthy();
    expect(screen.getByText('₦12,345,678.90')).toBeTruthy();
    expect(screen.getByText('₦500,000.00 outstanding')).toBeTruthy();
    expect(screen.getByText('25,000 units')).toBeTruthy();
    expect(
      within(screen.getByText('Rice 50kg: 12 from Dangote Foods').closest('div')!.parentElement!).getByText(
        /Main Store/,
      ),
    ).toBeTruthy();
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(
      /^\/api\/restock\/summary\?start_date=\d{4}-\d{2}-\d{2}&end_date=\d{4}-\d{2}-\d{2}$/,
    );
  });
});
