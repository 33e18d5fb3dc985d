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

  it('lists its tabs in the spec’s order and opens on Add Sale', async () => {
    signInForTest('employee', ['sales.page.access', 'sales.report_tab.access']);
    openSales();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'List',
      'Add Sale',
      'Proforma',
      'Proforma List',
      'Filter',
      'Pending',
      'Report',
    ]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Add Sale');
  });

  it('stays closed to an employee with neither key', async () => {
    signInForTest('employee', ['customers.page.access']);
    openSales();
    expect(await screen.findByText(/Admin Access Required/)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});

describe('the denied screens in their own sections’ words', () => {
  function open(sectionId: 'admin-review' | 'vendor-admin') {
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /dashboard/subscription-status': jsonResponse(200, { plan: 'pro', is_active: true }),
        'POST /auth/check-permission': jsonResponse(200, { has_permission: false }),
      }).fetch,
    );
    renderWithProviders(
      <MemoryRouter initialEntries={[`/dashboard/${sectionId}`]}>
        <SectionGate sectionId={sectionId}>
          <p>The section</p>
        </SectionGate>
      </MemoryRouter>,
    );
  }

  it('says "You do not have permission to access this page" on Admin Review (spec 3 §2.7)', async () => {
    signInForTest('employee', ['customers.page.access']);
    open('admin-review');
    expect(
      await screen.findByText(
        'You do not have permission to access this page. Please contact your administrator (MD) to grant you access.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The section')).toBeNull();
  });

  it('says the Vendor Admin sentence whole while the admin menu is locked (spec 1 §2)', async () => {
    signInForTest('md', []);
    open('vendor-admin');
    expect(
      await screen.findByText(
        'Access Denied - You do not have permission to access this page. Please unlock the admin menu first.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The section')).toBeNull();
  });
});
