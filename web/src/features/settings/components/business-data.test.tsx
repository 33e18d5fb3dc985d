import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { BUSINESS_DATA_MESSAGES, BusinessData } from './business-data';

beforeEach(() => signInForTest('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings → Your Data', () => {
  it('downloads the whole business as a zip, saying it is preparing until the file has come', async () => {
    let finish: (response: Response) => void = () => undefined;
    const fetch = vi.fn(
      (input: RequestInfo | URL) =>
        new Promise<Response>((resolve) => {
          expect(new URL(String(input), 'http://localhost').pathname).toBe('/api/settings/export');
          finish = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue(undefined);
    renderWithProviders(<BusinessData />);

    fireEvent.click(screen.getByRole('button', { name: 'Download all my data' }));
    expect(await screen.findByText(BUSINESS_DATA_MESSAGES.preparing)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    finish(
      new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        status: 200,
        headers: { 'content-type': 'application/zip' },
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createUrl).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(BUSINESS_DATA_MESSAGES.downloaded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(BUSINESS_DATA_MESSAGES.preparing)).toBeNull());
  });

  it('says why a download failed', async () => {
    const server = fetchRoutes({
      'GET /settings/export': jsonResponse(500, { detail: 'Internal server error' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<BusinessData />);
    fireEvent.click(screen.getByRole('button', { name: 'Download all my data' }));
    expect(await screen.findByText(new RegExp(BUSINESS_DATA_MESSAGES.failure))).toBeTruthy();
  });

  it('is the MD’s alone', () => {
    signInForTest('employee', ['settings.page.access']);
    renderWithProviders(<BusinessData />);
    expect(screen.getByText(BUSINESS_DATA_MESSAGES.mdOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download all my data' })).toBeNull();
  });
});
