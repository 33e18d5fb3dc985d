import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TCustomer } from '@app/domain/schemas/customers';
import { saveLogin } from '../../lib/auth-storage';
import { fetchRoutes, type TFetchCall } from '../../test/fetch-routes';
import { jsonResponse, renderWithProviders, validToken } from '../../test/render';
import { CustomersPage } from './customers-page';

const customer = (n: number, overrides: Partial<TCustomer> = {}): TCustomer => ({
  customer_id: n,
  public_id: `01936b2e-8f00-7a4c-9d10-${String(n).padStart(12, '0')}`,
  name: `Customer ${n}`,
  phone: `0803 000 ${String(n).padStart(4, '0')}`,
  email: null,
  address: null,
  created_at: `2026-11-${String(10 + (n % 10)).padStart(2, '0')}T09:00:00Z`,
  ...overrides,
});

/** 23 customers, newest first; the search filters names on the "server". */
function listReply(call: TFetchCall): Response {
  const params = call.url.searchParams;
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const search = (params.get('search') ?? '').toLowerCase();
  const all = Array.from({ length: 23 }, (_, i) => customer(23 - i)).filter((c) =>
    c.name.toLowerCase().includes(search),
  );
  return jsonResponse(200, {
    customers: all.slice((page - 1) * limit, page * limit),
    total: all.length,
    page,
    limit,
  });
}

function signIn(role: 'md' | 'employee', permissions: string[] = []) {
  saveLogin({
    access_token: validToken(),
    token_type: 'bearer',
    username: role === 'md' ? 'Mama Put Stores' : 'Ada Obi',
    role,
    user_id: 7,
    permissions,
    permission_codes: [],
  });
}

