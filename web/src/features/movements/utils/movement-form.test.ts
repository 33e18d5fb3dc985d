import { describe, expect, it } from 'vitest';
import {
  destinationNote,
  movementBody,
  movementFormSchema,
  newMovementValues,
  type TMovementFormValues,
} from './movement-form';

const transfer: TMovementFormValues = {
  ...newMovementValues('Lekki', 'Ikeja'),
  item_id: '12',
  issued_by: 'Bola',
  received_by: 'Tunde',
};
const messages = (type: Parameters<typeof movementFormSchema>[0], values: TMovementFormValues) =>
  movementFormSchema(type)
    .safeParse(values)
    .error?.issues.map((issue) => issue.message) ?? [];

describe('the movement forms', () => {
  it('need every required field (spec 3 §5)', () => {
    expect(messages('warehouse_transfer', { ...transfer, item_id: '' })).toEqual([
      'Please fill all required fields',
    ]);
    expect(messages('warehouse_transfer', { ...transfer, received_by: '' })).toEqual([
      'Please fill all required fields',
    ]);
    expect(messages('warehouse_transfer', { ...transfer, destination_warehouse: 'lekki' })).toEqual([
      'Source and destination warehouses must be different',
    ]);
    expect(messages('warehouse_transfer', transfer)).toEqual([]);
  });

  it('mark every empty field at once', () => {
    const paths = (type: Parameters<typeof movementFormSchema>[0], values: TMovementFormValues) =>
      movementFormSchema(type)
        .safeParse(values)
        .error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths('warehouse_transfer', newMovementValues('Lekki', 'Ikeja'))).toEqual([
      'item_id',
      'issued_by',
      'received_by',
    ]);
    expect(paths('stockout', { ...newMovementValues('Lekki'), notes: 'abc' })).toEqual([
      'item_id',
      'issued_by',
      'notes',
    ]);
  });

  it('need notes of 5 characters for a write-off, and optional ones elsewhere', () => {
    const writeOff = { ...transfer, notes: 'wet' };
    expect(messages('stockout', writeOff)).toEqual([
      'Please fill all required fields (notes must be at least 5 characters)',
    ]);
    expect(messages('stockout', { ...writeOff, notes: 'Wet bag' })).toEqual([]);
    expect(messages('customer_sale', { ...transfer, notes: '' })).toEqual([]);
  });

  it('send only their own fields; a transfer without a new name keeps the source’s', () => {
    expect(movementBody('warehouse_transfer', transfer)).toMatchObject({
      source_warehouse: 'Lekki',
      destination_warehouse: 'Ikeja',
      item_id: 12,
      item_name_to: null,
      quantity: 1,
    });
    expect(movementBody('customer_sale', { ...transfer, customer_name: 'Chidi Stores' })).not.toHaveProperty(
      'destination_warehouse',
    );
  });
});

describe('what a transfer does at the destination', () => {
  const ikeja = [
    { item_name: 'Rice 50kg', closing_balance: 12 },
    { item_name: 'Beans 25kg', closing_balance: 1_200 },
  ];

  it('warns when the units would join an item of another name', () => {
    expect(destinationNote('Rice 50kg', ' beans 25KG ', ikeja, 'Ikeja')).toEqual({
      warn: true,
      text: 'Ikeja already has Beans 25kg (1,200 in stock): these units of Rice 50kg will be added to it.',
    });
  });

  it('says plainly when they join the same item, or make a new one', () => {
    expect(destinationNote('Rice 50kg', '', ikeja, 'Ikeja')).toEqual({
      warn: false,
      text: 'Adds to Rice 50kg in Ikeja (12 in stock).',
    });
    expect(destinationNote('Palm Oil 25L', '', ikeja, 'Ikeja')).toEqual({
      warn: false,
      text: 'Ikeja gets a new item, Palm Oil 25L.',
    });
    expect(destinationNote('Rice 50kg', 'Rice (Ikeja)', ikeja, 'Ikeja')?.text).toBe(
      'Ikeja gets a new item, Rice (Ikeja).',
    );
  });

  it('says nothing before an item is chosen', () => {
    expect(destinationNote(null, '', ikeja, 'Ikeja')).toBeNull();
  });
});
