import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { MovementForm } from './movement-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ITEM = { item_id: 1, item_name: 'Rice 50kg', closing_balance: 8 };

describe('the movement forms', () => {
  it('asks for another warehouse before a transfer, with one warehouse or none (spec 3 §2.4)', async () => {
    signInForTest();
    vi.stubGlobal('fetch', fetchRoutes({}).fetch);
    renderWithProviders(<MovementForm type="warehouse_transfer" warehouses={[]} />);
    expect(await screen.findByText('Please create another warehouse to enable transfers')).toBeTruthy();
    cleanup();
    renderWithProviders(<MovementForm type="warehouse_transfer" warehouses={['Ikeja']} />);
    expect(await screen.findByText('Please create another warehouse to enable transfers')).toBeTruthy();
  });

  it('says which end of a transfer failed to load its items (spec 3 §8)', async () => {
    signInForTest();
    const show = vi.spyOn(notifications, 'show').mockReturnValue('');
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /b2b/inventory/Ikeja': jsonResponse(500, { detail: 'Database unavailable' }),
        'GET /b2b/inventory/Lekki': jsonResponse(200, [ITEM]),
      }).fetch,
    );
    renderWithProviders(<MovementForm type="warehouse_transfer" warehouses={['Ikeja', 'Lekki']} />);
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Failed to load source items from Ikeja' }),
      ),
    );
    cleanup();
    show.mockClear();
    renderWithProviders(<MovementForm type="warehouse_transfer" warehouses={['Lekki', 'Ikeja']} />);
    await vi.waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Failed to load destination items from Ikeja' }),
      ),
    );
  });

  it('labels a write-off’s person "Authorized By" (spec 3 §5)', async () => {
    signInForTest();
    vi.stubGlobal('fetch', fetchRoutes({ 'GET /b2b/inventory/Ikeja': jsonResponse(200, [ITEM]) }).fetch);
    renderWithProviders(<MovementForm type="stockout" warehouses={['Ikeja']} />);
    expect(await screen.findByLabelText(/^Authorized By/)).toBeTruthy();
  });
});
