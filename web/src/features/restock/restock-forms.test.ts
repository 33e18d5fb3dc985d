import { describe, expect, it } from 'vitest';
import {
  addBatchLine,
  batchInitialValues,
  batchPayload,
  batchTotalKobo,
  MESSAGES,
  newItemInitialValues,
  newItemPayload,
  ZBatchFormSchema,
  ZNewItemFormSchema,
  ZPriceFormSchema,
  type TBatchForm,
  type TNewItemForm,
} from './restock-forms';

const TODAY = '2026-11-22';

/** The messages by form path, as the form shows them. */
function errors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

const validNewItem = (overrides: Partial<TNewItemForm> = {}): TNewItemForm => ({
  ...newItemInitialValues(TODAY, 'Main store'),
  item_name: 'Rice 50kg',
  supplier_name: 'Dangote Foods',
  unit_price: 45_000,
  supplied_quantity: 10,
  ...overrides,
});

describe('Add New Item form', () => {
  it('defaults: quantity 1, today, paid in cash, access No', () => {
    const values = newItemInitialValues(TODAY);
    expect(values).toMatchObject({
      supplied_quantity: 1,
      purchase_date: TODAY,
      payment_status: 'paid',
      payment_method: 'cash',
      access_choice: 'No',
      warehouse_mode: 'existing',
    });
  });

  it('names every missing field with the spec messages', () => {
    const result = ZNewItemFormSchema.safeParse(newItemInitialValues(TODAY));
    expect(errors(result)).toMatchObject({
      item_name: 'Item name is required',
      supplier_name: 'Supplier name is required',
      warehouse_name: 'Please select a warehouse or create a new one',
      unit_price: 'Unit price is required',
    });
  });

  it('asks for the new warehouse name when creating one', () => {
    const result = ZNewItemFormSchema.safeParse(validNewItem({ warehouse_mode: 'new', warehouse_name: '' }));
    expect(errors(result)).toEqual({ new_warehouse_name: MESSAGES.warehouseOrNew });
  });

  it('refuses negative quantity and price', () => {
    const result = ZNewItemFormSchema.safeParse(validNewItem({ supplied_quantity: -1, unit_price: -5 }));
    expect(errors(result)).toMatchObject({
      supplied_quantity: 'Quantity cannot be negative',
      unit_price: 'Unit price cannot be negative',
    });
  });

  it('needs a due date for credit and partial, and a partial amount below the total', () => {
    expect(errors(ZNewItemFormSchema.safeParse(validNewItem({ payment_status: 'credit' })))).toEqual({
      due_date: 'Due date is required for credit and partial payments',
    });
    expect(
      errors(
        ZNewItemFormSchema.safeParse(validNewItem({ payment_status: 'partial', due_date: '2026-12-01' })),
      ),
    ).toEqual({ amount_paid: 'Please enter the partial payment amount' });
    expect(
      errors(
        ZNewItemFormSchema.safeParse(
          validNewItem({ payment_status: 'partial', due_date: '2026-12-01', amount_paid: 450_000 }),
        ),
      ),
    ).toEqual({ amount_paid: 'Partial payment amount must be less than total amount' });
  });

  it("runs the domain's request rules after its own (barcode characters)", () => {
    expect(errors(ZNewItemFormSchema.safeParse(validNewItem({ barcode: 'abc def' })))).toEqual({
      barcode: 'Barcode has characters a scanner cannot produce',
    });
  });

  it('sends the warehouse that was chosen, cheque as cheque, and the amount only when partial', () => {
    const existing = newItemPayload(validNewItem({ payment_method: 'cheque', amount_paid: 100 }));
    expect(existing).toMatchObject({
      warehouse_name: 'Main store',
      access_choice: 'No',
      payment_method: 'cheque',
    });
    expect(existing).not.toHaveProperty('new_warehouse_name');
    expect(existing).not.toHaveProperty('amount_paid');
    expect(existing).not.toHaveProperty('due_date');

    const created = newItemPayload(
      validNewItem({
        warehouse_mode: 'new',
        new_warehouse_name: ' Ikeja Depot ',
        access_choice: 'Yes',
        payment_status: 'partial',
        amount_paid: 5_000,
        due_date: '2026-12-01',
      }),
      '/api/files/9',
    );
    expect(created).toMatchObject({
      new_warehouse_name: 'Ikeja Depot',
      access_choice: 'Yes',
      amount_paid: 5_000,
      due_date: '2026-12-01',
      invoice_file_url: '/api/files/9',
    });
    expect(created).not.toHaveProperty('warehouse_name');
    expect(ZNewItemFormSchema.safeParse(validNewItem()).success).toBe(true);
  });
});

