import { describe, expect, it } from 'vitest';
import { PERMISSION_CATALOGUE } from '../permissions/catalogue.ts';
import {
  CREDIT_NAME_REQUIRED,
  CREDIT_PHONE_REQUIRED,
  ZSaleBatchRequestSchema,
  creditCustomerProblems,
  isWalkIn,
} from '../schemas/sales.ts';
import {
  DISCOUNT_KEY,
  PRICE_OVERRIDE_KEY,
  checkDiscount,
  checkLinePricing,
  checkSalePricing,
  type TPricedItem,
} from './price-limits.ts';

const rice: TPricedItem = { item_id: 1, item_name: 'Rice 50kg', price_kobo: 10_000, min_price_kobo: 9_000 };
const beans: TPricedItem = { item_id: 2, item_name: 'Beans', price_kobo: 5_000, min_price_kobo: null };
const employee = (...permissions: string[]) => ({ role: 'employee', permissions, permission_codes: [] });
const md = { role: 'md', permissions: [], permission_codes: [] };
const at = { label: 'Item' as const, index: 1 };

describe('the two keys', () => {
  it('are in the catalogue’s sales group, so the employee permission screen lists them', () => {
    for (const key of [PRICE_OVERRIDE_KEY, DISCOUNT_KEY]) {
      const entry = PERMISSION_CATALOGUE.find((p) => p.resource_key === key);
      expect(entry?.category).toBe('sales');
      expect(entry?.recommended_roles).toEqual([]);
    }
  });

  it('are not granted by the Sales page or create keys', () => {
    const seller = employee('sales.page.access', 'sales.create.access', 'sales.access');
    expect(checkLinePricing({ itemId: 1, quantity: 1, unitPriceKobo: 1 }, rice, seller, at)?.kind).toBe(
      'forbidden',
    );
  });
});

describe('checkLinePricing', () => {
  it('lets anyone sell at or above the item’s price', () => {
    expect(checkLinePricing({ itemId: 1, quantity: 1, unitPriceKobo: 10_000 }, rice, employee(), at)).toBe(
      null,
    );
    expect(checkLinePricing({ itemId: 1, quantity: 1, unitPriceKobo: 12_000 }, rice, employee(), at)).toBe(
      null,
    );
  });

  it('refuses a price below the item’s price without the key, saying the price in naira', () => {
    expect(checkLinePricing({ itemId: 1, quantity: 1, unitPriceKobo: 1 }, rice, employee(), at)).toEqual({
      kind: 'forbidden',
      message:
        'Item 2: You do not have permission to sell Rice 50kg below its price of ₦100.00 (₦0.01 entered)',
    });
  });

  it('with the key allows down to the floor, and never below it', () => {
    const may = employee(PRICE_OVERRIDE_KEY);
    expect(checkLinePricing({ itemId: 1, quantity: 1, unitPriceKobo: 9_000 }, rice, may, at)).toBe(null);
    expect(checkLinePricing({ itemId: 1, quantity: 1, unitPriceKobo: 8_999 }, rice, may, at)).toEqual({
      kind: 'limit',
      message: 'Item 2: Rice 50kg cannot be sold below its minimum price of ₦90.00 (₦89.99 entered)',
    });
    expect(checkLinePricing({ itemId: 2, quantity: 1, unitPriceKobo: 1 }, beans, may, at)).toBe(null);
  });

  it('holds the MD to no floor', () => {
    expect(checkLinePricing({ itemId: 1, quantity: 1, unitPriceKobo: 1 }, rice, md, at)).toBe(null);
  });
});

describe('checkDiscount', () => {
  const tenPercent = { discountKobo: 1_000, beforeDiscountKobo: 10_000 };
  it('needs the key for any discount, and none for no discount', () => {
    expect(checkDiscount({ discountKobo: 0, beforeDiscountKobo: 10_000 }, null, employee())).toBe(null);
    expect(checkDiscount(tenPercent, null, employee())?.message).toBe(
      'You do not have permission to give discounts (₦10.00 entered). Remove the discount or ask the MD.',
    );
  });

  it('holds an employee with the key to the business’s maximum, of the total before the discount', () => {
    const may = employee(DISCOUNT_KEY);
    expect(checkDiscount(tenPercent, null, may)).toBe(null);
    expect(checkDiscount(tenPercent, 10, may)).toBe(null);
    expect(checkDiscount({ ...tenPercent, discountKobo: 1_001 }, 10, may)).toEqual({
      kind: 'limit',
      message:
        'The discount of ₦10.01 is above this business’s maximum discount of 10% (₦10.00 on this sale)',
    });
    expect(checkDiscount(tenPercent, 0, may)?.kind).toBe('limit');
    expect(checkDiscount({ ...tenPercent, discountKobo: 10_000 }, 10, md)).toBe(null);
  });
});

