import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TReviewFlag, TReviewRecord } from '@app/domain/schemas/admin-review';
import type { TAuditEntry } from '@app/domain/schemas/audit';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { ReviewFlagsPanel } from '../review-flags-panel';
import { AuditLogTab } from './audit-log-tab';
import { UnverifiedTab } from './unverified-tab';

const sale: TReviewRecord = {
  record_type: 'sale',
  record_id: 41,
  number: '12',
  date: '2026-11-20',
  party: 'Ada Obi',
  total: 4300,
  paid: 4300,
  payment_status: 'paid',
  payment_method: 'cash',
  recorded_by: 'Mama Put Stores',
};

const flag: TReviewFlag = {
  id: 5,
  record_type: 'expense',
  record_id: 9,
  state: 'flagged',
  note: 'No invoice attached',
  reviewer_name: 'Bola',
  reviewed_at: '2026-11-20T09:00:00.000Z',
  resolved_at: null,
  resolved_by_name: null,
  record: { ...sale, record_type: 'expense', record_id: 9, party: 'Ikeja Electric', total: 45000.5 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Unverified Sales', () => {
  it('verifies a sale: it is marked and leaves the list', async () => {
    signInForTest('employee', ['admin_review.page.access']);
    let verified = false;
    const { fetch, calls } = fetchRoutes({
      'GET /admin-review/unverified-sales': () =>
        jsonResponse(200, { records: verified ? [] : [sale], next_before: null }),
      'POST /admin-review/marks': () => {
        verified = true;
        return jsonResponse(201, { ...flag, state: 'verified', note: null });
      },
      'GET /admin-review/flags': jsonResponse(200, { flags: [], next_before: null }),
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<UnverifiedTab recordType="sale" />);
    const table = await screen.findByRole('table', { name: 'unverified sales' });
    expect(within(table).getByText('Mama Put Stores')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Verify Ada Obi ₦4,300.00' }));
    expect(await screen.findByText('Every sale has been reviewed')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      record_type: 'sale',
      record_id: 41,
      state: 'verified',
    });
  });

  it('flags a sale only with a note', async () => {
    signInForTest('employee', ['admin_review.page.access']);
    const { fetch, calls } = fetchRoutes({
      'GET /admin-review/unverified-sales': jsonResponse(200, { records: [sale], next_before: null }),
      'POST /admin-review/marks': jsonResponse(201, flag),
      'GET /admin-review/flags': jsonResponse(200, { flags: [flag], next_before: null }),
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<UnverifiedTab recordType="sale" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Flag Ada Obi ₦4,300.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flag for the MD' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    expect(await within(dialog).findByText('A flag needs a note')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Price looks wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Flag' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      state: 'flagged',
      note: 'Price looks wrong',
    });
  });
});

describe('Flagged by review (dashboard)', () => {
  it('shows each open flag with its note, and Resolve takes it away', async () => {
    signInForTest('md');
    let resolved = false;
    const { fetch, calls } = fetchRoutes({
      'GET /admin-review/flags': () =>
        jsonResponse(200, { flags: resolved ? [] : [flag], next_before: null }),
      'PUT /admin-review/flags/5/resolve': () => {
        resolved = true;
        return jsonResponse(200, { ...flag, resolved_at: '2026-11-20T10:00:00.000Z' });
      },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ReviewFlagsPanel />);
    const panel = await screen.findByRole('region', { name: 'Flagged by review' });
    expect(within(panel).getByText('No invoice attached')).toBeTruthy();
    expect(within(panel).getByText('Ikeja Electric · ₦45,000.50')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Resolve flag: No invoice attached' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Flagged by review' })).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(true);
  });
});

describe('Audit Log', () => {
  const entry: TAuditEntry = {
    id: 30,
    at: '2026-11-20T09:00:00.000Z',
    user_id: 7,
    user_name: 'Mama Put Stores',
    kind: 'item.price_changed',
    record_type: 'item',
    record_id: '3',
    before: { unit_price: 1500, name: 'Rice' },
    after: { unit_price: 1800, name: 'Rice' },
  };

  it('shows the values before and after side by side, filters by record, and exports CSV', async () => {
    signInForTest('md');
    const { fetch, calls } = fetchRoutes({
      'GET /audit': jsonResponse(200, { entries: [entry], next_before: null }),
      'GET /admin-review/employees': jsonResponse(200, []),
      'GET /audit/export': new Response('Date,Person\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    });
    vi.stubGlobal('fetch', fetch);
    const createObjectURL = vi.fn(() => 'blob:audit');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<AuditLogTab mdUserId={7} mdName="Mama Put Stores" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Show changes of item.price_changed 3' }));
    const changes = screen.getByRole('table', { name: 'Changes of item.price_changed 3' });
    const [, price] = within(changes).getAllByRole('row');
    expect(
      within(price!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['unit_price', '1500', '1800']);

    fireEvent.change(screen.getByLabelText('Record ID'), { target: { value: ' 3 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/api/audit' && c.url.searchParams.get('record_id') === '3'),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((c) => c.url.pathname === '/api/audit/export')!;
    expect(exported.url.searchParams.get('record_id')).toBe('3');
  });

  it('keeps To no earlier than From', async () => {
    signInForTest('md');
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /audit': jsonResponse(200, { entries: [], next_before: null }),
        'GET /admin-review/employees': jsonResponse(200, []),
      }).fetch,
    );
    renderWithProviders(<AuditLogTab mdUserId={7} mdName="Mama Put Stores" />);
    const to = (await screen.findByLabelText('To')) as HTMLInputElement;
    expect(to.min).toBe('');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    expect(to.min).toBe('2026-11-10');
  });
});