describe('Restock Items lines', () => {
  const rice = { item_id: 1, item_name: 'Rice 50kg', price: 45_000 };
  const oil = { item_id: 2, item_name: 'Groundnut oil 5L', price: 9_500.5 };

  it('adds a line prefilled with the item price, and adds to its quantity when picked again', () => {
    let lines = addBatchLine([], rice);
    lines = addBatchLine(lines, oil);
    lines = addBatchLine(lines, rice);
    expect(lines).toEqual([
      { item_id: 1, item_name: 'Rice 50kg', quantity: 2, unit_price: 45_000 },
      { item_id: 2, item_name: 'Groundnut oil 5L', quantity: 1, unit_price: 9_500.5 },
    ]);
    expect(batchTotalKobo(lines)).toBe(2 * 4_500_000 + 950_050);
  });

  it('counts an emptied quantity as nothing when adding again', () => {
    const lines = addBatchLine([{ ...rice, quantity: '', unit_price: 45_000 }], rice);
    expect(lines[0]!.quantity).toBe(1);
  });

  const form = (overrides: Partial<TBatchForm> = {}): TBatchForm => ({
    ...batchInitialValues(TODAY, 'Main store'),
    supplier_name: 'Dangote Foods',
    items: addBatchLine([], rice),
    ...overrides,
  });

  it('needs a supplier, a warehouse and at least one line', () => {
    const result = ZBatchFormSchema.safeParse({ ...batchInitialValues(TODAY), supplier_name: ' ' });
    expect(errors(result)).toEqual({
      supplier_name: 'Supplier name is required',
      warehouse_name: 'Please select a warehouse',
      items: 'Please select at least one item to restock',
    });
  });

  it('needs every quantity above 0', () => {
    const result = ZBatchFormSchema.safeParse(
      form({ items: [{ item_id: 1, item_name: 'Rice 50kg', quantity: 0, unit_price: 45_000 }] }),
    );
    expect(errors(result)).toEqual({ 'items.0.quantity': 'All quantities must be greater than 0' });
  });

  it('checks a partial payment against the whole batch', () => {
    const values = form({
      items: addBatchLine(addBatchLine([], rice), oil),
      payment_status: 'partial',
      amount_paid: 54_500.5,
      due_date: '2026-12-01',
    });
    expect(errors(ZBatchFormSchema.safeParse(values))).toEqual({
      amount_paid: 'Partial payment amount must be less than total amount',
    });
    expect(ZBatchFormSchema.safeParse({ ...values, amount_paid: 54_500 }).success).toBe(true);
  });

  it('sends each line with item id, name, quantity and unit price', () => {
    expect(batchPayload(form({ supplier_phone: ' ' }), undefined)).toEqual({
      supplier_name: 'Dangote Foods',
      supplier_phone: undefined,
      purchase_date: TODAY,
      warehouse_name: 'Main store',
      notes: undefined,
      invoice_file_url: undefined,
      payment_status: 'paid',
      payment_method: 'cash',
      items: [{ item_id: 1, item_name: 'Rice 50kg', quantity: 1, unit_price: 45_000 }],
    });
  });
});

describe('Update Prices and later payments', () => {
  it('needs a warehouse, an item and prices that are not negative', () => {
    expect(errors(ZPriceFormSchema.safeParse({ warehouse_name: '', updates: [] }))).toEqual({
      warehouse_name: 'Please select a warehouse',
      updates: 'Please select at least one item to update',
    });
    const row = { item_id: 1, item_name: 'Rice', current_price: 10, new_price: -1, new_barcode: '' };
    expect(errors(ZPriceFormSchema.safeParse({ warehouse_name: 'Main', updates: [row] }))).toEqual({
      'updates.0.new_price': 'Prices cannot be negative',
    });
  });
});
