import { nairaToKobo, koboToNaira } from '@app/domain/money/money';
import { DEFAULT_VAT_RATE, priceSale, type TDiscountType, type TPricing } from '@app/domain/pricing/pricing';

/** A line of a sale or proforma being edited; '' is an emptied number field. */
export type TSaleLine = {
  item_id: number;
  item_name: string;
  quantity: number | '';
  unit_price: number | '';
  /** The warehouse it was picked from, and its stock then (unknown for a scanned item). */
  warehouse_name?: string;
  in_stock?: number;
};

/** An item as picked or scanned. */
export type TPickedItem = {
  item_id: number;
  item_name: string;
  price: number;
  warehouse_name?: string;
  in_stock?: number;
};

export type TSaleLinesAction =
  | { type: 'add'; item: TPickedItem }
  | { type: 'quantity'; itemId: number; quantity: number | '' }
  | { type: 'price'; itemId: number; unitPrice: number | '' }
  | { type: 'remove'; itemId: number }
  | { type: 'clear' };

/**
 * Spec 2 §4: picking an item already on the list adds 1 to its quantity; a new item goes to the top
 * with quantity 1 and the item's price (which stays editable).
 */
export function saleLinesReducer(lines: TSaleLine[], action: TSaleLinesAction): TSaleLine[] {
  switch (action.type) {
    case 'add': {
      const { item } = action;
      if (lines.some((line) => line.item_id === item.item_id)) {
        return lines.map((line) =>
          line.item_id === item.item_id ? { ...line, quantity: (line.quantity || 0) + 1 } : line,
        );
      }
      const { price, ...picked } = item;
      return [{ ...picked, quantity: 1, unit_price: price }, ...lines];
    }
    case 'quantity':
      return lines.map((line) =>
        line.item_id === action.itemId ? { ...line, quantity: action.quantity } : line,
      );
    case 'price':
      return lines.map((line) =>
        line.item_id === action.itemId ? { ...line, unit_price: action.unitPrice } : line,
      );
    case 'remove':
      return lines.filter((line) => line.item_id !== action.itemId);
    case 'clear':
      return [];
  }
}

export type TPricingState = {
  apply_vat: boolean;
  vat_rate: number | '';
  discount_type: TDiscountType;
  discount_value: number | '';
};

/** Spec 2 §5 Pricing: VAT on at 7.5 %, no discount. */
export const DEFAULT_PRICING: TPricingState = {
  apply_vat: true,
  vat_rate: DEFAULT_VAT_RATE,
  discount_type: 'none',
  discount_value: '',
};

const validNumber = (value: number | '') => (typeof value === 'number' && value > 0 ? value : 0);

/** Line total in naira as shown (quantity × unit price, an empty or invalid field counting 0). */
export function lineTotal(line: TSaleLine): number {
  return koboToNaira(Math.round(validNumber(line.quantity)) * nairaToKobo(validNumber(line.unit_price)));
}

/** The live totals of the form, priced as the server prices them. */
export function priceLines(lines: readonly TSaleLine[], pricing: TPricingState): TPricing {
  const discountValue = validNumber(pricing.discount_value);
  return priceSale({
    lines: lines.map((line) => ({
      quantity: Math.round(validNumber(line.quantity)),
      unitPriceKobo: nairaToKobo(validNumber(line.unit_price)),
    })),
    applyVat: pricing.apply_vat,
    vatRate: validNumber(pricing.vat_rate),
    discountType: pricing.discount_type,
    discountValue: pricing.discount_type === 'fixed' ? nairaToKobo(discountValue) : discountValue,
  });
}

/** The lines as the API takes them; an emptied field is left out so the schema names it. */
export function payloadLines(lines: readonly TSaleLine[], warehouseName: string) {
  return lines.map((line) => ({
    item_id: line.item_id,
    item_name: line.item_name,
    quantity: line.quantity === '' ? undefined : line.quantity,
    unit_price: line.unit_price === '' ? undefined : line.unit_price,
    total_amount: lineTotal(line),
    warehouse_name: warehouseName || null,
  }));
}

export function pricingPayload(pricing: TPricingState) {
  return {
    apply_vat: pricing.apply_vat,
    vat_rate: pricing.vat_rate === '' ? DEFAULT_VAT_RATE : pricing.vat_rate,
    discount_type: pricing.discount_type,
    discount_value:
      pricing.discount_type === 'none' || pricing.discount_value === '' ? 0 : pricing.discount_value,
  };
}

/** "Item 2: Sugar is not in Main store": a line picked from another warehouse than the one now chosen. */
export function missingItemProblems(
  lines: readonly TSaleLine[],
  warehouseName: string,
  label: 'Item' | 'Proforma item',
): string[] {
  if (!warehouseName) return [];
  const chosen = warehouseName.trim().toLowerCase();
  return lines.flatMap((line, index) =>
    line.warehouse_name === undefined || line.warehouse_name.trim().toLowerCase() === chosen
      ? []
      : [`${label} ${index + 1}: ${line.item_name} is not in ${warehouseName}`],
  );
}
