import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fetchRoutes } from '../../../test/fetch-routes';
import { renderWithProviders, signInForTest } from '../../../test/render';
import { VendorRegistrationForm } from './vendor-registration-form';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Vendor registration', { timeout: 20_000 }, () => {
  it('keeps saying a document was too large when the form is sent, instead of calling it missing', async () => {
    signInForTest();
    const server = fetchRoutes({});
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(
      <MemoryRouter>
        <VendorRegistrationForm />
      </MemoryRouter>,
    );
    const [governmentId] = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    const scan = new File([new Uint8Array(11 * 1024 * 1024)], 'id-scan.png', { type: 'image/png' });
    fireEvent.change(governmentId!, { target: { files: [scan] } });
    expect(await screen.findByText('File size must be less than 10MB')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit Registration' }));
    expect(await screen.findByText('Location Proof is required')).toBeTruthy();
    expect(screen.getByText('File size must be less than 10MB')).toBeTruthy();
    expect(screen.queryByText('Government ID is required')).toBeNull();
    expect(server.calls.filter((call) => call.url.pathname === '/api/vendors/register')).toEqual([]);
  });

  it('says a chosen file is not a picture when its preview cannot be drawn', async () => {
    signInForTest();
    vi.stubGlobal('fetch', fetchRoutes({}).fetch);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:id');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    renderWithProviders(
      <MemoryRouter>
        <VendorRegistrationForm />
      </MemoryRouter>,
    );
    const [governmentId] = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    const notAPicture = new File(['%PDF-1.4'], 'id.png', { type: 'image/png' });
    fireEvent.change(governmentId!, { target: { files: [notAPicture] } });
    fireEvent.error(await screen.findByRole('img', { name: 'Preview of id.png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'id.png: Please upload an image (PNG or JPG)',
    );
  });
});
