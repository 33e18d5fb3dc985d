export const CONVERSION_INVOICE_MESSAGE = 'Please upload an invoice file before conversion.';

export type TConversionProblem = {
  kind: 'employee-profile' | 'already-converted' | 'invoice-already-uploaded' | 'invoice-required' | 'other';
  message: string;
};

export const EMPLOYEE_PROFILE_MESSAGE =
  'Your employee record is missing. Create your employee record in Settings > Employees, then convert again.';
export const ALREADY_CONVERTED_MESSAGE =
  'This proforma has already been converted to a sale. Check the Sales List.';
export const INVOICE_ALREADY_UPLOADED_MESSAGE = 'An invoice is already uploaded for this proforma.';

/** Spec 2 §8: a conversion failure is matched on the server's detail text. */
export function conversionProblem(detail: string): TConversionProblem {
  if (detail.includes('Create employee profile') || detail.includes('Employee ID cannot be NULL'))
    return { kind: 'employee-profile', message: EMPLOYEE_PROFILE_MESSAGE };
  if (detail.includes('already been converted'))
    return { kind: 'already-converted', message: ALREADY_CONVERTED_MESSAGE };
  if (detail.includes('Invoice already uploaded'))
    return { kind: 'invoice-already-uploaded', message: INVOICE_ALREADY_UPLOADED_MESSAGE };
  if (detail.includes('Upload invoice'))
    return { kind: 'invoice-required', message: CONVERSION_INVOICE_MESSAGE };
  return { kind: 'other', message: `Conversion failed: ${detail}` };
}
