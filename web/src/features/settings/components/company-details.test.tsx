import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { unsavedChangesQuestion, UNSAVED_SETTINGS } from '../../../lib/unsaved-changes';
import { CompanyDetails } from './company-details';
import { LOGO_TYPE_MESSAGE } from './company-logo';

const company = {
  tenant_name: 'Mama Put Stores',
  phone_number: null,
  address: null,
  account_number: null,
  bank_name: null,
  account_name: null,
  logo_url: null,
};

function signIn(role: 'md' | 'employee') {
  signInForTest(role);
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const pickFile = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

beforeEach(() => signIn('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings → Company', () => {
  it('loads the details, checks them, saves them and says so', async () => {
    const show = vi.spyOn(notifications, 'show');
    const server = fetchRoutes({
      'GET /sales/company': jsonResponse(200, company),
      'PUT /sales/company': (call) => jsonResponse(200, { ...company, ...(call.body as object) }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<CompanyDetails />);
    const name = await screen.findByLabelText(/^Business name/);
    expect((name as HTMLInputElement).value).toBe('Mama Put Stores');

    expect(unsavedChangesQuestion()).toBeNull();
    fireEvent.change(name, { target: { value: ' ' } });
    // Leaving the tab or the screen now asks first.
    expect(unsavedChangesQuestion()).toBe(UNSAVED_SETTINGS);
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '01234abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Business name is required')).toBeTruthy();
    expect(screen.getByText('Account number is digits only')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(name, { target: { value: 'Mama Put Provisions' } });
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '0123456789' } });
    fireEvent.change(screen.getByLabelText('Bank name'), { target: { value: 'GTBank' } });
    fireEvent.change(screen.getByLabelText('Account name'), { target: { value: 'Mama Put Ltd' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0803 555 1234' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '12 Balogun Street' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Company details updated' })),
    );
    // Saved: nothing is left to lose.
    await waitFor(() => expect(unsavedChangesQuestion()).toBeNull());
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      tenant_name: 'Mama Put Provisions',
      phone_number: '0803 555 1234',
      address: '12 Balogun Street',
      account_number: '0123456789',
      bank_name: 'GTBank',
      account_name: 'Mama Put Ltd',
    });
  });

  it('shows the server’s reason when saving fails', async () => {
    const server = fetchRoutes({
      'GET /sales/company': jsonResponse(200, company),
      'PUT /sales/company': jsonResponse(403, { detail: 'Only the MD can do this' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<CompanyDetails />);
    await screen.findByLabelText(/^Business name/);
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Failed to update company details: Only the MD can do this')).toBeTruthy();
  });

  it('refuses a file that is not a PNG or JPEG, uploads an image, and reports a refused upload', async () => {
    const show = vi.spyOn(notifications, 'show');
    let answer = jsonResponse(201, {
      ...company,
      logo_url: '/api/files/0b7c6f0e-1111-4222-8333-944455556666',
    });
    const server = fetchRoutes({
      'GET /sales/company': jsonResponse(200, company),
      'POST /sales/company/logo': () => answer,
      'GET /files/0b7c6f0e-1111-4222-8333-944455556666': new Response(
        new Blob(['png'], { type: 'image/png' }),
      ),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<CompanyDetails />);
    expect(await screen.findByText('No logo yet')).toBeTruthy();
    const upload = screen.getByRole('button', { name: 'Upload logo' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);

    pickFile(new File(['%PDF-1.4'], 'logo.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(`Failed to upload logo: ${LOGO_TYPE_MESSAGE}`)).toBeTruthy();
    expect(upload.disabled).toBe(true);

    pickFile(new File(['png bytes'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('Chosen: logo.png')).toBeTruthy();
    expect(await screen.findByAltText('Preview of the chosen logo')).toBeTruthy();
    fireEvent.click(upload);
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Logo uploaded' })),
    );
    const sent = server.calls.find((c) => c.method === 'POST')!.body as FormData;
    expect((sent.get('logo_file') as File).name).toBe('logo.png');
    expect(await screen.findByAltText('Current logo')).toBeTruthy();

    answer = jsonResponse(415, { detail: 'The logo must be a PNG or JPEG image' });
    pickFile(new File(['not really'], 'other.png', { type: 'image/png' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Upload logo' }));
    expect(
      await screen.findByText('Failed to upload logo: The logo must be a PNG or JPEG image'),
    ).toBeTruthy();
  });

  it('is the MD’s: an employee is told so and nothing is loaded', async () => {
    signIn('employee');
    const server = fetchRoutes({});
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<CompanyDetails />);
    expect(screen.getByText('Only the MD can change the company details.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
