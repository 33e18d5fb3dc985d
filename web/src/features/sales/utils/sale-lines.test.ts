import { describe, expect, it } from 'vitest';
import { INVOICE_COMPULSORY } from '@app/domain/schemas/sales';
import { checkSale, saleBatchBody, saleFormInitial } from './sale-form';
import { CREDIT_NAME_REQUIRED, CREDIT_PHONE_REQUIRED, WALK_IN_CUSTOMER } from './sale-defaults';
import {
  DEFAULT_PRICING,
  lineTotal,
  missingItemProblems,
  priceLines,
  saleLinesReducer,
  type TSaleLine,
} from './sale-lines';

const RICE = { item_id: 11, item_name: 'Rice 50kg', price: 45_000 };
const OIL = { item_id: 12, item_name: 'Groundnut oil 5L', price: 9_500.5 };

describe('saleLinesReducer', () => {
  it('puts a new item on top at quantity 1 and its price; picking it again adds 1 in place', () => {
    let lines: TSaleLine[] = [];
    lines = saleLinesReducer(lines, { type: 'add', item: RICE });
    lines = saleLinesReducer(lines, { type: 'add', item: OIL });
    expect(lines.map((line) => line.item_name)).toEqual(['Groundnut oil 5L', 'Rice 50kg']);
    expect(lines[0]).toEqual({
      item_id: 12,
      item_name: 'Groundnut oil 5L',
      quantity: 1,
      unit_price: 9_500.5,
    });
    lines = saleLinesReducer(lines, { type: 'add', item: RICE });
    expect(lines.map((line) => [line.item_name, line.quantity])).toEqual([
      ['Groundnut oil 5L', 1],
      ['Rice 50kg', 2],
    ]);
  });

  it('edits quantity and price, counts an emptied quantity from 0, removes and clears', () => {
    let lines = saleLinesReducer([], { type: 'add', item: RICE });
    lines = saleLinesReducer(lines, { type: 'price', itemId: 11, unitPrice: 44_000 });
    lines = saleLinesReducer(lines, { type: 'quantity', itemId: 11, quantity: '' });
    expect(lines[0]).toMatchObject({ quantity: '', unit_price: 44_000 });
    lines = saleLinesReducer(lines, { type: 'add', item: RICE });
    expect(lines[0]!.quantity).toBe(1);
    lines = saleLinesReducer(lines, { type: 'add', item: OIL });
    expect(saleLinesReducer(lines, { type: 'remove', itemId: 11 }).map((line) => line.item_id)).toEqual([12]);
    expect(saleLinesReducer(lines, { type: 'clear' })).toEqual([]);
  });
});

describe('pricing of the form', () => {
  const lines: TSaleLine[] = [
    { item_id: 11, item_name: 'Rice 50kg', quantity: 2, unit_price: 45_000 },
    { item_id: 12, item_name: 'Groundnut oil 5L', quantity: 3, unit_price: 9_500.5 },
  ];

  it('totals lines, adds 7.5 % VAT and takes the discount after VAT', () => {
    expect(lineTotal(lines[1]!)).toBe(28_501.5);
    const priced = priceLines(lines, DEFAULT_PRICING);
    expect(priced.subtotalKobo).toBe(11_850_150);
    expect(priced.vatKobo).toBe(888_761);
    expect(priced.grandTotalKobo).toBe(12_738_911);
    const discounted = priceLines(lines, {
      ...DEFAULT_PRICING,
      discount_type: 'percentage',
      discount_value: 10,
    });
    expect(discounted.discountKobo).toBe(1_273_891);
    expect(
      priceLines(lines, {
        ...DEFAULT_PRICING,
        apply_vat: false,
        discount_type: 'fixed',
        discount_value: 500_000,
      }),
    ).toMatchObject({ vatKobo: 0, grandTotalKobo: 0 });
  });

  it('counts an emptied field as 0 and a VAT rate of 0 as 7.5', () => {
    const priced = priceLines([{ ...lines[0]!, quantity: '' }, lines[1]!], {
      ...DEFAULT_PRICING,
      vat_rate: 0,
    });
    expect(priced.subtotalKobo).toBe(2_850_150);
    expect(priced.vatRate).toBe(7.5);
  });
});

