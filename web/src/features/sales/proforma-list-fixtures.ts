import type { TProforma } from '@app/domain/schemas/sales';

/** Test data: a pending proforma of two lines. */
export const proforma = (id: number, overrides: Partial<TProforma> = {}): TProforma => ({
  proforma_id: id,
  proforma_number: id,
  date: '2026-11-20',
  created_at: '2026-11-20T09:00:00Z',
  customer_name: 'Adaeze Okafor',
  customer_phone: '08031234567',
  warehouse_name: 'Main Store',
  items: [
    {
      item_id: 1,
      item_name: 'Rice 50kg',
      quantity: 2,
      unit_price: 60_000,
      total_amount: 120_000,
      warehouse_name: 'Main Store',
    },
    {
      item_id: 2,
      item_name: 'Beans',
      quantity: 1,
      unit_price: 5_000,
      total_amount: 5_000,
      warehouse_name: 'Main Store',
    },
  ],
  subtotal: 125_000,
  vat_rate: 7.5,
  vat_amount: 9_375,
  discount_type: 'none',
  discount_value: 0,
  discount_amount: 0,
  grand_total: 134_375,
  notes: null,
  status: 'pending',
  invoice_url: null,
  sale_id: null,
  sale_number: null,
  converted_at: null,
  ...overrides,
});
