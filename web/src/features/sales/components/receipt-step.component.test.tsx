import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { pendingSale } from '../testing/sale-row-fixtures';
import { QUEUED_NOTICE, ReceiptStep, type TReceiptSummary } from './receipt-step';

const summary: TReceiptSummary = {
  customerName: 'Walk-in customer',
  date: '2026-11-26',
  lines: [
    { item_name: 'Rice 50kg', quantity: 2, total_amount: 90_000 },
    { item_name: 'Peak Milk 400g', quantity: 1, total_amount: 2_500.55 },
  ],
};

beforeEach(() => signInForTest());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Receipt step', () => {
  it('gives a recorded sale its number, total and receipt actions, the PDF from the server', async () => {
    const { fetch, calls } = fetchRoutes({
      'POST /sales/receipt/pdf': jsonResponse(200, {
        pdf_base64: btoa('%PDF-1.7'),
        filename: 'receipt_31.pdf',
      }),
    });
    vi.stubGlobal('fetch', fetch);
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receipt');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const onNewSale = vi.fn();
    const sale = pendingSale(31, { sale_date: summary.date, grand_total: 99_250.53 });
    renderWithProviders(
      <ReceiptStep
        numberLabel="Sale #31"
        total={99_250.53}
        sale={sale}
        queued={false}
        summary={summary}
        onNewSale={onNewSale}
      />,
    );
    const receipt = screen.getByRole('region', { name: 'Sale #31 recorded' });
    expect(within(receipt).getByLabelText('Total ₦99,250.53')).toBeTruthy();
    expect(within(receipt).getByRole('list', { name: 'Items sold' }).textContent).toContain(
      'Peak Milk 400g × 1₦2,500.55',
    );
    expect(screen.queryByText(QUEUED_NOTICE)).toBeNull();
    // The heading takes the focus: the form the user was in is gone.
    expect(document.activeElement?.textContent).toBe('Sale #31 recorded');

    fireEvent.click(within(receipt).getByRole('button', { name: 'Download thermal receipt of sale #31' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const pdf = calls.find((call) => call.url.pathname === '/api/sales/receipt/pdf')!;
    expect(Object.fromEntries(pdf.body as URLSearchParams)).toEqual({
      customer_name: 'Musa Bello',
      date_raw: summary.date,
      pdf_format: 'thermal',
      sale_id: '31',
    });

    fireEvent.click(within(receipt).getByRole('button', { name: 'Share receipt of sale #31 on WhatsApp' }));
    expect(within(receipt).getByRole('region', { name: 'Share on WhatsApp' })).toBeTruthy();
    fireEvent.click(within(receipt).getByRole('button', { name: 'New sale' }));
    expect(onNewSale).toHaveBeenCalledTimes(1);
  });

  it('says a sale saved on the phone waits to sync, and prints what is on screen', () => {
    const { fetch, calls } = fetchRoutes({});
    vi.stubGlobal('fetch', fetch);
    // happy-dom has no print(): the browser's is stood in for.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderWithProviders(
      <ReceiptStep
        numberLabel="Receipt P3-0007"
        total={92_500.55}
        sale={null}
        queued
        summary={summary}
        onNewSale={() => {}}
      />,
    );
    const receipt = screen.getByRole('region', { name: 'Receipt P3-0007 saved' });
    expect(within(receipt).getByText(QUEUED_NOTICE)).toBeTruthy();
    expect(within(receipt).getByLabelText('Total ₦92,500.55')).toBeTruthy();
    expect(
      within(receipt)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Print', 'New sale']);
    fireEvent.click(within(receipt).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
  });
});
