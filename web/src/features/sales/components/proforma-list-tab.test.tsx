import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { proforma } from '../testing/proforma-list-fixtures';
import { ProformaListTab } from './proforma-list-tab';

function login(role: 'md' | 'employee', permissions: string[] = []) {
  signInForTest(role, permissions);
}

const proformas = [
  ...Array.from({ length: 24 }, (_, i) => proforma(i + 1, { customer_name: `Customer ${i + 1}` })),
  proforma(25, { customer_name: 'Musa Bello', status: 'converted', sale_id: 40, sale_number: 40 }),
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Proforma List tab', () => {
  it('pages 20 at a time and filters in the browser; a converted one has its badge and no actions', async () => {
    login('md');
    const { fetch, calls } = fetchRoutes({ 'GET /sales/proforma/all': jsonResponse(200, proformas) });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ProformaListTab />);
    const table = await screen.findByRole('table', { name: 'Proforma invoices' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    expect(screen.getByText('25 of 25 proforma invoices')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Converted' }));
    expect(screen.getByText('1 of 25 proforma invoices')).toBeTruthy();
    expect(within(table).getByText('Converted')).toBeTruthy();
    expect(within(table).getByText('sale #40')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Convert proforma #25/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete proforma #25' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Customer' }), { target: { value: 'customer 2' } });
    // Customer 2 and Customer 20–24.
    expect(screen.getByText('6 of 25 proforma invoices')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Convert proforma #2 to a sale' })).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('refuses delete without sales.delete_proforma.access', async () => {
    login('employee', ['sales.page.access']);
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const { fetch, calls } = fetchRoutes({
      'GET /sales/proforma/all': jsonResponse(200, proformas.slice(0, 1)),
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ProformaListTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete proforma #1' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'You do not have permission to delete proforma invoices.' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });

  it('downloads the CSV only with sales.export.access', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:proformas');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { fetch } = fetchRoutes({ 'GET /sales/proforma/all': jsonResponse(200, proformas.slice(0, 2)) });
    vi.stubGlobal('fetch', fetch);

    login('employee', ['sales.page.access']);
    const { unmount } = renderWithProviders(<ProformaListTab />);
    await screen.findByRole('button', { name: 'Delete proforma #1' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'You do not have permission to export sales data.' }),
    );
    expect(createObjectURL).not.toHaveBeenCalled();
    unmount();

    login('employee', ['sales.page.access', 'sales.export.access']);
    renderWithProviders(<ProformaListTab />);
    await screen.findByRole('button', { name: 'Delete proforma #1' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('deletes after confirmation with the permission', async () => {
    login('employee', ['sales.page.access', 'sales.delete_proforma.access']);
    let deleted = false;
    const { fetch } = fetchRoutes({
      'GET /sales/proforma/all': () => jsonResponse(200, deleted ? [] : proformas.slice(0, 1)),
      'DELETE /sales/proforma/1': () => {
        deleted = true;
        return jsonResponse(200, { success: true, message: 'Proforma deleted' });
      },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ProformaListTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete proforma #1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this proforma invoice? This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No proforma invoices yet. Create one in the Proforma tab.')).toBeTruthy();
  });

  it('a proforma converted meanwhile is refused (409), closes the question and shows as converted', async () => {
    login('md');
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const detail = 'This proforma was converted into sale #7 and cannot be deleted.';
    let refused = false;
    const { fetch } = fetchRoutes({
      'GET /sales/proforma/all': () =>
        jsonResponse(200, [
          refused ? proforma(1, { status: 'converted', sale_id: 70, sale_number: 7 }) : proforma(1),
        ]),
      'DELETE /sales/proforma/1': () => {
        refused = true;
        return jsonResponse(409, { detail });
      },
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ProformaListTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete proforma #1' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: `Failed to delete proforma: ${detail}` }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('sale #7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete proforma #1' })).toBeNull();
  });

  it('downloads the PDF in the chosen format and reports a failure', async () => {
    login('md');
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const { fetch, calls } = fetchRoutes({
      'GET /sales/proforma/all': jsonResponse(200, proformas.slice(0, 1)),
      'POST /sales/proforma/pdf': jsonResponse(500, { detail: 'Internal server error' }),
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ProformaListTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF of proforma #1' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Thermal (80 mm)' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Failed to download proforma: Internal server error' }),
      ),
    );
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ proforma_id: 1, format: 'thermal' });
  });

  it('reports a list that fails to load', async () => {
    login('md');
    const { fetch } = fetchRoutes({ 'GET /sales/proforma/all': jsonResponse(500, { detail: 'Down' }) });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ProformaListTab />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load proformas: Down');
  });
});
