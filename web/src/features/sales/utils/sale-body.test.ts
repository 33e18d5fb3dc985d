import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_RATE } from '@app/domain/pricing/pricing';
import { ZSaleBatchRequestSchema } from '@app/domain/schemas/sales';
import { saleTotal } from '../api/create-sale';
import { checkSale, compactSaleBody, saleBatchBody, saleFormInitial } from './sale-form';
import { DEFAULT_PRICING, type TSaleLine } from './sale-lines';

const LINES: TSaleLine[] = [
  {
    item_id: 11,
    item_name: 'Indomie Chicken 70g',
    quantity: 1,
    unit_price: 650,
    warehouse_name: 'Ikeja Main',
  },
  { item_id: 12, item_name: 'Peak Milk 400g', quantity: 2, unit_price: 1_050, warehouse_name: 'Ikeja Main' },
  {
    item_id: 13,
    item_name: 'Golden Penny Semovita 1kg',
    quantity: 3,
    unit_price: 1_450,
    warehouse_name: 'Ikeja Main',
  },
];

function checked(patch: Partial<ReturnType<typeof saleFormInitial>> = {}, pricing = DEFAULT_PRICING) {
  const state = { ...saleFormInitial('2026-11-26', 'Ikeja Main'), ...patch };
  const result = checkSale(saleBatchBody(state, LINES, pricing, { url: null, override: true }), {
    hasInvoice: false,
    canOverride: true,
    lines: LINES,
  });
  if (!result.ok) throw new Error(result.problems.messages.join('; '));
  return { ...result.body, invoice_file_url: null };
}

/** What the server makes of a body (its own schema; null and absent alike), lines without what it ignores. */
function asServerReads(body: unknown) {
  const parsed = ZSaleBatchRequestSchema.parse(body);
  // The service reads `discount_value ?? 0`, and pricing takes a missing rate as the default one.
  parsed.discount_value ??= 0;
  parsed.vat_rate ??= DEFAULT_VAT_RATE;
  return {
    ...Object.fromEntries(
      Object.entries(parsed).filter(([, value]) => value !== null && value !== undefined),
    ),
    items: parsed.items.map(({ item_id, item_name, quantity, unit_price }) => ({
      item_id,
      item_name,
      quantity,
      unit_price,
    })),
  };
}

describe('compactSaleBody', () => {
  it('leaves out what the server takes as absent: a walk-in cash sale of 3 items', () => {
    const full = checked();
    const compact = compactSaleBody(full);
    expect(Object.keys(compact).sort()).toEqual(
      [
        'apply_vat',
        'customer_name',
        'invoice_override',
        'items',
        'payment_method',
        'payment_status',
        'public_id',
        'sale_date',
        'warehouse_name',
      ].sort(),
    );
    expect(compact.items[0]).toEqual({
      item_id: 11,
      item_name: 'Indomie Chicken 70g',
      quantity: 1,
      unit_price: 650,
    });
    expect(asServerReads(compact)).toEqual(asServerReads(full));
    expect(saleTotal(compact)).toBe(saleTotal(full));
    const saved = JSON.stringify(full).length - JSON.stringify(compact).length;
    expect(saved).toBeGreaterThan(250);
  });

  it('keeps what a sale with VAT, a discount, a partial payment and a note needs', () => {
    const full = checked(
      {
        customer_name: 'Ada Obi',
        customer_phone: '08031234567',
        payment_status: 'partial',
        partial_payment_amount: 2_000,
        due_date: '2026-12-01',
        notes: 'Deliver Friday',
      },
      { ...DEFAULT_PRICING, apply_vat: true, vat_rate: 5, discount_type: 'percentage', discount_value: 10 },
    );
    const compact = compactSaleBody(full);
    expect(compact).toMatchObject({
      apply_vat: true,
      vat_rate: 5,
      discount_type: 'percentage',
      discount_value: 10,
      partial_payment_amount: 2_000,
      notes: 'Deliver Friday',
      customer_phone: '08031234567',
    });
    expect(asServerReads(compact)).toEqual(asServerReads(full));
    expect(saleTotal(compact)).toBe(saleTotal(full));
  });
});