function serve(extra: Parameters<typeof fetchRoutes>[0] = {}) {
  const server = fetchRoutes({
    'GET /customers': listReply,
    'GET /customers/metrics': jsonResponse(200, { total_customers: 23 }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const listCalls = (server: ReturnType<typeof serve>) =>
  server.calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/customers');

const spyOnToasts = () => vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
let show: ReturnType<typeof spyOnToasts>;
beforeEach(() => {
  show = spyOnToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const shown = () => show.mock.calls.map(([options]) => String(options.message));

describe('Customers page', () => {
  it('lists 10 a page with the Total, pages with Prev/Next and searches on the server', async () => {
    signIn('md');
    const server = serve();
    renderWithProviders(<CustomersPage />);

    const table = await screen.findByRole('table', { name: 'Customers' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Name', 'Phone', 'Email', 'Address', 'Created', 'Actions']);
    expect(await screen.findByText('Total: 23')).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement).disabled).toBe(true);

    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    fireEvent.click(next);
    await screen.findByText('Page 2');
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await screen.findByText('Page 3');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(listCalls(server).at(-1)!.url.searchParams.get('page')).toBe('3');
    expect(listCalls(server).at(-1)!.url.searchParams.get('limit')).toBe('10');

    fireEvent.change(screen.getByPlaceholderText('Search by name or phone'), {
      target: { value: 'customer 2' },
    });
    await screen.findByText('Page 1');
    await waitFor(() => expect(listCalls(server).at(-1)!.url.searchParams.get('search')).toBe('customer 2'));
    expect(listCalls(server).at(-1)!.url.searchParams.get('page')).toBe('1');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));

    fireEvent.change(screen.getByPlaceholderText('Search by name or phone'), { target: { value: 'zzz' } });
    expect(await within(table).findByText('No records')).toBeTruthy();
  });

  it('filters the loaded page by created date on the client only, and Clear brings all back', async () => {
    signIn('md');
    const server = serve();
    renderWithProviders(<CustomersPage />);
    const table = await screen.findByRole('table', { name: 'Customers' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));

    fireEvent.click(screen.getByRole('button', { name: 'Show Filters' }));
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-13' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-14' } });
    // Customers 23..14 are loaded; 23 and 14 were created on the 13th and 14th.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Customer 23')).toBeTruthy();
    expect(within(table).getByText('Customer 14')).toBeTruthy();
    for (const call of server.calls) {
      expect(call.url.searchParams.has('start_date')).toBe(false);
      expect(call.url.searchParams.has('end_date')).toBe(false);
    }

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(screen.getByRole('button', { name: 'Hide Filters' })).toBeTruthy();
  });

  it('adds a customer, and asks for name and phone first', async () => {
    signIn('md');
    const server = serve({
      'POST /customers': (call) => jsonResponse(201, { ...customer(24), ...(call.body as object) }),
    });
    renderWithProviders(<CustomersPage />);
    const form = await screen.findByRole('form', { name: 'Add customer' });

    fireEvent.click(within(form).getByRole('button', { name: 'Add Customer' }));
    expect((await within(form).findAllByText('Name and phone are required')).length).toBeGreaterThan(0);
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: ' Ada Obi ' } });
    fireEvent.change(within(form).getByLabelText(/Phone/), { target: { value: '0803 123 4567' } });
    fireEvent.change(within(form).getByLabelText('Address'), { target: { value: '12 Allen Avenue' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Customer' }));

    await waitFor(() => expect(shown()).toContain('Customer added'));
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'Ada Obi',
      phone: '0803 123 4567',
      email: null,
      address: '12 Allen Avenue',
    });
    expect((within(form).getByLabelText(/Name/) as HTMLInputElement).value).toBe('');
    // The list and the Total are fetched again.
    await waitFor(() => expect(listCalls(server).length).toBeGreaterThan(1));
  });

  it("shows the server's reason when adding fails", async () => {
    signIn('md');
    serve({
      'POST /customers': jsonResponse(409, { detail: 'A customer with this phone already exists' }),
    });
    renderWithProviders(<CustomersPage />);
    const form = await screen.findByRole('form', { name: 'Add customer' });
    fireEvent.change(within(form).getByLabelText(/Name/), { target: { value: 'Ada' } });
    fireEvent.change(within(form).getByLabelText(/Phone/), { target: { value: '08031234567' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Customer' }));
    await waitFor(() =>
      expect(shown()).toContain('Failed to add customer: A customer with this phone already exists'),
    );
    expect((within(form).getByLabelText(/Name/) as HTMLInputElement).value).toBe('Ada');
  });

  it('edits a customer in the same form, and Cancel returns to adding', async () => {
    signIn('md');
    const server = serve({
      'PUT /customers/23': (call) => jsonResponse(200, { ...customer(23), ...(call.body as object) }),
    });
    renderWithProviders(<CustomersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Customer 23' }));

    const form = await screen.findByRole('form', { name: 'Edit customer' });
    expect(within(form).getByText('Edit Customer #23')).toBeTruthy();
    expect((within(form).getByLabelText(/Name/) as HTMLInputElement).value).toBe('Customer 23');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('form', { name: 'Add customer' })).toBeTruthy();
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Customer 23' }));
    const again = await screen.findByRole('form', { name: 'Edit customer' });
    fireEvent.change(within(again).getByLabelText('Email'), { target: { value: 'c23@example.com' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Update Customer' }));
    await waitFor(() => expect(shown()).toContain('Customer updated'));
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      name: 'Customer 23',
      phone: '0803 000 0023',
      email: 'c23@example.com',
      address: null,
    });
    expect(await screen.findByRole('form', { name: 'Add customer' })).toBeTruthy();
  });

  it('deletes after the confirm, and says so when it fails', async () => {
    signIn('md');
    let fail = false;
    const server = serve({
      'DELETE /customers/22': () =>
        fail
          ? jsonResponse(500, { detail: 'Internal server error' })
          : jsonResponse(200, { success: true, message: 'Customer deleted' }),
    });
    renderWithProviders(<CustomersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Customer 22' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete customer? This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shown()).toContain('Customer deleted'));
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);

    fail = true;
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Customer 22' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shown()).toContain('Failed to delete customer: Internal server error'));
  });

  it('maps a refused delete (403) to the permission message', async () => {
    signIn('md');
    serve({
      'DELETE /customers/23': jsonResponse(403, {
        detail: 'You do not have permission to access this resource',
      }),
    });
    renderWithProviders(<CustomersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Customer 23' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shown()).toContain('You do not have permission to delete customers'));
  });

  it('downloads customer_list.csv from the server with the bearer token and the search', async () => {
    signIn('md');
    const server = serve({
      'GET /customers/export': new Response('\uFEFFID,Name\r\n1,Ada', {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      }),
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:customers');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<CustomersPage />);
    fireEvent.change(screen.getByPlaceholderText('Search by name or phone'), { target: { value: 'ada' } });
    await waitFor(() => expect(listCalls(server).at(-1)!.url.searchParams.get('search')).toBe('ada'));

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = server.calls.find((c) => c.url.pathname === '/api/customers/export')!;
    expect(call.headers.Authorization).toMatch(/^Bearer /);
    expect(call.url.searchParams.get('search')).toBe('ada');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('customer_list.csv');
    expect(await createObjectURL.mock.calls[0]![0].text()).toContain('1,Ada');
  });

  it('downloads customer_list.xlsx from its own call, with the search', async () => {
    signIn('md');
    const server = serve({
      'GET /customers/export/xlsx': new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:customers'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<CustomersPage />);
    fireEvent.change(screen.getByPlaceholderText('Search by name or phone'), { target: { value: '0803' } });
    await waitFor(() => expect(listCalls(server).at(-1)!.url.searchParams.get('search')).toBe('0803'));

    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = server.calls.find((c) => c.url.pathname === '/api/customers/export/xlsx')!;
    expect(call.url.searchParams.get('search')).toBe('0803');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('customer_list.xlsx');
  });

  it('alerts when the download fails', async () => {
    signIn('md');
    serve({ 'GET /customers/export': jsonResponse(500, {}) });
    renderWithProviders(<CustomersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(shown()).toContain('Failed to download customer data'));
  });

  it('shows "View only" and no CSV to an employee without the keys, and the actions granted to one with them', async () => {
    signIn('employee', ['customers.page.access']);
    serve();
    const first = renderWithProviders(<CustomersPage />);
    const table = await screen.findByRole('table', { name: 'Customers' });
    await waitFor(() => expect(within(table).getAllByText('View only')).toHaveLength(10));
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download Excel' })).toBeNull();
    expect(screen.getByText('You do not have permission to add customers')).toBeTruthy();
    first.unmount();

    signIn('employee', ['customers.page.access', 'customers.edit.access', 'customers.export.access']);
    renderWithProviders(<CustomersPage />);
    expect(await screen.findByRole('button', { name: 'Edit Customer 23' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Customer 23' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });

  it('shows "Failed to fetch customers" inline and ignores a metrics failure', async () => {
    signIn('md');
    serve({
      'GET /customers': jsonResponse(500, { detail: 'Internal server error' }),
      'GET /customers/metrics': jsonResponse(500, { detail: 'Internal server error' }),
    });
    renderWithProviders(<CustomersPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to fetch customers: Internal server error');
    expect(screen.queryByText(/^Total/)).toBeNull();
    expect(screen.getByText('No records')).toBeTruthy();
  });
});
