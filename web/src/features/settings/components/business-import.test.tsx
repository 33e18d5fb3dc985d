import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { BusinessData } from './business-data';
import { BUSINESS_IMPORT_MESSAGES } from './business-import';

beforeEach(() => signInForTest('md'));
afterEach(() => vi.unstubAllGlobals());

const zipFile = () =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'Shop_export.zip', { type: 'application/zip' });

async function chooseAndConfirm() {
  renderWithProviders(<BusinessData />);
  const importButton = screen.getByRole('button', { name: 'Import' });
  expect((importButton as HTMLButtonElement).disabled).toBe(true);
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [zipFile()] } });
  fireEvent.click(screen.getByRole('button', { name: 'Import' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Shop_export.zip')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, import' }));
}

describe('Settings → Your Data → Import', () => {
  it('sends the chosen zip after a confirmation and shows what came across', async () => {
    const server = fetchRoutes({
      'POST /settings/business-import': jsonResponse(200, {
        success: true,
        message: 'Imported 42 records and 2 files.',
        tables: { items: 2, sales: 3, users: 1, stored_files: 2 },
        files: 2,
        employees_without_password: 1,
        employees_removed: [],
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    await chooseAndConfirm();
    expect(await screen.findByText('Imported 42 records and 2 files.')).toBeTruthy();
    expect(screen.getByText('Sales: 3')).toBeTruthy();
    expect(screen.getByText('Employees: 1')).toBeTruthy();
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });

  it('says why an import was refused', async () => {
    const server = fetchRoutes({
      'POST /settings/business-import': jsonResponse(409, { detail: 'This business already has data.' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    await chooseAndConfirm();
    expect(
      await screen.findByText(`${BUSINESS_IMPORT_MESSAGES.failure}: This business already has data.`),
    ).toBeTruthy();
  });

  it('is not shown to an employee', () => {
    signInForTest('employee', ['settings.page.access']);
    renderWithProviders(<BusinessData />);
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});
