import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { businessDate } from '@app/domain/dates/business-date';
import { BACKDATE_DENIED, INVOICE_COMPULSORY } from '@app/domain/schemas/sales';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { AddSaleForm } from './add-sale-form';
import { AddSaleTab } from './add-sale-tab';
import { pendingSale } from '../testing/sale-row-fixtures';
import { salesKeys } from '../api/sales-keys';
import { CREDIT_NAME_REQUIRED, CREDIT_PHONE_REQUIRED, WALK_IN_CUSTOMER } from '../utils/sale-defaults';
import { offlineDb, offlineSync } from '../../../lib/offline/offline-sync';

const fetchMock = vi.fn<typeof fetch>();
const show = vi.fn();

const WAREHOUSES = [{ warehouse_id: 1, warehouse_name: 'Main store', access_all: true }];
const ITEMS = {
  'Rice 50kg': { item_id: 11, price: 45_000, barcode: '6151100032021', closing_balance: 4, reorder_level: 2 },
  'Groundnut oil 5L': { item_id: 12, price: 9_500, barcode: null, closing_balance: 9, reorder_level: 3 },
};
const SALE_ANSWER = {
  success: true,
  message: 'Sale recorded successfully',
  sale_id: 31,
  sale: pendingSale(31, {
    warehouse_name: 'Main store',
    customer_name: WALK_IN_CUSTOMER,
    customer_phone: null,
    grand_total: 96_750,
    payment_status: 'paid',
  }),
};

const url = (call: Parameters<typeof fetch>) => String(call[0]);
const requests = (path: string) => fetchMock.mock.calls.filter((call) => url(call).startsWith(path));

function login(role: 'md' | 'employee', permissions: string[] = []) {
  signInForTest(role, permissions);
}

beforeEach(async () => {
  // A test whose call got no answer left the device "offline" (the API client tells the offline engine) and
  // its sale queued.
  await (await offlineDb()).clear('outbox');
  await offlineSync.refresh();
  offlineSync.setOnline(true);
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(notifications, 'show').mockImplementation((data) => {
    show(data);
    return 'id';
  });
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    if (path.startsWith('/api/sales/inventory-items')) return jsonResponse(200, ITEMS);
    if (path.startsWith('/api/sales/customers'))
      return jsonResponse(200, [{ name: 'Ada Obi', phone: '08031234567', customer_id: 5 }]);
    if (path.startsWith('/api/sales/barcode/item')) return jsonResponse(404, { detail: 'Barcode not found' });
    if (path.startsWith('/api/sales/upload-invoice'))
      return jsonResponse(201, { invoice_file_url: '/api/files/5', file_id: 5, content_type: 'image/png' });
    if (path.startsWith('/api/sales/batch')) return jsonResponse(201, SALE_ANSWER);
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
const scan = (code: string) => {
  const input = screen.getByRole('textbox', { name: 'Scan barcode' });
  fireEvent.change(input, { target: { value: code } });
  fireEvent.keyDown(input, { key: 'Enter' });
};
const typeCustomer = (value: string) =>
  fireEvent.change(document.getElementById('add-sale-customer_name')!, { target: { value } });
const chooseInvoice = (file: File) =>
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
    target: { files: [file] },
  });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'invoice.png', { type: 'image/png' });
const openMore = () => fireEvent.click(screen.getByRole('button', { name: /^More/ }));
/** More's fields are mounted while it is open: opens it unless it is. */
const showMore = () => {
  const more = screen.getByRole('button', { name: /^More/ });
  if (more.getAttribute('aria-expanded') !== 'true') fireEvent.click(more);
};
const customerName = () => (document.getElementById('add-sale-customer_name') as HTMLInputElement).value;
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

