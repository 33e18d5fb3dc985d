import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { DUE_DATE_REQUIRED, type TConversionResult, type TProforma } from '@app/domain/schemas/sales';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { salesKeys } from '../api/sales-keys';
import { ALREADY_CONVERTED_MESSAGE } from '../utils/convert-proforma-errors';
import { ProformaForm } from './proforma-form';

const fetchMock = vi.fn<typeof fetch>();
const show = vi.fn();

const WAREHOUSES = [{ warehouse_id: 1, warehouse_name: 'Main store', access_all: true }];
const ITEMS = {
  'Rice 50kg': { item_id: 11, price: 45_000, barcode: '6151100032021', closing_balance: 4, reorder_level: 2 },
};
const PROFORMA: TProforma = {
  proforma_id: 4,
  public_id: '01936b2e-8f00-7a4c-9d10-5b2f3c4d5e70',
  proforma_number: 4,
  date: '2026-11-20',
  created_at: '2026-11-20T09:00:00Z',
  customer_id: null,
  customer_name: 'Ada Obi',
  customer_phone: null,
  warehouse_name: 'Main store',
  items: [
    {
      item_id: 11,
      item_name: 'Rice 50kg',
      quantity: 2,
      unit_price: 45_000,
      total_amount: 90_000,
      warehouse_name: 'Main store',
    },
  ],
  subtotal: 90_000,
  vat_rate: 7.5,
  vat_amount: 6_750,
  discount_type: 'none',
  discount_value: 0,
  discount_amount: 0,
  grand_total: 96_750,
  notes: null,
  status: 'pending',
  invoice_url: null,
  sale_id: null,
  sale_number: null,
  converted_at: null,
};
const CONVERSION: TConversionResult = {
  success: true,
  message: 'Proforma converted to a sale.',
  proforma_id: 4,
  sale_id: 40,
  sale_number: 40,
  items_count: 1,
  inventory_updates: [{ item_id: 11, item_name: 'Rice 50kg', action: 'updated', stock_out: 2, error: null }],
};

const url = (call: Parameters<typeof fetch>) => String(call[0]);
const requests = (path: string) => fetchMock.mock.calls.filter((call) => url(call).startsWith(path));

/** POST /sales/proforma only (not the pending list under the same prefix). */
const creates = () => fetchMock.mock.calls.filter((call) => url(call) === '/api/sales/proforma');

