import { describe, expect, it } from 'vitest';
import { ALREADY_CONVERTED, UPLOAD_INVOICE_FIRST } from '@app/domain/schemas/sales';
import {
  ALREADY_CONVERTED_MESSAGE,
  conversionProblem,
  EMPLOYEE_PROFILE_MESSAGE,
  INVOICE_ALREADY_UPLOADED_MESSAGE,
} from './convert-proforma-errors';

describe('conversionProblem (spec 2 §8)', () => {
  it('sends a user without an employee record to Settings > Employees', () => {
    for (const detail of ['Create employee profile first', 'null value: Employee ID cannot be NULL']) {
      expect(conversionProblem(detail)).toEqual({
        kind: 'employee-profile',
        message: EMPLOYEE_PROFILE_MESSAGE,
      });
    }
    expect(EMPLOYEE_PROFILE_MESSAGE).toContain('Settings > Employees');
  });

  it('points a converted proforma to the Sales List', () => {
    expect(conversionProblem(ALREADY_CONVERTED)).toEqual({
      kind: 'already-converted',
      message: ALREADY_CONVERTED_MESSAGE,
    });
    expect(ALREADY_CONVERTED_MESSAGE).toContain('Sales List');
  });

  it('tells apart an invoice already uploaded from a missing one', () => {
    expect(conversionProblem('Invoice already uploaded')).toEqual({
      kind: 'invoice-already-uploaded',
      message: INVOICE_ALREADY_UPLOADED_MESSAGE,
    });
    expect(conversionProblem(UPLOAD_INVOICE_FIRST)).toEqual({
      kind: 'invoice-required',
      message: 'Please upload an invoice file before conversion.',
    });
  });

  it('shows any other detail after "Conversion failed: "', () => {
    expect(conversionProblem('Insufficient stock for Rice 50kg: 3 left')).toEqual({
      kind: 'other',
      message: 'Conversion failed: Insufficient stock for Rice 50kg: 3 left',
    });
  });
});
