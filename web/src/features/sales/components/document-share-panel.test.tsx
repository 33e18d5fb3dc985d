import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { DocumentSharePanel } from './document-share-panel';

const RECEIPT = {
  type: 'receipt',
  id: 41,
  label: 'the receipt of sale #7',
  customerPhone: '0803 123 4567',
} as const;
const SHARED = {
  share_id: 5,
  document_type: 'receipt',
  document_id: 41,
  url: 'https://shop.example.ng/d/abc',
  whatsapp_url: 'https://wa.me/2348031234567?text=Hello',
  phone: '+2348031234567',
  created_at: '2026-11-26T09:00:00.000Z',
};

beforeEach(() => signInForTest('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The tab the click opens: where the panel sends it, and whether it was closed. */
function stubTab() {
  const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

describe('Share on WhatsApp', () => {
  it('opens a tab in the click and sends it to the wa.me link the server made', async () => {
    const server = fetchRoutes({ 'POST /sales/41/receipt/share': () => jsonResponse(201, SHARED) });
    vi.stubGlobal('fetch', server.fetch);
    const { tab, open } = stubTab();
    renderWithProviders(<DocumentSharePanel document={RECEIPT} onClose={() => undefined} />);
    expect(screen.getByText(/WhatsApp opens a chat with \+2348031234567/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Share on WhatsApp' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(SHARED.whatsapp_url));
    expect(tab.opener).toBeNull();
    expect((screen.getByLabelText('Link sent') as HTMLInputElement).value).toBe(SHARED.url);
  });

  it('closes the tab again when the link cannot be made', async () => {
    const server = fetchRoutes({
      'POST /sales/41/receipt/share': () => jsonResponse(404, { detail: 'Sale not found' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { tab } = stubTab();
    renderWithProviders(<DocumentSharePanel document={RECEIPT} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share on WhatsApp' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
  });

  it('revokes the document’s links only after the confirmation', async () => {
    const show = vi.spyOn(notifications, 'show');
    const server = fetchRoutes({ 'DELETE /sales/proforma/9/share': () => jsonResponse(200, { revoked: 2 }) });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(
      <DocumentSharePanel
        document={{ type: 'proforma', id: 9, label: 'proforma #3', customerPhone: null }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText(/No WhatsApp number on this document/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke link' });
    expect(server.calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Link revoked: it no longer opens' }),
      ),
    );
    expect(server.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'DELETE /api/sales/proforma/9/share',
    ]);
  });
});
