import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { businessDate } from '@app/domain/dates/business-date';
import { fetchRoutes, type TFetchCall } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { pendingSale } from '../testing/sale-row-fixtures';
import { ReceiptModal } from './receipt-modal';

const customers = [
  { name: 'Musa Bello', phone: '08098765432' },
  { name: 'Adaeze Okafor', phone: '08031234567' },
];
const sale = pendingSale(12, { sale_date: businessDate() });

beforeEach(() => {
  signInForTest();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function loadSales() {
  renderWithProviders(<ReceiptModal opened onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog');
  const picker = within(dialog).getByRole('combobox', { name: /^Customer/ });
  // Mantine takes a change of an input without focus for autofill: the user's typing has focus.
  act(() => picker.focus());
  fireEvent.change(picker, { target: { value: 'musa' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Musa Bello (08098765432)' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Load Sales' }));
  return within(dialog).findByRole('table', { name: 'Sales for receipt' });
}

describe('Receipt modal', () => {
  it('loads a customer’s sales of the day and downloads the thermal receipt', async () => {
    const { fetch, calls } = fetchRoutes({
      'GET /sales/customers': jsonResponse(200, customers),
      'GET /sales/for-receipt': jsonResponse(200, [sale]),
      'POST /sales/receipt/pdf': jsonResponse(200, {
        pdf_base64: btoa('%PDF-1.7'),
        filename: 'receipt_12.pdf',
      }),
    });
    vi.stubGlobal('fetch', fetch);
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receipt');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const table = await loadSales();
    // The customers were searched on the server, a page at a time, for what was typed.
    const searched = calls.filter((call) => call.url.pathname === '/api/sales/customers');
    expect(searched.map((call) => call.url.searchParams.get('search'))).toEqual(['musa']);
    expect(searched[0]!.url.searchParams.get('limit')).toBe('10');
    const query = calls.find((call) => call.url.pathname === '/api/sales/for-receipt')!.url.searchParams;
    expect(query.get('date')).toBe(businessDate());
    expect(query.get('customer_name')).toBe('Musa Bello');
    expect(within(table).getByText('#12')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Download thermal receipt of sale #12' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const pdfCall = calls.find((call) => call.url.pathname === '/api/sales/receipt/pdf')!;
    expect(pdfCall.body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(pdfCall.body as URLSearchParams)).toEqual({
      customer_name: 'Musa Bello',
      date_raw: businessDate(),
      pdf_format: 'thermal',
      sale_id: '12',
    });
  });

  it('says when the receipt cannot be made', async () => {
    const { fetch } = fetchRoutes({
      'GET /sales/customers': jsonResponse(200, customers),
      'GET /sales/for-receipt': jsonResponse(200, [sale]),
      'POST /sales/receipt/pdf': jsonResponse(404, { detail: 'No sales found for Musa Bello on 2026-11-22' }),
    });
    vi.stubGlobal('fetch', fetch);
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const table = await loadSales();
    fireEvent.click(within(table).getByRole('button', { name: 'Download PDF receipt of sale #12' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Failed to generate receipt: No sales found for Musa Bello on 2026-11-22',
        }),
      ),
    );
  });

  it('e-mails the receipt on Enter and follows it from Queued to Sent', async () => {
    let polls = 0;
    const { fetch, calls } = fetchRoutes({
      'GET /sales/customers': jsonResponse(200, customers),
      'GET /sales/for-receipt': jsonResponse(200, [sale]),
      'POST /sales/receipt/email': jsonResponse(202, {
        success: true,
        message: 'Receipt queued',
        email_id: 'e-1',
        status: 'pending',
      }),
      'GET /sales/receipt/email/e-1': () => {
        polls += 1;
        return jsonResponse(200, {
          email_id: 'e-1',
          status: polls > 1 ? 'sent' : 'pending',
          attempts: polls,
          last_error: null,
          sent_at: null,
        });
      },
    });
    vi.stubGlobal('fetch', fetch);
    const table = await loadSales();
    fireEvent.click(within(table).getByRole('button', { name: 'Email receipt of sale #12' }));
    const box = await screen.findByRole('textbox', { name: 'Customer email' });

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Please enter an email address')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'not-an-email' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/email'))).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'Thermal' }));
    fireEvent.change(box, { target: { value: ' musa@example.com ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Queued')).toBeTruthy();
    const sent = calls.find((call: TFetchCall) => call.url.pathname === '/api/sales/receipt/email')!;
    expect(sent.body).toEqual({
      customer_email: 'musa@example.com',
      customer_name: 'Musa Bello',
      sale_date: businessDate(),
      pdf_format: 'thermal',
      sale_id: 12,
    });
    expect(await screen.findByText('Sent', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('offers the e-mail the customer list keeps for the sale’s customer', async () => {
    const listed = [
      { name: 'Musa Bello', phone: '08011112222', customer_id: 4, email: 'other.musa@example.com' },
      { name: 'Musa Bello', phone: '08098765432', customer_id: 7, email: 'musa@example.com' },
    ];
    const { fetch } = fetchRoutes({
      'GET /sales/customers': (call) =>
        jsonResponse(200, call.url.searchParams.get('search') === 'musa' ? customers : listed),
      'GET /sales/for-receipt': jsonResponse(200, [sale]),
    });
    vi.stubGlobal('fetch', fetch);
    const table = await loadSales();
    fireEvent.click(within(table).getByRole('button', { name: 'Email receipt of sale #12' }));
    const box = await screen.findByRole('textbox', { name: 'Customer email' });
    // The same name and phone: the other Musa Bello's address is not offered.
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('musa@example.com'));
    fireEvent.change(box, { target: { value: '' } });
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('shows the server detail when the e-mail is refused', async () => {
    const { fetch } = fetchRoutes({
      'GET /sales/customers': jsonResponse(200, customers),
      'GET /sales/for-receipt': jsonResponse(200, [sale]),
      'POST /sales/receipt/email': jsonResponse(422, {
        detail: [{ loc: ['body', 'customer_email'], msg: 'Email address is required', type: 'custom' }],
      }),
    });
    vi.stubGlobal('fetch', fetch);
    const table = await loadSales();
    fireEvent.click(within(table).getByRole('button', { name: 'Email receipt of sale #12' }));
    const box = await screen.findByRole('textbox', { name: 'Customer email' });
    fireEvent.change(box, { target: { value: 'musa@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send receipt: Email address is required')).toBeTruthy();
  });

  it('asks for a customer before loading, and reports customers that fail to load', async () => {
    const { fetch, calls } = fetchRoutes({
      'GET /sales/customers': jsonResponse(500, { detail: 'Database unavailable' }),
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ReceiptModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: /^Customer/ });
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: 'musa' } });
    expect(await within(dialog).findByText('Failed to load customers: Database unavailable')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load Sales' }));
    expect(await within(dialog).findByText('Please select a customer')).toBeTruthy();
    expect(calls.some((call) => call.url.pathname === '/api/sales/for-receipt')).toBe(false);
  });
});
