import { describe, expect, it } from 'vitest';
import { requisitionBody, requisitionFormSchema, type TRequisitionFormValues } from './requisition-form';

const line = (item: string, quantity: number | '') => ({
  key: item,
  item,
  price: 1500,
  in_stock: 10,
  quantity,
});
const filled: TRequisitionFormValues = {
  warehouse_name: 'Main Store',
  employee_id: '7',
  reason: 'Weekend catering',
  lines: [line('Rice 50kg', 3)],
};
const firstMessage = (values: TRequisitionFormValues) =>
  requisitionFormSchema.safeParse(values).error?.issues[0]?.message;

describe('the requisition form', () => {
  it('refuses in the spec’s words (spec 3 §5)', () => {
    expect(firstMessage({ ...filled, warehouse_name: '' })).toBe('Please select a warehouse');
    expect(firstMessage({ ...filled, reason: '  ' })).toBe('Please provide a reason for the requisition');
    expect(firstMessage({ ...filled, lines: [] })).toBe(
      'Please ensure all items have valid names and quantities',
    );
    expect(firstMessage({ ...filled, lines: [line('Rice 50kg', '')] })).toBe(
      'Please ensure all items have valid names and quantities',
    );
    expect(firstMessage({ ...filled, lines: [line('Rice 50kg', 0)] })).toBe(
      'Please ensure all items have valid names and quantities',
    );
    expect(requisitionFormSchema.safeParse(filled).success).toBe(true);
  });

  it('sends one item per row, the employee by id and the drawn signature', () => {
    expect(
      requisitionBody({ ...filled, lines: [line('Rice 50kg', 3), line('Palm Oil 25L', 2)] }, 'data:png'),
    ).toEqual({
      warehouse_name: 'Main Store',
      reason: 'Weekend catering',
      employee_id: 7,
      signature_base64: 'data:png',
      items: [
        { item: 'Rice 50kg', quantity: 3 },
        { item: 'Palm Oil 25L', quantity: 2 },
      ],
    });
  });
});
