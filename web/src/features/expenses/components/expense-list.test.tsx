import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { recordsOf } from '../../../lib/offline/db';
import { offlineDb, offlineSync } from '../../../lib/offline/offline-sync';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { createExpense, EXPENSE_QUEUED_MESSAGE } from '../api/save-expense';
import { MemoryRouter } from 'react-router';
import { ExpensesPage } from '../expenses-page';
import { ExpenseList } from './expense-list';

const BODY = {
  vendor_name: 'Ikeja Electric',
  total_amount: 45_000.5,
  expense_date: '2026-11-26',
  employee_id: null,
  payment_status: 'paid' as const,
  payment_method: 'cash' as const,
  amount_paid: null,
  due_date: null,
  invoice_number: null,
  notes: null,
};

beforeEach(async () => {
  signInForTest();
  await (await offlineDb()).clear('outbox');
  await offlineSync.refresh();
});
afterEach(() => {
  // Unmounted first: back online, a paused list would fetch for real.
  cleanup();
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('an expense recorded offline', () => {
  it('waits in the outbox with its public id, key and time, and the list shows it while the list cannot load', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = fetchRoutes({});
    vi.stubGlobal('fetch', server.fetch);
    const answer = await createExpense({ body: BODY, idempotencyKey: 'expense-key-1' });
    expect(answer.msg).toBe(EXPENSE_QUEUED_MESSAGE);
    const [record] = await recordsOf(await offlineDb(), 7);
    expect(record).toMatchObject({
      kind: 'expense',
      path: '/expenses/json',
      idempotencyKey: 'expense-key-1',
      businessDate: '2026-11-26',
      body: { ...BODY, public_id: record!.publicId, recorded_at: record!.recordedAt },
    });

    onlineManager.setOnline(false);
    renderWithProviders(<ExpenseList onNew={vi.fn()} onPay={vi.fn()} onEdit={vi.fn()} />);
    expect(
      await screen.findByText('You are offline: this list will load when the connection returns.'),
    ).toBeTruthy();
    const card = await screen.findByTestId('queued-expense');
    expect(within(card).getByText('Ikeja Electric · ₦45,000.50')).toBeTruthy();
    expect(within(card).getByText('Waiting to sync')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('an invoice that could not be uploaded waits with the expense; the sync uploads it, then the expense', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const bill = new File(['%PDF-1.4'], 'power-bill.pdf', { type: 'application/pdf' });
    const answer = await createExpense({ body: BODY, idempotencyKey: 'expense-key-2', offlineInvoice: bill });
    expect(answer.msg).toBe(EXPENSE_QUEUED_MESSAGE);
    const server = fetchRoutes({
      'POST /expenses/upload-invoice': jsonResponse(201, {
        invoice_file_url: '/api/files/f-3',
        file_id: 'f-3',
        content_type: 'application/pdf',
      }),
      'POST /expenses/json': jsonResponse(201, { expense_id: 9, msg: 'Expense created successfully' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    await offlineSync.syncNow(true);
    expect(server.calls.map((call) => call.url.pathname)).toEqual([
      '/api/expenses/upload-invoice',
      '/api/expenses/json',
    ]);
    const upload = server.calls[0]!.body as FormData;
    // The name goes before the file: the server reads the fields that precede it.
    expect([...upload.keys()]).toEqual(['desired_name', 'invoice_file']);
    expect(upload.get('desired_name')).toBe('power-bill.pdf');
    expect(server.calls[1]!.body).toMatchObject({
      vendor_name: 'Ikeja Electric',
      invoice_file_url: '/api/files/f-3',
    });
    expect(await recordsOf(await offlineDb(), 7)).toEqual([]);
  });

  it('an expense opened for editing while offline says it will open when the connection returns', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = fetchRoutes({});
    vi.stubGlobal('fetch', server.fetch);
    onlineManager.setOnline(false);
    renderWithProviders(
      <MemoryRouter initialEntries={['/dashboard/expenses?mode=edit&id=12']}>
        <ExpensesPage />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('You are offline: this expense will open when the connection returns.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
  });
});

describe('the list when the server fails without a detail', () => {
  it('says the list failed, and with a date range, that the range failed (spec 3 §8)', async () => {
    const server = fetchRoutes({
      'GET /expenses': new Response('', { status: 500 }),
      'GET /expenses/pending': new Response('', { status: 500 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<ExpenseList onNew={vi.fn()} onPay={vi.fn()} onEdit={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch expenses');

    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to fetch expenses in range'),
    );
    expect(server.calls.at(-1)!.url.searchParams.get('start_date')).toBe('2026-11-01');
  });
});