describe('checkSalePricing', () => {
  const items = new Map([
    [1, rice],
    [2, beans],
  ]);
  const sale = {
    items,
    label: 'Item' as const,
    applyVat: true,
    vatRate: 7.5,
    discountType: 'none' as const,
    discountValue: 0,
    maxDiscountPercent: 10,
  };

  it('records nothing for a sale at the items’ prices', () => {
    expect(
      checkSalePricing({
        ...sale,
        lines: [{ itemId: 1, quantity: 2, unitPriceKobo: 10_000 }],
        subject: employee(),
      }),
    ).toEqual({ refusals: [], overrides: null });
  });

  it('lists every refusal in line order, then the discount, and what was taken off', () => {
    const check = checkSalePricing({
      ...sale,
      lines: [
        { itemId: 2, quantity: 1, unitPriceKobo: 5_000 },
        { itemId: 1, quantity: 3, unitPriceKobo: 9_500 },
      ],
      discountType: 'percentage',
      discountValue: 100,
      subject: employee(),
    });
    expect(check.refusals.map((refusal) => refusal.message)).toEqual([
      'Item 2: You do not have permission to sell Rice 50kg below its price of ₦100.00 (₦95.00 entered)',
      'You do not have permission to give discounts (₦360.13 entered). Remove the discount or ask the MD.',
    ]);
    expect(check.overrides).toEqual({
      lines: [
        {
          line: 2,
          item_id: 1,
          item_name: 'Rice 50kg',
          quantity: 3,
          item_price: 100,
          unit_price: 95,
          below_price_total: 15,
        },
      ],
      below_price_lines: 1,
      below_price_kobo: 1_500,
      discount_kobo: 36_013,
    });
  });

  it('applies a fixed discount’s maximum to the total after VAT', () => {
    const check = (discountKobo: number) =>
      checkSalePricing({
        ...sale,
        lines: [{ itemId: 1, quantity: 1, unitPriceKobo: 10_000 }],
        discountType: 'fixed',
        discountValue: discountKobo,
        subject: employee(DISCOUNT_KEY),
      }).refusals;
    // ₦100 + 7.5 % VAT = ₦107.50; 10 % of it is ₦10.75.
    expect(check(1_075)).toEqual([]);
    expect(check(1_076)[0]?.kind).toBe('limit');
  });
});

describe('a sale owing money names its customer', () => {
  it('takes a walk-in only when paid in full', () => {
    expect(isWalkIn(' walk-in CUSTOMER ')).toBe(true);
    expect(isWalkIn('Walk in')).toBe(true);
    expect(isWalkIn('Walker Ind.')).toBe(false);
    const walkIn = { customer_name: 'Walk-in customer', customer_phone: null };
    expect(creditCustomerProblems({ ...walkIn, payment_status: 'paid' })).toEqual({});
    expect(creditCustomerProblems({ ...walkIn, payment_status: 'credit' })).toEqual({
      customer_name: CREDIT_NAME_REQUIRED,
      customer_phone: CREDIT_PHONE_REQUIRED,
    });
  });

  it('is part of the sale’s schema for the name only: the server keeps the spec’s optional phone', () => {
    const body = {
      sale_date: '2026-11-20',
      warehouse_name: 'Main',
      customer_name: 'Walk-in customer',
      items: [{ item_id: 1, quantity: 1, unit_price: 100 }],
      payment_status: 'credit',
      payment_method: 'none',
      due_date: '2026-12-01',
    };
    const refused = ZSaleBatchRequestSchema.safeParse(body);
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['customer_name', CREDIT_NAME_REQUIRED],
    ]);
    expect(ZSaleBatchRequestSchema.safeParse({ ...body, customer_name: 'Ada' }).success).toBe(true);
    expect(ZSaleBatchRequestSchema.safeParse({ ...body, payment_status: 'paid' }).success).toBe(true);
  });
});
