import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, signInForTest } from '../../../test/render';
import { saleRow } from '../testing/sale-row-fixtures';
import { SalesTable } from './sales-table';

describe('SalesTable', () => {
  it('shows a sale recorded offline with the device number its receipt printed', () => {
    signInForTest();
    renderWithProviders(
      <SalesTable
        rows={[
          saleRow(1, { sale_number: 2, invoice_number: 'OFF-KPJZNF-1' }),
          saleRow(3, { invoice_number: null }),
        ]}
        label="Sales"
        emptyText="No sales"
      />,
    );
    expect(screen.getByLabelText('Invoice OFF-KPJZNF-1').textContent).toBe('OFF-KPJZNF-1');
    expect(screen.getAllByLabelText(/^Invoice /)).toHaveLength(1);
  });
});
