import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fetchRoutes } from '../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../test/render';
import { SalesPage } from '../features/sales/sales-page';
import { SectionGate } from './section-gate';

afterEach(() => {
  vi.unstubAllGlobals();
});

const REPORT = {
  start_date: '2026-11-01',
  end_date: '2026-11-28',
  totals: {
    total_sales: 0,
    total_paid: 0,
    total_credit: 0,
    total_expenses: 0,
    expenses_paid: 0,
    profit: 0,
    expenses_included: false,
    total_vat: 0,
    cost_of_goods_sold: 0,
    gross_profit: 0,
    sales_count: 0,
  },
  payment_method_summary: [],
  timeseries: [],
  top_products: [],
  top_customers: [],
};

function openSales() {
  vi.stubGlobal(
    'fetch',
    fetchRoutes({
      'GET /dashboard/subscription-status': jsonResponse(200, { plan: 'pro', is_active: true }),
      'GET /sales/reports/summary': jsonResponse(200, REPORT),
      'POST /auth/check-permission': jsonResponse(200, { has_permission: false }),
    }).fetch,
  );
  renderWithProviders(
    <MemoryRouter initialEntries={['/dashboard/sales?tab=add']}>
      <SectionGate sectionId="sales">
        <SalesPage />
      </SectionGate>
    </MemoryRouter>,
  );
}

describe('the Sales section', () => {
  it('opens on its Report tab alone for the report key without the sales page (the Accountant)', async () => {
    signInForTest('employee', ['sales.report_tab.access']);
    openSales();
    expect(await screen.findByText('No sales in this period.')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Report']);
    expect(screen.queryByRole('button', { name: 'Receipt' })).toBeNull();
    expect(screen.queryByText('Admin Access Required')).toBeNull();
  });

  it('stays closed to an employee with neither key', async () => {
    signInForTest('employee', ['customers.page.access']);
    openSales();
    expect(await screen.findByText(/Admin Access Required/)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