describe('checkSale', () => {
  const today = '2026-11-22';
  const line: TSaleLine = { item_id: 11, item_name: 'Rice 50kg', quantity: 1, unit_price: 45_000 };

  it('gives the numbered messages of the shared schema and the compulsory invoice', () => {
    const body = saleBatchBody(
      { ...saleFormInitial(today, ''), customer_name: '' },
      [line, { ...line, item_id: 12, item_name: 'Oil', quantity: '', unit_price: 0 }],
      DEFAULT_PRICING,
      { url: null, override: false },
    );
    const checked = checkSale(body, { hasInvoice: false, canOverride: false, lines: [] });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.messages).toEqual([
      'Customer name is required',
      'Item 2: Quantity must be greater than 0',
      'Item 2: Unit price must be greater than 0',
      'Please select a warehouse first.',
      INVOICE_COMPULSORY,
    ]);
    expect(checked.problems.fields).toMatchObject({
      customer_name: 'Customer name is required',
      items: 'Item 2: Quantity must be greater than 0',
      warehouse_name: 'Please select a warehouse first.',
      invoice: INVOICE_COMPULSORY,
    });
  });

  it('asks for a due date on credit and passes a complete sale with the override', () => {
    const state = {
      ...saleFormInitial(today, 'Main store'),
      customer_name: 'Ada',
      customer_phone: '08031234567',
      payment_status: 'credit' as const,
    };
    const credit = checkSale(saleBatchBody(state, [line], DEFAULT_PRICING, { url: null, override: true }), {
      hasInvoice: false,
      canOverride: true,
      lines: [line],
    });
    expect(!credit.ok && credit.problems.messages).toEqual(['Please choose a due date for a credit sale']);
    const ok = checkSale(
      saleBatchBody({ ...state, due_date: '2026-12-01' }, [line], DEFAULT_PRICING, {
        url: null,
        override: true,
      }),
      { hasInvoice: false, canOverride: true, lines: [line] },
    );
    expect(ok.ok && ok.body).toMatchObject({
      sale_date: today,
      warehouse_name: 'Main store',
      payment_status: 'credit',
      due_date: '2026-12-01',
      amount_customer_paid: null,
      invoice_override: true,
      items: [{ item_id: 11, quantity: 1, unit_price: 45_000, total_amount: 45_000 }],
    });
  });

  it('takes a walk-in only for a sale paid in full, and asks an owing customer’s phone', () => {
    const walkIn = saleFormInitial(today, 'Main store');
    const check = (patch: Partial<typeof walkIn>) =>
      checkSale(
        saleBatchBody({ ...walkIn, ...patch }, [line], DEFAULT_PRICING, { url: null, override: true }),
        {
          hasInvoice: false,
          canOverride: true,
          lines: [line],
        },
      );
    expect(walkIn.customer_name).toBe(WALK_IN_CUSTOMER);
    expect(check({}).ok).toBe(true);
    const partial = check({ payment_status: 'partial', partial_payment_amount: 100 });
    expect(!partial.ok && partial.problems).toEqual({
      messages: [CREDIT_NAME_REQUIRED, CREDIT_PHONE_REQUIRED],
      fields: { customer_name: CREDIT_NAME_REQUIRED, customer_phone: CREDIT_PHONE_REQUIRED },
    });
    const named = check({ payment_status: 'partial', partial_payment_amount: 100, customer_name: 'Ada' });
    expect(!named.ok && named.problems.messages).toEqual([CREDIT_PHONE_REQUIRED]);
  });

  it('names a line picked from another warehouse than the one chosen', () => {
    const picked = { ...line, warehouse_name: 'Annex' };
    expect(missingItemProblems([picked], 'Main store', 'Proforma item')).toEqual([
      'Proforma item 1: Rice 50kg is not in Main store',
    ]);
    expect(missingItemProblems([picked], ' annex ', 'Item')).toEqual([]);
    expect(missingItemProblems([line], 'Main store', 'Item')).toEqual([]);
  });
});
