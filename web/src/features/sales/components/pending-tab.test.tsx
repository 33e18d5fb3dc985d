import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { businessDate } from '@app/domain/dates/business-date';
import { saveLogin } from '../../../lib/auth-storage';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, validToken } from '../../../test/render';
import { pendingSale } from '../testing/sale-row-fixtures';
import { PendingTab } from './pending-tab';

function login(permissions: string[]) {
  saveLogin({
    access_token: validToken(),
    token_type: 'bearer',
    username: 'Bola',
    role: 'employee',
    user_id: 8,
    permissions,
    permission_codes: [],
  });
}

const overdue = pendingSale(3, { due_date: '2000-01-01' });
const later = pendingSale(4, { due_date: '2999-12-31', customer_name: 'Adaeze Okafor' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Pending tab', () => {
  beforeEach(() => login(['sales.page.access', 'sales.edit.access']));

  it('lists what is outstanding and marks an overdue sale', async () => {
    const { fetch } = fetchRoutes({ 'GET /sales/pending': jsonResponse(200, [overdue, later]) });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<PendingTab />);
    const table = await screen.findByRole('table', { name: 'Pending transactions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [header, first, second] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader')).toHaveLength(
      within(first!).getAllByRole('cell').length,
    );
    expect(within(first!).getByText('08098765432')).toBeTruthy();
    expect(within(first!).getByText('overdue')).toBeTruthy();
    expect(within(first!).getByText('₦44,500.00')).toBeTruthy();
    expect(within(second!).queryByText('overdue')).toBeNull();
  });

  it('records a payment once with an Idempotency-Key, and a settled sale leaves the list', async () => {
    let settled = false;
    const { fetch, calls } = fetchRoutes({
      'GET /sales/pending': () => jsonResponse(200, settled ? [later] : [overdue, later]),
      'POST /sales/3/payments': () => {
        settled = true;
        return jsonResponse(201, { success: true, message: 'Payment recorded', sale: overdue });
      },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<PendingTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Record payment for sale #3' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement;
    expect(amount.value).toBe('44,500');

    fireEvent.change(amount, { target: { value: '50000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(
      await within(dialog).findByText('Payment of ₦50,000.00 is more than the outstanding ₦44,500.00'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(amount, { target: { value: '44500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Record payment for sale #3' })).toBeNull(),
    );
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({
      amount: 44_500,
      payment_method: 'cash',
      payment_date: businessDate(),
      notes: null,
    });
    expect(post.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('button', { name: 'Record payment for sale #4' })).toBeTruthy();
  });

  it('says when nothing is pending, and when loading fails', async () => {
    const empty = fetchRoutes({ 'GET /sales/pending': jsonResponse(200, []) });
    vi.stubGlobal('fetch', empty.fetch);
    const first = renderWithProviders(<PendingTab />);
    expect(await screen.findByText('No pending transactions. Every sale is fully paid.')).toBeTruthy();
    first.unmount();
    const failing = fetchRoutes({ 'GET /sales/pending': jsonResponse(503, { detail: 'Try again' }) });
    vi.stubGlobal('fetch', failing.fetch);
    renderWithProviders(<PendingTab />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load pending transactions: Try again',
    );
  });
});

describe('Pending tab without sales.edit.access', () => {
  it('shows the list without the payment action', async () => {
    login(['sales.page.access']);
    const { fetch } = fetchRoutes({ 'GET /sales/pending': jsonResponse(200, [overdue]) });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<PendingTab />);
    expect(await screen.findByText('Musa Bello')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Record payment/ })).toBeNull();
  });
});
