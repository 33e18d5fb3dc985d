import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { TRequisition } from '@app/domain/schemas/requisitions';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { RequisitionForm } from './requisition-form';

const RICE_REQUEST: TRequisition = {
  requisition_id: 5,
  public_id: 'req-5',
  request_ref: 'REQ-5',
  submitted_at: '2026-11-27T09:00:00Z',
  employee_id: null,
  employee_name: null,
  requested_by_id: 7,
  warehouse_name: 'Ikeja Depot',
  item_id: 3,
  item: 'Rice 50kg',
  quantity: 4,
  reason: 'Kitchen',
  remark: null,
  status: 'Pending',
  signature: null,
  decided_at: null,
  decided_by: null,
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Edit Requisition', { timeout: 20_000 }, () => {
  it('drops the item when the warehouse changes: it belongs to the old warehouse', async () => {
    // jsdom draws nothing: the signature pad gets a canvas context that ignores its strokes.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      new Proxy({}, { get: () => vi.fn(), set: () => true }) as unknown as CanvasRenderingContext2D,
    );
    signInForTest();
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /requisitions/warehouses': jsonResponse(200, [
          { warehouse_id: 1, warehouse_name: 'Ikeja Depot' },
          { warehouse_id: 2, warehouse_name: 'Lekki Store' },
        ]),
        'GET /requisitions/employees': jsonResponse(200, []),
        'GET /requisitions/inventory-items': jsonResponse(200, {}),
      }).fetch,
    );
    renderWithProviders(<RequisitionForm editing={RICE_REQUEST} onBack={vi.fn()} />);
    expect(screen.getByRole('listitem', { name: 'Rice 50kg' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Lekki Store' });

    fireEvent.change(screen.getByLabelText(/^Warehouse/), { target: { value: 'Lekki Store' } });
    expect(screen.queryByRole('listitem', { name: 'Rice 50kg' })).toBeNull();
  });
});
