import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, signInForTest } from '../../../test/render';
import { aPurchase } from '../purchase.fixture';
import { ViewDataTab } from './view-data-tab';

const fetchMock = vi.fn<typeof fetch>();

const purchase = (n: number) => aPurchase({ purchase_id: n, item_id: n, item_name: `Item ${n}` });

/** The server's answer for a skip/limit: 45 purchases in all. */
function page(url: string, total = 45): Response {
  const params = new URL(url, 'http://x').searchParams;
  const skip = Number(params.get('skip'));
  const limit = Number(params.get('limit'));
  const rows = Array.from({ length: Math.max(0, Math.min(limit, total - skip)) }, (_, i) =>
    purchase(skip + i + 1),
  );
  return new Response(JSON.stringify(rows), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  signInForTest();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('View Data tab', () => {
  it('pages through the server 20 at a time with X-Total-Count', async () => {
    fetchMock.mockImplementation(async (input) => page(String(input)));
    renderWithProviders(<ViewDataTab />);
    const table = await screen.findByRole('table', { name: 'Purchase history' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    expect(screen.getByText('Showing 1–20 of 45')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByText('Showing 41–45 of 45')).toBeTruthy());
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x').searchParams;
    expect(last.get('skip')).toBe('40');
    expect(last.get('limit')).toBe('20');
    expect(last.get('start_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(within(table).getByText('Item 41')).toBeTruthy();
  });

  it('says so when the range is empty, for the table and the export', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    fetchMock.mockImplementation(async (input) => page(String(input), 0));
    renderWithProviders(<ViewDataTab />);
    expect(await screen.findByText('No data in selected date range')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'No data in selected date range', autoClose: 5000 }),
      ),
    );
  });

  it('says why a range whose end comes before its start finds nothing', async () => {
    fetchMock.mockImplementation(async (input) => page(String(input), 0));
    renderWithProviders(<ViewDataTab />);
    const end = screen.getByLabelText('End date');
    expect(screen.queryByText('End date must be on or after the start date')).toBeNull();
    fireEvent.change(end, { target: { value: '2020-01-01' } });
    expect(await screen.findByText('End date must be on or after the start date')).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');
  });
});
