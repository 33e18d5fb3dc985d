import { storedDraft } from '../../../lib/stored-draft';

// The walk-in default and the rule that a sale owing money names a real customer live in the domain, so the
// server refuses what this form refuses (issue 17 §4).
export {
  CREDIT_NAME_REQUIRED,
  CREDIT_PHONE_REQUIRED,
  creditCustomerProblems,
  isWalkIn,
  owesMoney,
  WALK_IN_CUSTOMER,
} from '@app/domain/schemas/sales';

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
