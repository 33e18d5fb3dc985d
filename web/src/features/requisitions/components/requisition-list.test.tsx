import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { TRequisition } from '@app/domain/schemas/requisitions';
import { fetchRoutes, pagedResponse } from '../../../test/fetch-routes';
import { renderWithProviders, signInForTest } from '../../../test/render';
import { RequisitionList } from './requisition-list';

const row = (id: number, requestedBy: number | null): TRequisition => ({
  requisition_id: id,
  public_id: `req-${id}`,
  request_ref: `REQ-${id}`,
  submitted_at: '2026-11-27T09:00:00Z',
  employee_id: requestedBy,
  employee_name: requestedBy === 7 ? 'Mama Put Stores' : 'Chidi Okafor',
  requested_by_id: requestedBy,
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
});

// The signed-in user is 7: #1 is theirs, #2 another employee's.
const ROWS = [row(1, 7), row(2, 12)];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function showList() {
  vi.stubGlobal('fetch', fetchRoutes({ 'GET /requisitions': pagedResponse(ROWS, ROWS.length) }).fetch);
  const onEdit = vi.fn();
  renderWithProviders(<RequisitionList onNew={vi.fn()} onEdit={onEdit} />);
  return onEdit;
}

describe('Requisitions list: Edit', { timeout: 20_000 }, () => {
  it('offers an approver Edit only on their own requisitions: they must not set what they approve', async () => {
    signInForTest('employee', ['requisitions.page.access', 'requisitions.approve']);
    const onEdit = showList();
    await screen.findByRole('button', { name: 'Approve requisition 2' });
    expect(screen.queryByRole('button', { name: 'Edit requisition 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit requisition 1' }));
    expect(onEdit).toHaveBeenCalledWith(ROWS[0]);
  });

  it('offers the MD Edit on every pending requisition', async () => {
    signInForTest('md');
    showList();
    expect(await screen.findByRole('button', { name: 'Edit requisition 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit requisition 1' })).toBeTruthy();
  });
});
