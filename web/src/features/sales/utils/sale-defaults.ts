import { storedDraft } from '../../../lib/stored-draft';
import type { TSalePaymentStatus } from './sale-form-options';

/** The name a new sale starts with: most sales are to someone who walks in and pays. */
export const WALK_IN_CUSTOMER = 'Walk-in customer';

export const CREDIT_NAME_REQUIRED = 'A credit or part-paid sale needs the customer’s name';
export const CREDIT_PHONE_REQUIRED = 'A credit or part-paid sale needs the customer’s phone';

export const isWalkIn = (name: string) => name.trim().toLowerCase() === WALK_IN_CUSTOMER.toLowerCase();

/** Credit and part-paid sales leave money owed: the business must know who owes it and how to reach them. */
export const owesMoney = (status: TSalePaymentStatus) => status === 'credit' || status === 'partial';

/** What a sale owing money still lacks of its customer: a real name, a phone. */
export function creditCustomerProblems(state: {
  payment_status: TSalePaymentStatus;
  customer_name: string;
  customer_phone: string;
}): { customer_name?: string; customer_phone?: string } {
  if (!owesMoney(state.payment_status)) return {};
  return {
    ...(isWalkIn(state.customer_name) ? { customer_name: CREDIT_NAME_REQUIRED } : {}),
    ...(state.customer_phone.trim() ? {} : { customer_phone: CREDIT_PHONE_REQUIRED }),
  };
}

/** The warehouse of the user's last sale on this device (per user, in localStorage). */
const LAST_WAREHOUSE = storedDraft<string>('sales.last-warehouse');

export const rememberWarehouse = (name: string) => {
  if (name) LAST_WAREHOUSE.save(name);
};

/** The warehouse a new sale starts in: the last one used if still open to the user, else the only one. */
export function startingWarehouse(warehouses: readonly { warehouse_name: string }[]): string {
  const last = LAST_WAREHOUSE.read();
  if (last && warehouses.some((warehouse) => warehouse.warehouse_name === last)) return last;
  return warehouses.length === 1 ? warehouses[0]!.warehouse_name : '';
}
