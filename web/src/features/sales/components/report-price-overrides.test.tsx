import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { ReportPriceOverrides } from './report-price-overrides';

afterEach(cleanup);

describe('Report: below price and discounts', () => {
  it('sums what the period’s sales took off their prices, and says who', () => {
    renderWithProviders(
      <ReportPriceOverrides
        overrides={{
          sales_count: 3,
          below_price_lines: 1,
          below_price_total: 400,
          discounted_sales: 2,
          discount_total: 1_250.5,
          by_employee: [
            { employee_name: 'Bola', sales_count: 2, below_price_total: 400, discount_total: 1_000 },
            { employee_name: 'Mama Put Stores', sales_count: 1, below_price_total: 0, discount_total: 250.5 },
          ],
        }}
      />,
    );
    expect(
      screen.getByText(
        '1 line sold below the item’s price (₦400.00 off) and 2 discounts (₦1,250.50), on 3 sales.',
      ),
    ).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Price overrides by employee' }))
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Bola2 sales: ₦400.00 below price, ₦1,000.00 discounts',
      'Mama Put Stores1 sale: ₦0.00 below price, ₦250.50 discounts',
    ]);
  });

  it('says when every sale was at the items’ prices', () => {
    renderWithProviders(
      <ReportPriceOverrides
        overrides={{
          sales_count: 0,
          below_price_lines: 0,
          below_price_total: 0,
          discounted_sales: 0,
          discount_total: 0,
          by_employee: [],
        }}
      />,
    );
    expect(
      screen.getByText('Every sale in this period was at the items’ prices, without a discount.'),
    ).toBeTruthy();
  });
});
