import type { TReceiptEmailState } from '../api/get-receipt-email-status';
import type { TSalesCustomer } from '@app/domain/schemas/sales';

export const RECEIPT_MESSAGES = {
  customersFailure: 'Failed to load customers',
  salesFailure: 'Failed to load sales',
  customerRequired: 'Please select a customer',
  pdfFailure: 'Failed to generate receipt',
  emailFailure: 'Failed to send receipt',
  emailRequired: 'Email address is required',
  emailPrompt: 'Please enter an email address',
} as const;

export const noReceiptSalesText = (customer: string, date: string) =>
  `No sales found for ${customer} on ${date}`;

export const EMAIL_STATE_LABELS: Record<TReceiptEmailState, string> = {
  pending: 'Queued',
  sent: 'Sent',
  failed: 'Failed — will retry',
  held: 'Held back — limit reached',
};

export const EMAIL_STATE_COLORS: Record<TReceiptEmailState, string> = {
  pending: 'blue',
  sent: 'green',
  failed: 'red',
  held: 'orange',
};

/**
 * One choice per customer name (receipts are looked up by name); the phones of customers sharing
 * a name are shown beside it.
 */
export function receiptCustomerOptions(
  customers: readonly TSalesCustomer[],
): { value: string; label: string }[] {
  const phones = new Map<string, Set<string>>();
  for (const customer of customers) {
    const name = customer.name?.trim();
    if (!name) continue;
    const set = phones.get(name) ?? new Set<string>();
    if (customer.phone?.trim()) set.add(customer.phone.trim());
    phones.set(name, set);
  }
  return [...phones.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, set]) => ({ value: name, label: set.size ? `${name} (${[...set].join(', ')})` : name }));
}
