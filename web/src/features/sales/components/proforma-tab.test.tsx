import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { ProformaTab } from './proforma-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Proforma tab', () => {
  it('says at once that creating a proforma needs the key, with no form', async () => {
    signInForTest('employee', ['sales.page.access']);
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /sales/warehouses': jsonResponse(200, [
          { warehouse_id: 1, warehouse_name: 'Main store', access_all: true },
        ]),
      }).fetch,
    );
    renderWithProviders(<ProformaTab />);
    expect((await screen.findByRole('status')).textContent).toBe(
      'You do not have permission to record sales or proforma invoices.',
    );
    expect(screen.queryByRole('button', { name: /Create Proforma/ })).toBeNull();
  });
});