// Mantine renders slowly on a loaded machine: each test gets more than the 5 s default.
describe('Add Sale form', { timeout: 20_000 }, () => {
  it('lists every problem in the spec’s words and sends nothing', async () => {
    login('employee', ['sales.page.access', 'sales.create.access']);
    renderWithProviders(<AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />);
    typeCustomer('');
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Customer name is required')).toBeTruthy();
    expect(within(alert).getByText('At least one item is required')).toBeTruthy();
    expect(within(alert).getByText(INVOICE_COMPULSORY)).toBeTruthy();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Customer name is required', color: 'red' }),
    );
    expect(requests('/api/sales/batch')).toHaveLength(0);

    // A problem fixed leaves the summary at once; the others stay until they are fixed or the next submit.
    typeCustomer('Ada Obi');
    expect(within(alert).queryByText('Customer name is required')).toBeNull();
    expect(within(alert).getByText('At least one item is required')).toBeTruthy();
  });

  it('takes a problem off the summary however it is fixed: a scanned item too', async () => {
    login('md');
    const { queryClient } = renderWithProviders(
      <AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />,
    );
    await itemsLoaded(queryClient);
    typeCustomer('');
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('At least one item is required')).toBeTruthy();
    scan('6151100032021');
    await waitFor(() => expect(within(alert).queryByText('At least one item is required')).toBeNull());
    expect(within(alert).getByText('Customer name is required')).toBeTruthy();
  });

  it('resets a backdated date to today without sales.backdate.access', () => {
    login('employee', ['sales.page.access']);
    renderWithProviders(<AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />);
    showMore();
    const date = document.getElementById('add-sale-sale_date') as HTMLInputElement;
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    expect(date.value).toBe(businessDate());
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: BACKDATE_DENIED }));
  });

  it('adds by barcode (again: quantity 2), prices live, fills Auto, reports an unknown barcode', async () => {
    login('md');
    const { queryClient } = renderWithProviders(
      <AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />,
    );
    await itemsLoaded(queryClient);
    scan('6151100032021');
    scan('6151100032021');
    const list = screen.getByRole('list', { name: 'Items of the sale' });
    await waitFor(() =>
      expect((within(list).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2'),
    );
    expect(within(list).getByLabelText('Total of Rice 50kg').textContent).toBe('₦90,000.00');
    showMore();
    expect(screen.getByText('VAT (7.5%)').nextSibling?.textContent).toBe('₦6,750.00');
    expect(screen.getByTestId('sale-grand-total').textContent).toBe('₦96,750.00');
    showMore();
    expect(screen.getByText('Grand total').nextSibling?.textContent).toBe('₦96,750.00');
    fireEvent.click(await screen.findByRole('button', { name: 'Auto' }));
    expect((screen.getByRole('textbox', { name: 'Amount paid (₦)' }) as HTMLInputElement).value).toBe(
      '96,750',
    );

    scan('0000');
    await waitFor(() =>
      expect(show).toHaveBeenLastCalledWith(
        expect.objectContaining({ message: 'Barcode lookup failed: Barcode not found', color: 'red' }),
      ),
    );
  });

  it('asks the server for a page of the items matching what is typed, never for the whole warehouse', async () => {
    login('md');
    const { queryClient } = renderWithProviders(
      <AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />,
    );
    await itemsLoaded(queryClient);
    const picker = screen.getByRole('combobox', { name: 'Add item' });
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: 'rice' } });
    await waitFor(() =>
      expect(requests('/api/sales/inventory-items').map((call) => url(call))).toEqual([
        '/api/sales/inventory-items?warehouse_name=Main+store&search=&limit=20',
        '/api/sales/inventory-items?warehouse_name=Main+store&search=rice&limit=20',
      ]),
    );
  });

  it('uploads the invoice, then records the sale with an Idempotency-Key kept across a retry', async () => {
    login('md');
    let batchCalls = 0;
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path.startsWith('/api/sales/inventory-items')) return jsonResponse(200, ITEMS);
      if (path.startsWith('/api/sales/customers')) return jsonResponse(200, []);
      if (path.startsWith('/api/sales/upload-invoice'))
        return jsonResponse(201, { invoice_file_url: '/api/files/5', file_id: 5, content_type: 'image/png' });
      if (path.startsWith('/api/sales/batch')) {
        batchCalls += 1;
        // A server that answers with a failure (one that cannot be reached keeps the sale on the device).
        return batchCalls === 1
          ? jsonResponse(503, { detail: 'Service unavailable' })
          : jsonResponse(201, SALE_ANSWER);
      }
      return jsonResponse(404, { detail: 'Not Found' });
    });
    const onRecorded = vi.fn();
    const { queryClient } = renderWithProviders(
      <AddSaleForm warehouses={WAREHOUSES} onRecorded={onRecorded} />,
    );
    await itemsLoaded(queryClient);
    typeCustomer('Ada Obi');
    scan('6151100032021');
    await screen.findByRole('listitem', { name: 'Rice 50kg' });
    openMore();
    fireEvent.click(await screen.findByRole('button', { name: 'Auto' }));
    chooseInvoice(png());

    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    await waitFor(() =>
      expect(show).toHaveBeenLastCalledWith(
        expect.objectContaining({
          message: 'Failed to create sale: Service unavailable',
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));

    expect(requests('/api/sales/upload-invoice')).toHaveLength(1);
    const upload = requests('/api/sales/upload-invoice')[0]![1]!.body as FormData;
    expect((upload.get('invoice_file') as File).name).toBe('invoice.png');
    const [first, second] = requests('/api/sales/batch');
    const key = (call: Parameters<typeof fetch>) =>
      (call[1]!.headers as Record<string, string>)['Idempotency-Key'];
    expect(key(first!)).toBeTruthy();
    expect(key(second!)).toBe(key(first!));
    const sent = JSON.parse(second![1]!.body as string);
    // The form names its sale (the same name on the retry) and, typed by hand, no customer-list entry.
    expect(sent.public_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse(first![1]!.body as string).public_id).toBe(sent.public_id);
    // No customer-list entry: the compact body leaves customer_id out (issue 16 §4).
    expect(sent).not.toHaveProperty('customer_id');
    expect(sent).toMatchObject({
      customer_name: 'Ada Obi',
      warehouse_name: 'Main store',
      sale_date: businessDate(),
      items: [{ item_id: 11, quantity: 1, unit_price: 45_000 }],
      apply_vat: true,
      payment_method: 'cash',
      payment_status: 'paid',
      amount_customer_paid: 48_375,
      invoice_file_url: '/api/files/5',
    });
    // What the server takes as absent anyway stays off the wire (issue 16 §4).
    for (const absent of ['vat_rate', 'discount_type', 'discount_value', 'invoice_override', 'notes'])
      expect(sent).not.toHaveProperty(absent);
    expect(sent.items[0]).not.toHaveProperty('warehouse_name');
    expect(sent.items[0]).not.toHaveProperty('item_name');
    // The answer and what was entered go on to the receipt step.
    expect(onRecorded).toHaveBeenCalledWith({
      answer: SALE_ANSWER,
      summary: {
        customerName: 'Ada Obi',
        date: businessDate(),
        paymentStatus: 'paid',
        paymentMethod: 'cash',
        lines: [{ item_name: 'Rice 50kg', quantity: 1, total_amount: 45_000 }],
        figures: {
          subtotal: 45_000,
          vat: 3_375,
          vatRate: 7.5,
          discount: 0,
          discountPercent: null,
          total: 48_375,
          paid: 48_375,
          balance: 0,
        },
      },
    });
    // The form is cleared for the next sale.
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(customerName()).toBe(WALK_IN_CUSTOMER);
  });

  it('suggests customers the server finds as the name is typed, and names the one picked by id', async () => {
    login('md');
    const { queryClient } = renderWithProviders(
      <AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />,
    );
    await itemsLoaded(queryClient);
    typeCustomer('ada');
    fireEvent.click(await screen.findByRole('option', { name: 'Ada Obi' }));
    expect(requests('/api/sales/customers').map(url)).toEqual(['/api/sales/customers?search=ada&limit=10']);
    showMore();
    const phone = document.getElementById('add-sale-customer_phone') as HTMLInputElement;
    expect(phone.value).toBe('08031234567');
    scan('6151100032021');
    await screen.findByRole('listitem', { name: 'Rice 50kg' });
    chooseInvoice(png());
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    await waitFor(() => expect(requests('/api/sales/batch')).toHaveLength(1));
    expect(JSON.parse(requests('/api/sales/batch')[0]![1]!.body as string)).toMatchObject({
      customer_id: 5,
      customer_name: 'Ada Obi',
      customer_phone: '08031234567',
    });
  });

  it('lets go of a picked customer when the phone is changed by hand', async () => {
    login('md');
    renderWithProviders(<AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />);
    typeCustomer('ada');
    fireEvent.click(await screen.findByRole('option', { name: 'Ada Obi' }));
    showMore();
    fireEvent.change(document.getElementById('add-sale-customer_phone')!, { target: { value: '0809' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    await screen.findByRole('alert');
    // Nothing was sent (no lines): the kept draft (user 7's) holds what the form would send.
    const draft = JSON.parse(localStorage.getItem('draft.7.sales.add-sale')!);
    expect(draft.state).toMatchObject({ customer_id: null, customer_phone: '0809' });
  });

  it('keeps a half-entered sale and its Idempotency-Key across a reload, and forgets both once recorded', async () => {
    login('md');
    let batchCalls = 0;
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path.startsWith('/api/sales/inventory-items')) return jsonResponse(200, ITEMS);
      if (path.startsWith('/api/sales/customers')) return jsonResponse(200, []);
      if (path.startsWith('/api/sales/batch')) {
        batchCalls += 1;
        // A server that answers with a failure (one that cannot be reached keeps the sale on the device).
        return batchCalls === 1
          ? jsonResponse(503, { detail: 'Service unavailable' })
          : jsonResponse(201, SALE_ANSWER);
      }
      return jsonResponse(404, { detail: 'Not Found' });
    });
    const first = renderWithProviders(<AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />);
    await itemsLoaded(first.queryClient);
    typeCustomer('Ada Obi');
    scan('6151100032021');
    scan('6151100032021');
    await screen.findByRole('listitem', { name: 'Rice 50kg' });
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    await waitFor(() => expect(requests('/api/sales/batch')).toHaveLength(1));
    first.unmount();

    const onRecorded = vi.fn();
    const second = renderWithProviders(<AddSaleForm warehouses={WAREHOUSES} onRecorded={onRecorded} />);
    await itemsLoaded(second.queryClient);
    expect((document.getElementById('add-sale-customer_name') as HTMLInputElement).value).toBe('Ada Obi');
    const line = screen.getByRole('listitem', { name: 'Rice 50kg' });
    expect((within(line).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    const [before, after] = requests('/api/sales/batch').map(
      (call) => (call[1]!.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(after).toBe(before);
    second.unmount();

    const third = renderWithProviders(<AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />);
    await itemsLoaded(third.queryClient);
    expect(customerName()).toBe(WALK_IN_CUSTOMER);
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('sends invoice_override without a file when the user may override, and refuses a wrong file type', async () => {
    login('employee', ['sales.page.access', 'sales.create.access', 'sales.invoice_override.access']);
    const { queryClient } = renderWithProviders(
      <AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />,
    );
    await itemsLoaded(queryClient);
    typeCustomer('Ada Obi');
    scan('6151100032021');
    await screen.findByRole('listitem', { name: 'Rice 50kg' });

    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    await waitFor(() => expect(requests('/api/sales/batch')).toHaveLength(1));
    expect(requests('/api/sales/upload-invoice')).toHaveLength(0);
    const overridden = JSON.parse(requests('/api/sales/batch')[0]![1]!.body as string);
    expect(overridden).toMatchObject({ invoice_override: true });
    expect(overridden).not.toHaveProperty('invoice_file_url');

    showMore();
    chooseInvoice(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid file type. Please upload PNG, JPG, or PDF')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    expect(requests('/api/sales/batch')).toHaveLength(1);

    chooseInvoice(new File([new Uint8Array(10_485_761)], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('File too large. Maximum size is 10MB.')).toBeTruthy();
  });

  it('keeps the sale and its invoice on the device when the upload cannot reach the server', async () => {
    login('employee', ['sales.page.access', 'sales.create.access']);
    const onRecorded = vi.fn();
    const { queryClient } = renderWithProviders(
      <AddSaleForm warehouses={WAREHOUSES} onRecorded={onRecorded} />,
    );
    await itemsLoaded(queryClient);
    scan('6151100032021');
    await screen.findByRole('listitem', { name: 'Rice 50kg' });
    openMore();
    fireEvent.click(await screen.findByRole('button', { name: 'Auto' }));
    chooseInvoice(png());
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });

    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    expect(onRecorded.mock.calls[0]![0].answer.queued.receipt_number).toMatch(/^OFF-/);
    expect(requests('/api/sales/upload-invoice')).toHaveLength(1);
    expect(requests('/api/sales/batch')).toHaveLength(0);
    expect(show).not.toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('Failed to upload invoice') }),
    );
    const [queued] = await (await offlineDb()).getAll('outbox');
    expect(queued).toMatchObject({
      kind: 'sale',
      attachment: { fileName: 'invoice.png', bodyField: 'invoice_file_url' },
      body: { items: [{ item_id: 11, quantity: 1 }] },
    });
    expect(queued!.body).not.toHaveProperty('invoice_override');
  });

  it('explains what to do when no warehouse is open to the user', async () => {
    login('employee', ['sales.page.access', 'sales.create.access']);
    fetchMock.mockImplementation(async () => jsonResponse(200, []));
    renderWithProviders(<AddSaleTab />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^No warehouses available/);
    expect(alert.textContent).toContain('Restock');
    expect(alert.textContent).toContain('Settings → Manage Access');
  });

  it('starts as a walk-in in the warehouse of the user’s last sale, kept across a reload', async () => {
    login('md');
    const two = [...WAREHOUSES, { warehouse_id: 2, warehouse_name: 'Annex', access_all: true }];
    const warehouseInput = () => screen.getByRole('combobox', { name: 'Warehouse' }) as HTMLInputElement;
    const first = renderWithProviders(<AddSaleForm warehouses={two} onRecorded={() => {}} />);
    // Nothing remembered yet and two warehouses: the user chooses.
    expect(warehouseInput().value).toBe('');
    expect(customerName()).toBe(WALK_IN_CUSTOMER);
    await choose('Warehouse', 'Annex');
    await waitFor(() => expect(first.queryClient.getQueryData(salesKeys.items('Annex', ''))).toBeTruthy());
    scan('6151100032021');
    await screen.findByRole('listitem', { name: 'Rice 50kg' });
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    await waitFor(() => expect(requests('/api/sales/batch')).toHaveLength(1));
    expect(JSON.parse(requests('/api/sales/batch')[0]![1]!.body as string)).toMatchObject({
      warehouse_name: 'Annex',
      customer_name: WALK_IN_CUSTOMER,
      payment_method: 'cash',
      payment_status: 'paid',
    });
    first.unmount();

    renderWithProviders(<AddSaleForm warehouses={two} onRecorded={() => {}} />);
    expect(warehouseInput().value).toBe('Annex');
    expect(localStorage.getItem('draft.7.sales.last-warehouse')).toBe('"Annex"');
    cleanup();
    // A remembered warehouse no longer open to the user is not offered.
    renderWithProviders(<AddSaleForm warehouses={two.slice(0, 1)} onRecorded={() => {}} />);
    expect(warehouseInput().value).toBe('Main store');
  });

  it('steps a line’s quantity with + and −, the line and the running total following', async () => {
    login('md');
    const { queryClient } = renderWithProviders(
      <AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />,
    );
    await itemsLoaded(queryClient);
    scan('6151100032021');
    const line = await screen.findByRole('listitem', { name: 'Rice 50kg' });
    const quantity = () =>
      (within(line).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value;
    const less = within(line).getByRole('button', { name: 'One less Rice 50kg' });
    expect(quantity()).toBe('1');
    expect((less as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(line).getByRole('button', { name: 'One more Rice 50kg' }));
    fireEvent.click(within(line).getByRole('button', { name: 'One more Rice 50kg' }));
    await waitFor(() => expect(quantity()).toBe('3'));
    expect(within(line).getByLabelText('Total of Rice 50kg').textContent).toBe('₦135,000.00');
    expect(screen.getByTestId('sale-grand-total').textContent).toBe('₦145,125.00');
    expect(screen.getByRole('region', { name: 'Sale total' }).textContent).toContain('1 item');
    fireEvent.click(less);
    await waitFor(() => expect(quantity()).toBe('2'));
    expect(screen.getByTestId('sale-grand-total').textContent).toBe('₦96,750.00');
  });

  /** The MD's sale of a bag of rice, set to a status that leaves money owing. */
  async function startOwingSale(status: 'Credit' | 'Partial') {
    login('md');
    const { queryClient } = renderWithProviders(
      <AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />,
    );
    await itemsLoaded(queryClient);
    scan('6151100032021');
    await screen.findByRole('listitem', { name: 'Rice 50kg' });
    await choose('Payment status', status);
  }

  it('asks for the real name and phone of a credit sale, and takes none of the walk-in', async () => {
    await startOwingSale('Credit');
    // The walk-in name gives way; the phone is asked for beside the due date.
    expect(customerName()).toBe('');
    const phone = screen.getByRole('textbox', { name: 'Customer phone' }) as HTMLInputElement;
    expect(phone.required).toBe(true);

    typeCustomer(WALK_IN_CUSTOMER);
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(CREDIT_NAME_REQUIRED)).toBeTruthy();
    expect(within(alert).getByText(CREDIT_PHONE_REQUIRED)).toBeTruthy();
    expect(within(alert).getByText('Please choose a due date for a credit sale')).toBeTruthy();
    expect(requests('/api/sales/batch')).toHaveLength(0);

    typeCustomer('Ada Obi');
    fireEvent.change(phone, { target: { value: '08031234567' } });
    fireEvent.change(document.getElementById('add-sale-due_date')!, { target: { value: '2099-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    await waitFor(() => expect(requests('/api/sales/batch')).toHaveLength(1));
    expect(JSON.parse(requests('/api/sales/batch')[0]![1]!.body as string)).toMatchObject({
      customer_name: 'Ada Obi',
      customer_phone: '08031234567',
      payment_status: 'credit',
      due_date: '2099-12-01',
    });
  });

  it('refuses a part payment that is not below the total before sending anything', async () => {
    await startOwingSale('Partial');
    typeCustomer('Ada Obi');
    fireEvent.change(screen.getByRole('textbox', { name: 'Customer phone' }), {
      target: { value: '08031234567' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Partial amount/ }), {
      target: { value: '999999' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Partial payment amount must be less than total amount')).toBeTruthy();
    expect(requests('/api/sales/batch')).toHaveLength(0);
  });

  it('gives a paid sale its walk-in back when the name was emptied for credit', async () => {
    login('md');
    renderWithProviders(<AddSaleForm warehouses={WAREHOUSES} onRecorded={() => {}} />);
    await choose('Payment status', 'Partial');
    expect(customerName()).toBe('');
    expect(screen.getByRole('textbox', { name: /^Partial amount/ })).toBeTruthy();
    await choose('Payment status', 'Paid');
    expect(customerName()).toBe(WALK_IN_CUSTOMER);
    expect(screen.queryByRole('textbox', { name: 'Customer phone' })).toBeNull();
  });

  it('shows the receipt step after a sale, and New sale starts the next one', async () => {
    login('md');
    fetchMock.mockImplementation(async (input) => {
      const path = String(input);
      if (path.startsWith('/api/sales/warehouses')) return jsonResponse(200, WAREHOUSES);
      if (path.startsWith('/api/sales/inventory-items')) return jsonResponse(200, ITEMS);
      if (path.startsWith('/api/sales/batch')) return jsonResponse(201, SALE_ANSWER);
      return jsonResponse(404, { detail: 'Not Found' });
    });
    const { queryClient } = renderWithProviders(<AddSaleTab />);
    await screen.findByRole('form', { name: 'Add sale' });
    await itemsLoaded(queryClient);
    scan('6151100032021');
    scan('6151100032021');
    await screen.findByRole('listitem', { name: 'Rice 50kg' });
    fireEvent.click(screen.getByRole('button', { name: 'Record Sale' }));

    const receipt = await screen.findByRole('region', { name: 'Sale #31 recorded' });
    expect(screen.queryByRole('form', { name: 'Add sale' })).toBeNull();
    expect(within(receipt).getByLabelText('Total ₦96,750.00')).toBeTruthy();
    expect(within(receipt).getByRole('list', { name: 'Items sold' }).textContent).toContain('Rice 50kg × 2');
    for (const name of [
      'Print receipt of sale #31',
      'Download PDF receipt of sale #31',
      'Download thermal receipt of sale #31',
      'Email receipt of sale #31',
      'Share receipt of sale #31 on WhatsApp',
    ])
      expect(within(receipt).getByRole('button', { name })).toBeTruthy();
    fireEvent.click(within(receipt).getByRole('button', { name: 'Email receipt of sale #31' }));
    expect(within(receipt).getByRole('textbox', { name: 'Customer email' })).toBeTruthy();

    fireEvent.click(within(receipt).getByRole('button', { name: 'New sale' }));
    await screen.findByRole('form', { name: 'Add sale' });
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(customerName()).toBe(WALK_IN_CUSTOMER);
    expect((screen.getByRole('combobox', { name: 'Warehouse' }) as HTMLInputElement).value).toBe(
      'Main store',
    );
  });
});
