import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fetchRoutes } from '../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../test/render';
import { ExpensesPage } from './expenses-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openAt(address: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[address]}>
      <ExpensesPage />
    </MemoryRouter>,
  );
}

describe('an expense address typed by hand', () => {
  it.each([
    ['/expenses?mode=edit&id=3', 'expenses.edit.access'],
    ['/expenses?mode=pay&id=3', 'expenses.payment.access'],
  ])(
    '%s shows the denied screen to an employee without %s, and never loads the expense',
    async (address, key) => {
      signInForTest('employee', ['expenses.page.access']);
      const server = fetchRoutes({ 'GET /permissions/check': jsonResponse(200, { has_permission: false }) });
      vi.stubGlobal('fetch', server.fetch);
      openAt(address);
      expect(await screen.findByText('Admin Access Required')).toBeTruthy();
      const asked = server.calls.map((call) => `${call.url.pathname}${call.url.search}`);
      expect(asked).toContain(`/api/permissions/check?user_id=7&resource_key=${key}`);
      expect(asked.filter((path) => path.startsWith('/api/expenses'))).toEqual([]);
    },
  );

  it('opens the edit form for an employee who holds the key', async () => {
    signInForTest('employee', ['expenses.page.access', 'expenses.edit.access']);
    const server = fetchRoutes({
      'GET /expenses/3': jsonResponse(200, {
        expense_id: 3,
        vendor_name: 'Ikeja Electric',
        total_amount: 45_000.5,
        amount_paid: 45_000.5,
        balance: 0,
        expense_date: '2026-11-26',
        payment_status: 'paid',
        payment_method: 'cash',
        due_date: null,
        invoice_number: null,
        invoice_file_url: null,
        notes: null,
        employee_id: null,
        employee_name: null,
        status: 'paid',
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    openAt('/expenses?mode=edit&id=3');
    expect(await screen.findByDisplayValue('Ikeja Electric')).toBeTruthy();
    expect(screen.queryByText('Admin Access Required')).toBeNull();
  });
});
