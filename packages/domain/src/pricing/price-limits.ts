/**
 * Prices staff cannot bend (issue 17 §4): a line below its item's price needs `sales.price_override.access`,
 * any discount needs `sales.discount.access`; an employee holding the key still never goes below the item's
 * minimum price nor gives more than the business's maximum discount. The MD sets those limits and is not
 * held by them. Pure: the server checks every sale, proforma and conversion with it before recording.
 */
import { formatNaira, type TKobo } from '../money/money.ts';
import { hasPermission, isMdRole, type TPermissionSubject } from '../permissions/check.ts';
import { percentOf, priceSale, type TDiscountType } from './pricing.ts';

export const PRICE_OVERRIDE_KEY = 'sales.price_override.access';
export const DISCOUNT_KEY = 'sales.discount.access';

/** The largest maximum discount a business can set, in percent. */
export const MAX_DISCOUNT_PERCENT = 100;

/** An item as the check needs it: its price and its optional floor (kobo). */
export type TPricedItem = {
  item_id: number;
  item_name: string;
  price_kobo: TKobo;
  min_price_kobo: TKobo | null;
};

export type TPricedLine = { itemId: number; quantity: number; unitPriceKobo: TKobo };

export type TLineLabel = 'Item' | 'Proforma item';

/** Why a sale is refused: `forbidden` (a key is missing, 403) or `limit` (a floor or the maximum, 400). */
export type TPriceRefusal = { kind: 'forbidden' | 'limit'; message: string };

/** A line sold below its item's price, as the audit trail keeps it (money in naira). */
export type TLineOverride = {
  line: number;
  item_id: number;
  item_name: string;
  quantity: number;
  item_price: number;
  unit_price: number;
  /** (item price − unit price) × quantity. */
  below_price_total: number;
};

/** What a sale took off its items' prices: the lines below price and the discount. */
export type TPriceOverrides = {
  lines: TLineOverride[];
  below_price_lines: number;
  below_price_kobo: TKobo;
  discount_kobo: TKobo;
};

const naira = (kobo: TKobo) => kobo / 100;

/** The MD is not held by the floors and the maximum (they are the MD's own limits on staff). */
const heldByLimits = (subject: TPermissionSubject) => !isMdRole(subject.role);

/**
 * One line: null when it may be sold at its price, else why not. A price at or above the item's price
 * needs nothing; below it needs the key, and (for an employee) never below the item's minimum price.
 */
export function checkLinePricing(
  line: TPricedLine,
  item: TPricedItem,
  subject: TPermissionSubject,
  where: { label: TLineLabel; index: number },
): TPriceRefusal | null {
  if (line.unitPriceKobo >= item.price_kobo) return null;
  const prefix = `${where.label} ${where.index + 1}`;
  const entered = `${formatNaira(line.unitPriceKobo)} entered`;
  if (!hasPermission(subject, PRICE_OVERRIDE_KEY))
    return {
      kind: 'forbidden',
      message: `${prefix}: You do not have permission to sell ${item.item_name} below its price of ${formatNaira(item.price_kobo)} (${entered})`,
    };
  if (heldByLimits(subject) && item.min_price_kobo !== null && line.unitPriceKobo < item.min_price_kobo)
    return {
      kind: 'limit',
      message: `${prefix}: ${item.item_name} cannot be sold below its minimum price of ${formatNaira(item.min_price_kobo)} (${entered})`,
    };
  return null;
}

/** The discount a sale's pricing gives, in kobo (as priceSale charges it). */
export function discountOf(input: {
  lines: readonly TPricedLine[];
  applyVat: boolean;
  vatRate?: number | null;
  discountType: TDiscountType;
  /** Percent for "percentage", kobo for "fixed". */
  discountValue: number;
}): { discountKobo: TKobo; beforeDiscountKobo: TKobo } {
  const pricing = priceSale(input);
  return { discountKobo: pricing.discountKobo, beforeDiscountKobo: pricing.subtotalKobo + pricing.vatKobo };
}

/**
 * The sale's discount: null when allowed. Any discount needs the key; an employee's may not exceed the
 * business's maximum, a percentage of the total before the discount (subtotal + VAT, where discounts apply).
 */
export function checkDiscount(
  discount: { discountKobo: TKobo; beforeDiscountKobo: TKobo },
  maxDiscountPercent: number | null,
  subject: TPermissionSubject,
): TPriceRefusal | null {
  if (discount.discountKobo <= 0) return null;
  if (!hasPermission(subject, DISCOUNT_KEY))
    return {
      kind: 'forbidden',
      message: `You do not have permission to give discounts (${formatNaira(discount.discountKobo)} entered). Remove the discount or ask the MD.`,
    };
  if (!heldByLimits(subject) || maxDiscountPercent === null) return null;
  const allowedKobo = percentOf(discount.beforeDiscountKobo, maxDiscountPercent);
  if (discount.discountKobo <= allowedKobo) return null;
  return {
    kind: 'limit',
    message: `The discount of ${formatNaira(discount.discountKobo)} is above this business’s maximum discount of ${maxDiscountPercent}% (${formatNaira(allowedKobo)} on this sale)`,
  };
}

export type TSalePricingCheck = {
  /** Every refusal, lines first in their order, then the discount; empty when the sale may be recorded. */
  refusals: TPriceRefusal[];
  /** What the sale takes off its items' prices; null when nothing (no line below price, no discount). */
  overrides: TPriceOverrides | null;
};

/**
 * A whole sale or proforma: each line against its item, then the discount. `items` holds the lines' items
 * (a line whose item is missing is left to the caller's own "not in warehouse" refusal).
 */
export function checkSalePricing(input: {
  lines: readonly TPricedLine[];
  items: ReadonlyMap<number, TPricedItem>;
  label: TLineLabel;
  applyVat: boolean;
  vatRate?: number | null;
  discountType: TDiscountType;
  /** Percent for "percentage", kobo for "fixed". */
  discountValue: number;
  maxDiscountPercent: number | null;
  subject: TPermissionSubject;
}): TSalePricingCheck {
  const refusals: TPriceRefusal[] = [];
  const lines: TLineOverride[] = [];
  let belowPriceKobo = 0;
  input.lines.forEach((line, index) => {
    const item = input.items.get(line.itemId);
    if (!item) return;
    const refusal = checkLinePricing(line, item, input.subject, { label: input.label, index });
    if (refusal) refusals.push(refusal);
    if (line.unitPriceKobo < item.price_kobo) {
      const below = (item.price_kobo - line.unitPriceKobo) * line.quantity;
      belowPriceKobo += below;
      lines.push({
        line: index + 1,
        item_id: item.item_id,
        item_name: item.item_name,
        quantity: line.quantity,
        item_price: naira(item.price_kobo),
        unit_price: naira(line.unitPriceKobo),
        below_price_total: naira(below),
      });
    }
  });
  const discount = discountOf(input);
  const discountRefusal = checkDiscount(discount, input.maxDiscountPercent, input.subject);
  if (discountRefusal) refusals.push(discountRefusal);
  const overrides =
    lines.length > 0 || discount.discountKobo > 0
      ? {
          lines,
          below_price_lines: lines.length,
          below_price_kobo: belowPriceKobo,
          discount_kobo: discount.discountKobo,
        }
      : null;
  return { refusals, overrides };
}