let convertAnswer: () => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notifications, 'show').mockImplementation((data) => {
    show(data);
    return 'id';
  });
  signInForTest();
  convertAnswer = () => jsonResponse(201, CONVERSION);
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    if (path.startsWith('/api/sales/inventory-items')) return jsonResponse(200, ITEMS);
    if (path.startsWith('/api/sales/customers')) return jsonResponse(200, []);
    if (path.startsWith('/api/sales/proforma/pending')) return jsonResponse(200, [PROFORMA]);
    if (path === '/api/sales/proforma')
      return jsonResponse(201, {
        success: true,
        message: 'Proforma invoice created',
        proforma_id: 5,
        proforma: { ...PROFORMA, proforma_id: 5, proforma_number: 5, grand_total: 48_375 },
      });
    if (path === '/api/sales/proforma/4/upload-invoice')
      return jsonResponse(201, {
        invoice_url: '/api/files/9',
        proforma: { ...PROFORMA, invoice_url: '/api/files/9' },
      });
    if (path === '/api/sales/proforma/4/convert') return convertAnswer();
    return jsonResponse(404, { detail: 'Not Found' });
  });
});
afterEach(() => {
  fetchMock.mockReset();
  show.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const itemsLoaded = async (queryClient: QueryClient) => {
  await waitFor(() => expect(queryClient.getQueryData(salesKeys.items('Main store', ''))).toBeTruthy());
  await act(() => Promise.resolve());
};
const typeCustomer = (value: string) =>
  fireEvent.change(document.getElementById('proforma-customer_name')!, { target: { value } });
const scan = (code: string) => {
  const input = screen.getByRole('textbox', { name: 'Scan barcode' });
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

/** The customer's pending proformas, once the typed name has settled. */
const openConvert = async () => {
  const card = await screen.findByRole('listitem', { name: 'Proforma #4' }, { timeout: 3000 });
  fireEvent.click(within(card).getByRole('button', { name: 'Convert to Sale' }));
  return screen.findByRole('dialog', { name: 'Convert Proforma to Sale' });
};

const attachInvoice = (dialog: HTMLElement) =>
  fireEvent.change(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [new File([new Uint8Array([1])], 'quote.png', { type: 'image/png' })] },
  });

// Mantine renders slowly on a loaded machine: each test gets more than the 5 s default.
describe('Proforma tab', { timeout: 20_000 }, () => {
  it('names the faulty line, then creates the proforma and keeps the customer', async () => {
    const { queryClient } = renderWithProviders(<ProformaForm warehouses={WAREHOUSES} />);
    await itemsLoaded(queryClient);
    typeCustomer('Ada Obi');
    scan('6151100032021');
    const line = await screen.findByRole('listitem', { name: 'Rice 50kg' });
    fireEvent.change(within(line).getByRole('textbox', { name: 'Unit price (₦)' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Proforma' }));
    expect((await screen.findAllByText('Proforma item 1: Unit price must be greater than 0')).length).toBe(2);
    expect(creates()).toHaveLength(0);

    fireEvent.change(within(line).getByRole('textbox', { name: 'Unit price (₦)' }), {
      target: { value: '45000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Proforma' }));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(JSON.parse(creates()[0]![1]!.body as string)).toMatchObject({
      customer_name: 'Ada Obi',
      warehouse_name: 'Main store',
      items: [{ item_id: 11, quantity: 1, unit_price: 45_000 }],
      apply_vat: true,
      vat_rate: 7.5,
      discount_type: 'none',
      discount_value: 0,
    });
    await waitFor(() =>
      expect(show).toHaveBeenLastCalledWith(
        expect.objectContaining({ message: 'Proforma invoice created. Proforma #5, total ₦48,375.00.' }),
      ),
    );
    expect(screen.queryByRole('listitem', { name: 'Rice 50kg' })).toBeNull();
    expect((document.getElementById('proforma-customer_name') as HTMLInputElement).value).toBe('Ada Obi');

    // Each proforma carries a public id the form made; the next one gets its own.
    scan('6151100032021');
    await screen.findByRole('listitem', { name: 'Rice 50kg' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Proforma' }));
    await waitFor(() => expect(creates()).toHaveLength(2));
    const [first, second] = creates().map((call) => JSON.parse(call[1]!.body as string));
    expect(first.public_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.public_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.public_id).not.toBe(first.public_id);
    // And an Idempotency-Key of its own, so a retry after a dropped answer records it once.
    const [firstKey, secondKey] = creates().map(
      (call) => (call[1]!.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(secondKey).not.toBe(firstKey);
  });

  it('converts a pending proforma: asks for the invoice, uploads it, converts, shows the summary', async () => {
    renderWithProviders(<ProformaForm warehouses={WAREHOUSES} />);
    typeCustomer('Ada Obi');
    const dialog = await openConvert();
    expect(url(requests('/api/sales/proforma/pending')[0]!)).toBe(
      '/api/sales/proforma/pending?customer_name=Ada+Obi',
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert to Sale' }));
    expect(await within(dialog).findByText('Please upload an invoice file before conversion.')).toBeTruthy();
    expect(requests('/api/sales/proforma/4/convert')).toHaveLength(0);

    const fileInput = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(fileInput, {
      target: {
        files: [new File([new Uint8Array([37, 80, 68, 70])], 'quote.pdf', { type: 'application/pdf' })],
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert to Sale' }));

    const table = await within(dialog).findByRole('table', { name: 'Inventory updates' });
    const row = within(table).getByRole('row', { name: /Rice 50kg/ });
    expect(within(row).getByText('updated')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(dialog).getByText('Sale #40 · 1 item')).toBeTruthy();

    const upload = requests('/api/sales/proforma/4/upload-invoice')[0]![1]!.body as FormData;
    expect((upload.get('invoice_file') as File).name).toBe('quote.pdf');
    const convert = requests('/api/sales/proforma/4/convert')[0]![1]!;
    expect((convert.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(JSON.parse(convert.body as string)).toMatchObject({
      payment_method: 'cash',
      payment_status: 'paid',
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for the due date of a credit conversion before uploading or converting anything', async () => {
    renderWithProviders(<ProformaForm warehouses={WAREHOUSES} />);
    typeCustomer('Ada Obi');
    const dialog = await openConvert();
    attachInvoice(dialog);
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Payment status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Credit' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert to Sale' }));
    expect(await within(dialog).findByText(DUE_DATE_REQUIRED)).toBeTruthy();
    expect(requests('/api/sales/proforma/4/upload-invoice')).toHaveLength(0);
    expect(requests('/api/sales/proforma/4/convert')).toHaveLength(0);
  });

  it('maps a conversion refusal to the spec’s advice', async () => {
    convertAnswer = () => jsonResponse(409, { detail: 'This proforma has already been converted to a sale' });
    renderWithProviders(<ProformaForm warehouses={WAREHOUSES} />);
    typeCustomer('Ada Obi');
    const dialog = await openConvert();
    attachInvoice(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert to Sale' }));
    expect(await within(dialog).findByText(ALREADY_CONVERTED_MESSAGE)).toBeTruthy();
  });
});
