import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { TMarketplaceProduct } from '@app/domain/schemas/vendors';
import { renderWithProviders } from '../../../test/render';
import { ProductCard } from './product-card';

const ANKARA: TMarketplaceProduct = {
  id: 4,
  product_name: 'Ankara fabric',
  product_description: 'Cotton wax print, 6 yards',
  price: 15_000,
  category: 'Fashion',
  stock_quantity: 40,
  seller_state: 'Lagos',
  within_state_fee: 1_500,
  outside_state_fee: 3_500,
  min_order_quantity: 1,
  max_quantity: 20,
  discount_type: 'None',
  discount_value: 0,
  final_price: 15_000,
  colors: [],
  product_size: [],
  nafdac_number: null,
  product_weight: null,
  product_images: [],
  vendor: {
    name: 'Ade Textiles',
    location: 'Yaba',
    delivery_scope: 'Anywhere in Nigeria',
    phone: null,
    contact_url: null,
  },
};

afterEach(cleanup);

describe('a marketplace product card', () => {
  it('gives both delivery fees for a vendor who delivers anywhere', () => {
    renderWithProviders(<ProductCard product={ANKARA} />);
    expect(screen.getByText('Delivery: ₦1,500.00 within Lagos, ₦3,500.00 outside')).toBeTruthy();
    expect(screen.queryByText('Out of stock')).toBeNull();
  });

  it('gives no outside fee for a vendor who delivers only within its state, and says when none is left', () => {
    renderWithProviders(
      <ProductCard
        product={{
          ...ANKARA,
          stock_quantity: 0,
          vendor: { ...ANKARA.vendor, delivery_scope: 'Within State' },
        }}
      />,
    );
    expect(screen.getByText('Delivery: ₦1,500.00 within Lagos only')).toBeTruthy();
    expect(screen.getByText('Out of stock')).toBeTruthy();
  });
});
