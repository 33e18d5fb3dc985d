import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZRegisterRequestSchema } from './auth.ts';
import { ZCustomerRequestSchema } from './customers.ts';
import { ZExpenseRequestSchema } from './expenses.ts';
import { fieldLabel } from './messages.ts';
import { ZSaleBatchRequestSchema } from './sales.ts';
import { ZRequisitionBatchRequestSchema } from './requisitions.ts';
import { ZNewItemRequestSchema, ZPriceBulkUpdateRequestSchema, ZRestockBatchRequestSchema } from './stock.ts';
import { ZDeletionReasonSchema, ZRejectionReasonSchema } from './vendor-admin.ts';
import { ZVendorProductRequestSchema, ZVendorRegistrationRequestSchema } from './vendors.ts';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('validation messages', () => {
  it('name the field in words: VAT rate, Item 2: Quantity', () => {
    expect(fieldLabel(['vat_rate'])).toBe('VAT rate');
    expect(fieldLabel(['items', 1, 'unit_price'])).toBe('Item 2: Unit price');
    expect(fieldLabel(['warehouse_id'])).toBe('Warehouse ID');
  });

  it('read as a person would, not as zod does', () => {
    const schema = z.object({
      vat_rate: z.number().min(0),
      limit: z.number().int().positive().max(500),
      name: z.string(),
      kind: z.enum(['cash', 'card']),
    });
    expect(messages(schema, { vat_rate: -1, limit: 900, kind: 'gold' })).toEqual([
      'VAT rate must be 0 or more',
      'Limit must be at most 500',
      'Name is required',
      'Kind must be one of: cash, card',
    ]);
    expect(messages(schema, { vat_rate: 'x', limit: 1.5, name: 3, kind: 'cash' })).toEqual([
      'VAT rate must be a number',
      'Limit must be a whole number',
      'Name must be text',
    ]);
    expect(messages(schema, { vat_rate: 0, limit: 0, name: 'a', kind: 'cash' })).toEqual([
      'Limit must be more than 0',
    ]);
  });

  it('keep a schema’s own message where it has one', () => {
    expect(messages(ZCustomerRequestSchema, { name: 'Ada', phone: 'call me' })).toEqual([
      'Phone may hold digits, spaces, +, - and brackets only',
    ]);
    expect(messages(ZCustomerRequestSchema, { name: 'Ada', phone: '0802' })).toEqual([
      'Phone number is too short (at least 5 digits)',
    ]);
    expect(messages(ZCustomerRequestSchema, { name: ' ', phone: '' })).toEqual([
      'Name and phone are required',
      'Name and phone are required',
    ]);
    expect(ZCustomerRequestSchema.parse({ name: 'Ada', phone: '+234 (803) 123-4567' }).phone).toBe(
      '+234 (803) 123-4567',
    );
  });

  it('refuse Restock, Requisition and Vendor Admin calls in their screens’ words (spec 3 §5)', () => {
    const restock = {
      supplier_name: 'Dangote',
      purchase_date: '2026-11-27',
      warehouse_name: 'Main',
      items: [{ item_id: 1, quantity: 2, unit_price: 100 }],
    };
    expect(messages(ZRestockBatchRequestSchema, { ...restock, warehouse_name: ' ' })).toEqual([
      'Please select a warehouse',
    ]);
    expect(
      messages(ZRestockBatchRequestSchema, {
        ...restock,
        items: [{ item_id: 1, quantity: 0, unit_price: 100 }],
      }),
    ).toEqual(['All quantities must be greater than 0']);
    const newItem = {
      item_name: 'Rice',
      supplied_quantity: 5,
      unit_price: 100,
      supplier_name: 'Dangote',
      purchase_date: '2026-11-27',
      warehouse_name: 'Main',
    };
    expect(messages(ZNewItemRequestSchema, { ...newItem, supplied_quantity: -1, unit_price: -1 })).toEqual([
      'Quantity cannot be negative',
      'Unit price cannot be negative',
    ]);
    expect(messages(ZPriceBulkUpdateRequestSchema, { warehouse_name: '', updates: [] })).toEqual([
      'Please select a warehouse',
      'Please select at least one item to update',
    ]);
    expect(
      messages(ZPriceBulkUpdateRequestSchema, {
        warehouse_name: 'Main',
        updates: [{ item_id: 1, new_price: -1 }],
      }),
    ).toEqual(['Prices cannot be negative']);
    expect(
      messages(ZRequisitionBatchRequestSchema, {
        warehouse_name: 'Main',
        reason: 'Shelf empty',
        items: [{ item: 'Rice', quantity: 0 }],
      }),
    ).toEqual(['Please ensure all items have valid names and quantities']);
    expect(messages(ZRejectionReasonSchema, { reason: ' ' })).toEqual(['Please provide a rejection reason']);
    expect(messages(ZDeletionReasonSchema, { reason: '' })).toEqual(['Please provide a reason for deletion']);
  });

  it('tell a vendor choice left out from one not in the list', () => {
    const product = (fields: Record<string, unknown>) =>
      messages(ZVendorProductRequestSchema, fields).filter((message) =>
        /category|seller state/i.test(message),
      );
    expect(product({})).toEqual(['Category is required', 'Seller state is required']);
    expect(product({ category: 'Weapons', seller_state: 'Texas' })).toEqual([
      'Choose a category from the list',
      'Choose a seller state from the list',
    ]);
  });

  it('say an empty vendor phone is required, not that it is not Nigerian', () => {
    const phone = (vendor_phone: string) =>
      messages(ZVendorRegistrationRequestSchema, { vendor_phone }).filter((message) =>
        /phone/i.test(message),
      );
    expect(phone('  ')).toEqual(['Phone is required']);
    expect(phone('12')).toEqual(['Enter a valid Nigerian phone number']);
  });

  it('give one message a wrong amount or quantity, the one that says what is wrong', () => {
    const line = (quantity: number) =>
      messages(ZRequisitionBatchRequestSchema, {
        warehouse_name: 'Main',
        reason: 'Kitchen restock',
        items: [{ item: 'Rice', quantity }],
      });
    expect(line(1e20)).toEqual(['Quantity is too large']);
    expect(line(1.5)).toEqual(['Quantity must be a whole number']);
    const total = (total_amount: number) =>
      messages(ZExpenseRequestSchema, {
        vendor_name: 'IKEDC',
        total_amount,
        expense_date: '2026-11-20',
        payment_status: 'paid',
        payment_method: 'cash',
      });
    expect(total(-5)).toEqual(['Amount cannot be negative']);
    expect(total(1e15)).toEqual(['Amount is too large']);
    expect(total(0)).toEqual(['Please enter a valid total amount']);
  });

  it('refuse a due date before the sale, purchase or expense it is owed on', () => {
    const sale = {
      sale_date: '2026-11-20',
      warehouse_name: 'Main',
      customer_name: 'Ada',
      items: [{ item_id: 1, quantity: 1, unit_price: 100 }],
      payment_method: 'cash',
      payment_status: 'credit',
    };
    expect(messages(ZSaleBatchRequestSchema, { ...sale, due_date: '2026-11-19' })).toEqual([
      'The due date cannot be before the sale date',
    ]);
    expect(messages(ZSaleBatchRequestSchema, { ...sale, due_date: '2026-11-20' })).toEqual([]);
    const purchase = {
      supplier_name: 'Dangote',
      purchase_date: '2026-11-20',
      warehouse_name: 'Main',
      items: [{ item_id: 1, quantity: 2, unit_price: 100 }],
      payment_status: 'credit',
      payment_method: 'transfer',
    };
    expect(messages(ZRestockBatchRequestSchema, { ...purchase, due_date: '2026-01-01' })).toEqual([
      'The due date cannot be before the purchase date',
    ]);
    const expense = {
      vendor_name: 'IKEDC',
      total_amount: 100,
      expense_date: '2026-11-20',
      payment_status: 'credit',
      payment_method: 'cash',
    };
    expect(messages(ZExpenseRequestSchema, { ...expense, due_date: '2020-01-01' })).toEqual([
      'The due date cannot be before the expense date',
    ]);
  });

  it('refuse a password of spaces only', () => {
    const account = { username: 'Mama Put', email: 'md@example.com', accepted_terms: true };
    expect(messages(ZRegisterRequestSchema, { ...account, password: ' '.repeat(8) })).toEqual([
      'Password cannot be only spaces',
    ]);
    expect(messages(ZRegisterRequestSchema, { ...account, password: ' pass word ' })).toEqual([]);
  });

  it('ask for a password left empty, and for 8 characters when it is short', () => {
    const account = { username: 'Mama Put', email: 'md@example.com', accepted_terms: true };
    expect(messages(ZRegisterRequestSchema, { ...account, password: '' })).toEqual(['Password is required']);
    expect(messages(ZRegisterRequestSchema, { ...account, password: 'abc' })).toEqual([
      'Password must be at least 8 characters',
    ]);
  });

  it('take a phone sent as a number as its digits', () => {
    expect(ZCustomerRequestSchema.parse({ name: 'Ada', phone: 8031234567 }).phone).toBe('8031234567');
  });

  it('refuse a sale or restock whose totals would not fit', () => {
    const sale = {
      sale_date: '2026-11-20',
      warehouse_name: 'Main',
      customer_name: 'Ada',
      items: [{ item_id: 1, quantity: 100_000_000, unit_price: 20_000 }],
      payment_method: 'cash',
      payment_status: 'paid',
    };
    expect(messages(ZSaleBatchRequestSchema, sale)).toEqual([
      'Item 1: Quantity × unit price is too large (at most ₦1,000,000,000,000.00)',
    ]);
    const hugePrice = { ...sale, items: [{ item_id: 1, quantity: 1, unit_price: 1e13 }] };
    expect(messages(ZSaleBatchRequestSchema, hugePrice)).toEqual(['Item 1: Unit price is too large']);
    const cents = { ...sale, items: [{ item_id: 1, quantity: 1, unit_price: 10.001 }] };
    expect(messages(ZSaleBatchRequestSchema, cents)).toEqual([
      'Item 1: Unit price can have at most two decimals',
    ]);
    const item = { item_id: 1, quantity: 1, unit_price: 10 };
    const fixedOff = (discount_value: number) => ({
      ...sale,
      items: [item],
      discount_type: 'fixed',
      discount_value,
    });
    expect(messages(ZSaleBatchRequestSchema, fixedOff(0.001))).toEqual([
      'A fixed discount can have at most two decimals',
    ]);
    expect(messages(ZSaleBatchRequestSchema, fixedOff(0.3))).toEqual([]);
    const percentOff = { ...fixedOff(12.345), discount_type: 'percentage' };
    expect(messages(ZSaleBatchRequestSchema, percentOff)).toEqual([]);
    const twoLines = {
      ...sale,
      items: [1, 2].map((id) => ({ item_id: id, quantity: 10_000, unit_price: 60_000_000 })),
    };
    expect(messages(ZSaleBatchRequestSchema, twoLines)).toEqual([
      'The items add up to more than ₦1,000,000,000,000.00',
    ]);
    const restock = {
      supplier_name: 'Chi',
      purchase_date: '2026-11-20',
      warehouse_name: 'Main',
      payment_status: 'paid',
      payment_method: 'cash',
      items: [{ item_id: 1, quantity: 100_000_000, unit_price: 20_000 }],
    };
    expect(messages(ZRestockBatchRequestSchema, restock)).toContain(
      'Quantity × unit price is too large (at most ₦1,000,000,000,000.00)',
    );
  });
});
