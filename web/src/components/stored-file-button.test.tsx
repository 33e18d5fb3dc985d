import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes } from '../test/fetch-routes';
import { signInForTest } from '../test/render';
import { openStoredFile } from './stored-file-button';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

beforeEach(() => signInForTest('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serveFile() {
  const server = fetchRoutes({
    'GET /files/abc': () => new Response(PNG, { status: 200, headers: { 'content-type': 'image/png' } }),
  });
  vi.stubGlobal('fetch', server.fetch);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file-1');
  return server;
}

describe('opening an uploaded file', () => {
  it('fetches it with the token and shows it in the tab opened by the click', async () => {
    const server = serveFile();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openStoredFile('/api/files/abc', 'invoice.png');
    expect(server.calls[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect(tab.location.href).toBe('blob:file-1');
  });

  it('downloads it where the browser opens no tab', async () => {
    serveFile();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await openStoredFile('/api/files/abc', 'invoice.png');
    expect(click).toHaveBeenCalledTimes(1);
  });
});
