import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { pendingSale } from '../testing/sale-row-fixtures';
import { QUEUED_NOTICE, ReceiptStep, type TReceiptSummary } from './receipt-step';

const summary: TReceiptSummary = {
  customerName: 'Walk-in customer',
  date: '2026-11-26',
  paymentStatus: 'partial',
  paymentMethod: 'transfer',
  lines: [
    { item_name: 'Rice 50kg', quantity: 2, total_amount: 90_000 },
    { item_name: 'Peak Milk 400g', quantity: 1, total_amount: 2_500.55 },
  ],
  // 92,500.55 + 7.5 % VAT (6,937.54) − 10 % off (9,943.81) = 89,494.28; 50,000 paid.
  figures: {
    subtotal: 92_500.55,
    vat: 6_937.54,
    vatRate: 7.5,
    discount: 9_943.81,
    discountPercent: 10,
    total: 89_494.28,
    paid: 50_000,
    balance: 39_494.28,
  },
};

const COMPANY = {
  tenant_name: 'Mama Put Stores',
  phone_number: '08031234567',
  address: '12 Allen Avenue, Ikeja',
  account_number: '0123456789',
  bank_name: 'GTBank',
  account_name: 'Mama Put Stores Ltd',
  logo_url: null,
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

  it('says a sale saved on the phone waits to sync, and prints what is on screen', async () => {
    const { fetch, calls } = fetchRoutes({ 'GET /sales/company': jsonResponse(200, COMPANY) });
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
        summary={{ ...summary, recordedAt: '2026-11-26T13:05:00.000Z' }}
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
    // When it was tapped (Lagos time) and how it was paid.
    expect(within(receipt).getByText(/^Walk-in customer/).textContent).toBe(
      'Walk-in customer · 26 Nov 2026, 14:05 · Part paid by Transfer',
    );
    // The paper adds up: subtotal, VAT, discount, what was paid and what is owed, under the business's details.
    expect(within(receipt).getByLabelText('Sale figures').textContent).toBe(
      'Subtotal₦92,500.55VAT (7.5%)₦6,937.54Discount (10%)− ₦9,943.81Amount paid₦50,000.00Balance₦39,494.28',
    );
    const business = await within(receipt).findByLabelText('Business details');
    expect(business.textContent).toBe(
      'Mama Put Stores12 Allen Avenue, Ikeja08031234567GTBank · 0123456789 · Mama Put Stores Ltd',
    );
    fireEvent.click(within(receipt).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});
