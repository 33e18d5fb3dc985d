import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { businessDate } from '@app/domain/dates/business-date';
import type { TSalesReport } from '@app/domain/schemas/sales';
import { saveLogin } from '../../../lib/auth-storage';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, validToken } from '../../../test/render';
import { ReportTab } from './report-tab';

function login(role: 'md' | 'employee', permissions: string[] = []) {
  saveLogin({
    access_token: validToken(),
    token_type: 'bearer',
    username: role === 'md' ? 'Mama Put Stores' : 'Bola',
    role,
    user_id: 8,
    permissions,
    permission_codes: [],
  });
}

const fixture: TSalesReport = {
  start_date: '2026-11-01',
  end_date: '2026-11-10',
  totals: {
    total_sales: 1_250_000.5,
    total_paid: 1_000_000,
    total_credit: 250_000.5,
    total_expenses: 150_000,
    expenses_paid: 120_000,
    profit: 1_100_000.5,
    expenses_included: true,
    total_vat: 87_209.34,
    cost_of_goods_sold: 700_000,
    gross_profit: 462_791.16,
    sales_count: 42,
  },
  payment_method_summary: [
    { payment_method: 'cash', total_sales: 400_000, count: 20 },
    { payment_method: 'transfer', total_sales: 850_000.5, count: 22 },
    { payment_method: 'none', total_sales: 250_000.5, count: 3 },
  ],
  timeseries: [
    { sale_date: '2026-11-02', total_sales: 50_000 },
    { sale_date: '2026-11-05', total_sales: 150_000 },
    { sale_date: '2026-11-09', total_sales: 450_000 },
    { sale_date: '2026-11-10', total_sales: 600_000.5 },
  ],
  top_products: [
    { item_name: 'Rice 50kg', quantity_sold: 12, total_sales: 720_000 },
    { item_name: 'Peak Milk 400g', quantity_sold: 150, total_sales: 375_000 },
  ],
  top_customers: [{ customer_name: 'Adaeze Okafor', total_spent: 530_000.5, purchases: 6 }],
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Report tab', () => {
  it('asks for the last 30 days and shows totals, methods, the trend and the top lists', async () => {
    login('employee', ['sales.report_tab.access']);
    const server = fetchRoutes({ 'GET /sales/reports/summary': jsonResponse(200, fixture) });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<ReportTab />);

    const totals = await screen.findByRole('list', { name: 'Report totals' });
    const cards = within(totals)
      .getAllByRole('listitem')
      .map((card) => [...card.querySelectorAll('p')].map((text) => text.textContent).join(' '));
    expect(cards).toEqual([
      'Total Sales ₦1,250,000.50',
      'Total Paid ₦1,000,000.00',
      'Credit ₦250,000.50',
      'Expenses ₦150,000.00',
      'Expenses Paid ₦120,000.00',
      'Profit ₦1,100,000.50',
      'Cost of Goods Sold ₦700,000.00',
      'Gross Profit ₦462,791.16',
    ]);
    expect(screen.getByText('Sales increased over this period.')).toBeTruthy();
    expect(screen.getByText('Transfer')).toBeTruthy();
    expect(screen.getByText('₦850,000.50')).toBeTruthy();
    // The bars are money received by payment date, and what is still owed: not the cards' sales by sale date.
    expect(screen.getByText('Still owed')).toBeTruthy();
    expect(screen.getByText(/^Money received in this period by how it was paid/)).toBeTruthy();

    const products = screen.getByRole('table', { name: 'Top products' });
    expect(
      within(products)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ItemQty SoldTotal', 'Rice 50kg12₦720,000.00', 'Peak Milk 400g150₦375,000.00']);
    const customers = screen.getByRole('table', { name: 'Top customers' });
    expect(
      within(customers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['CustomerTotal SpentPurchases', 'Adaeze Okafor₦530,000.506']);

    const call = server.calls[0]!;
    const today = businessDate();
    expect(call.url.searchParams.get('end_date')).toBe(today);
    const start = new Date(`${today}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() - 29);
    expect(call.url.searchParams.get('start_date')).toBe(start.toISOString().slice(0, 10));
    expect(call.url.searchParams.get('limit')).toBe('10');
  });

  it('leaves out the expense figures and the profit after them when the server did not count expenses', async () => {
    login('employee', ['sales.report_tab.access']);
    const withoutExpenses = {
      ...fixture,
      totals: {
        ...fixture.totals,
        total_expenses: 0,
        expenses_paid: 0,
        profit: 1_250_000.5,
        expenses_included: false,
      },
    };
    vi.stubGlobal(
      'fetch',
      fetchRoutes({ 'GET /sales/reports/summary': jsonResponse(200, withoutExpenses) }).fetch,
    );
    renderWithProviders(<ReportTab />);
    const totals = await screen.findByRole('list', { name: 'Report totals' });
    const labels = within(totals)
      .getAllByRole('listitem')
      .map((card) => card.querySelector('p')!.textContent);
    expect(labels).toEqual(['Total Sales', 'Total Paid', 'Credit', 'Cost of Goods Sold', 'Gross Profit']);
  });

  it('asks again when the range changes, and refuses a start after the end', async () => {
    login('md');
    const server = fetchRoutes({
      'GET /sales/reports/summary': jsonResponse(200, {
        ...fixture,
        timeseries: [{ sale_date: '2026-11-01', total_sales: 9000 }],
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<ReportTab />);
    expect(await screen.findByText('Sales decreased over this period.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(server.calls.at(-1)!.url.searchParams.get('start_date')).toBe('2026-01-01'));
    const calls = server.calls.length;
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2025-12-31' } });
    expect(await screen.findByText('End date must be on or after the start date')).toBeTruthy();
    expect(server.calls).toHaveLength(calls);
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '' } });
    expect(await screen.findByText('Choose a start date and an end date.')).toBeTruthy();
    expect(server.calls).toHaveLength(calls);
  });

  it('says "No sales in this period." for an empty report, with no trend to tell', async () => {
    login('md');
    const empty: TSalesReport = {
      ...fixture,
      totals: { ...fixture.totals, total_sales: 0 },
      payment_method_summary: [],
      timeseries: [],
      top_products: [],
      top_customers: [],
    };
    vi.stubGlobal('fetch', fetchRoutes({ 'GET /sales/reports/summary': jsonResponse(200, empty) }).fetch);
    renderWithProviders(<ReportTab />);
    expect(await screen.findByText('No sales in this period.')).toBeTruthy();
    expect(screen.queryByText('Sales stayed stable over this period.')).toBeNull();
    expect(screen.getAllByText('No records')).toHaveLength(3);
  });

  it('shows "Failed to load report" with the reason', async () => {
    login('md');
    vi.stubGlobal(
      'fetch',
      fetchRoutes({ 'GET /sales/reports/summary': jsonResponse(500, { detail: 'Internal server error' }) })
        .fetch,
    );
    renderWithProviders(<ReportTab />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load report: Internal server error',
    );
  });

  it('shows the permission text and asks nothing without sales.report_tab.access', async () => {
    login('employee', ['sales.page.access']);
    const server = fetchRoutes({ 'GET /sales/reports/summary': jsonResponse(200, fixture) });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<ReportTab />);
    expect(screen.getByText('You do not have permission to view the sales report.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toHaveLength(0);
  });
});
