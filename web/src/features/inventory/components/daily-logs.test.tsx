import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TDailyLogRow } from '../api/get-daily-logs';
import { fetchRoutes, pagedResponse } from '../../../test/fetch-routes';
import { renderWithProviders } from '../../../test/render';
import { DailyLogs } from './daily-logs';

const TOTAL = 45;
const row = (n: number): TDailyLogRow => ({
  log_date: '2026-11-20',
  item_id: n,
  item_name: `Item ${String(n).padStart(2, '0')}`,
  warehouse_name: 'Main',
  open_balance: 10,
  supplied_quantity: 2,
  return_quantity: 0,
  stock_out: 1,
  closing_balance: 11,
  reorder_level: 3,
});

function serve() {
  return fetchRoutes({
    'GET /inventory/daily-logs': ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('page_size'));
      const first = (page - 1) * size + 1;
      const rows = Array.from({ length: Math.max(0, Math.min(size, TOTAL - first + 1)) }, (_, i) =>
        row(first + i),
      );
      return pagedResponse(rows, TOTAL);
    },
  });
}

function firstItem() {
  const table = screen.getByRole('table', { name: /Daily logs/ });
  return within(table).getAllByRole('row')[1]!.textContent;
}

afterEach(() => vi.unstubAllGlobals());

describe('DailyLogs', () => {
  it('pages 20 rows at a time with the server total from X-Total-Count', async () => {
    const server = serve();
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(
      <DailyLogs
        date="2026-11-20"
        onDateChange={() => {}}
        warehouse="Main"
        today="2026-11-22"
        dateLocked={false}
      />,
    );

    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: /Daily logs/ })).getAllByRole('row')).toHaveLength(21);
    expect(firstItem()).toContain('Item 01');
    const first = server.calls[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({
      selected_date: '2026-11-20',
      warehouse_name: 'Main',
      page: '1',
      page_size: '20',
    });

    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await waitFor(() => expect(firstItem()).toContain('Item 21'));

    fireEvent.click(next);
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    await waitFor(() => expect(firstItem()).toContain('Item 41'));
    expect(next.disabled).toBe(true);
    expect(screen.getByText(/45 items/)).toBeTruthy();
  });

  it('says "No records" for a day without items and shows the failure with the server detail', async () => {
    let fail = false;
    const server = fetchRoutes({
      'GET /inventory/daily-logs': () =>
        fail
          ? new Response(JSON.stringify({ detail: 'Employees can only view today' }), {
              status: 403,
              headers: { 'Content-Type': 'application/json' },
            })
          : pagedResponse([], 0),
    });
    vi.stubGlobal('fetch', server.fetch);
    const view = renderWithProviders(
      <DailyLogs
        date="2026-11-20"
        onDateChange={() => {}}
        warehouse={null}
        today="2026-11-22"
        dateLocked={false}
      />,
    );
    expect(await screen.findByText('No records')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();

    fail = true;
    view.rerender(
      <DailyLogs
        date="2026-11-19"
        onDateChange={() => {}}
        warehouse={null}
        today="2026-11-22"
        dateLocked={false}
      />,
    );
    expect(
      await screen.findByText('Failed to load inventory data: Employees can only view today'),
    ).toBeTruthy();
  });

  it('takes a past day typed into the date, and not a day to come', () => {
    vi.stubGlobal('fetch', serve().fetch);
    const onDateChange = vi.fn();
    renderWithProviders(
      <DailyLogs
        date="2026-11-20"
        onDateChange={onDateChange}
        warehouse="Main"
        today="2026-11-22"
        dateLocked={false}
      />,
    );
    const date = screen.getByLabelText('Date');
    fireEvent.change(date, { target: { value: '2026-12-05' } });
    fireEvent.change(date, { target: { value: '2026-11-21' } });
    expect(onDateChange.mock.calls).toEqual([['2026-11-21']]);
  });
});
