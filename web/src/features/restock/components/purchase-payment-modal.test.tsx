import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { aPurchase } from '../purchase.fixture';
import { DeletePurchaseModal } from './delete-purchase-modal';
import { PurchasePaymentModal } from './purchase-payment-modal';

/** Rice, one of three lines of a batch bought on credit with ₦1,000.00 paid so far. */
const riceOfBatch = aPurchase({
  item_name: 'Rice 50kg',
  total_price_paid: 3_000,
  amount_paid: 810.81,
  outstanding: 2_189.19,
  payment_status: 'partial',
  purchase_total: 3_700,
  purchase_amount_paid: 1_000,
  purchase_outstanding: 2_700,
  purchase_line_count: 3,
});

describe('a line of a restock batch', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is paid as the whole purchase: its total, what is paid and what remains', async () => {
    renderWithProviders(<PurchasePaymentModal purchase={riceOfBatch} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record payment: 3 items from Dangote Foods' });
    expect(within(dialog).getByText('₦3,700.00')).toBeTruthy();
    expect(within(dialog).getByText('₦1,000.00')).toBeTruthy();
    expect(within(dialog).getByText('₦2,700.00')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('2,700');
  });

  it('warns that deleting it deletes the whole batch', async () => {
    renderWithProviders(<DeletePurchaseModal purchase={riceOfBatch} onClose={() => {}} />);
    expect(
      await screen.findByText(
        'This purchase was restocked as a batch of 3 items: all 3 are deleted together.',
      ),
    ).toBeTruthy();
  });

  it('pays a purchase of one item by its own name', async () => {
    renderWithProviders(
      <PurchasePaymentModal
        purchase={aPurchase({ outstanding: 500, purchase_outstanding: 500 })}
        onClose={() => {}}
      />,
    );
    expect(
      await screen.findByRole('dialog', { name: 'Record payment: Rice 50kg from Dangote Foods' }),
    ).toBeTruthy();
  });
});
