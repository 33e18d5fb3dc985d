/**
 * Prices staff cannot bend (issue 17 §4): every sale, proforma and conversion is checked with the domain's
 * `checkSalePricing` before it is recorded, against its items' prices and floors and the business's maximum
 * discount. A proforma reads them in one small query; a sale reads them in its opening statement (OPEN_SALE),
 * after its Idempotency-Key is claimed, so a resend answered from its key is never refused by a price changed
 * since. A sale that sold below price or gave a discount leaves one `sale_price_overrides` row (the report's
 * figures) and names its lines in its audit entry. */
import { nairaToKobo } from '@app/domain/money/money';
import {
  checkSalePricing,
  type TLineLabel,
  type TPriceOverrides,
  type TPricedItem,
} from '@app/domain/pricing/price-limits';
import type { TDiscountType } from '@app/domain/pricing/pricing';
import { eq, sql } from 'drizzle-orm';
import type { TActor } from '../../platform/auth/access.ts';
import { rowsOf, type Executor } from '../../platform/db/client.ts';
import { items, salePriceOverrides, salesSettings } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

export type { TPriceOverrides } from '@app/domain/pricing/price-limits';

/** The business's maximum discount in percent (null: none set). */
export async function maxDiscountOf(db: Executor, tenantId: number): Promise<number | null> {
  const [row] = await db
    .select({ max: salesSettings.maxDiscountPercent })
    .from(salesSettings)
    .where(eq(salesSettings.tenantId, tenantId));
  return row?.max ?? null;
}

/** The items' prices and floors (live items of the business) and the business's maximum discount, in one read. */
async function limitsOf(db: Executor, tenantId: number, itemIds: readonly number[]) {
  const [row] = await rowsOf<{ max_discount: string | null; items: TPricedItem[] }>(
    db,
    sql`select (select ${salesSettings.maxDiscountPercent} from ${salesSettings}
        where ${salesSettings.tenantId} = ${tenantId}) as max_discount,
      coalesce((select json_agg(json_build_object('item_id', ${items.id}, 'item_name', ${items.name},
        'price_kobo', ${items.priceKobo}, 'min_price_kobo', ${items.minPriceKobo}))
        from ${items} where ${items.tenantId} = ${tenantId} and ${items.deletedAt} is null
          and ${items.id} = any(${`{${[...new Set(itemIds)].join(',')}}`}::int[])), '[]'::json) as items`,
  );
  return {
    maxDiscountPercent: row?.max_discount === null || row === undefined ? null : Number(row.max_discount),
    items: new Map((row?.items ?? []).map((item) => [item.item_id, item])),
  };
}

export type TPricedDocument = {
  lines: readonly { itemId: number; quantity: number; unitPriceKobo: number }[];
  label: TLineLabel;
  applyVat: boolean;
  vatRate: number | null | undefined;
  discountType: TDiscountType;
  /** Percent for "percentage", naira for "fixed" (as the request gives it). */
  discountValue: number;
};

/** A refused sale's detail: 403 when a key is missing, 400 past a floor or the maximum. */
function refuse(refusal: { kind: 'forbidden' | 'limit'; message: string }): AppError {
  return new AppError(refusal.kind === 'forbidden' ? 'forbidden' : 'bad_request', refusal.message);
}

/**
 * Checks a sale or proforma against the actor's keys and the business's limits: throws the first refusal
 * (lines in order, then the discount); answers what the document takes off its items' prices (null: nothing).
 * `items` may hold the lines' items already read (a proforma's); otherwise they are read here.
 */
export async function assertPriceLimits(
  db: Executor,
  actor: TActor,
  document: TPricedDocument,
  known?: { items: ReadonlyMap<number, TPricedItem>; maxDiscountPercent: number | null },
): Promise<TPriceOverrides | null> {
  const limits =
    known ??
    (await limitsOf(
      db,
      actor.tenantId,
      document.lines.map((line) => line.itemId),
    ));
  const check = checkSalePricing({
    lines: document.lines,
    items: limits.items,
    label: document.label,
    applyVat: document.applyVat,
    vatRate: document.vatRate,
    discountType: document.discountType,
    discountValue:
      document.discountType === 'fixed' ? nairaToKobo(document.discountValue) : document.discountValue,
    maxDiscountPercent: limits.maxDiscountPercent,
    subject: { role: actor.role, permissions: actor.permissions, permission_codes: actor.permissionCodes },
  });
  const [first] = check.refusals;
  if (first) throw refuse(first);
  return check.overrides;
}

/** The report's row for a sale that sold below price or gave a discount (in the sale's transaction). */
export async function recordPriceOverrides(
  tx: Executor,
  sale: {
    saleId: number;
    tenantId: number;
    warehouseId: number;
    saleDate: string;
    userId: number;
    employeeName: string;
  },
  overrides: TPriceOverrides,
): Promise<void> {
  await tx.insert(salePriceOverrides).values({
    ...sale,
    belowPriceLines: overrides.below_price_lines,
    belowPriceKobo: overrides.below_price_kobo,
    discountKobo: overrides.discount_kobo,
  });
}

/** What the audit entry of a sale or proforma keeps of its overrides (money in naira). */
export function overridesForAudit(overrides: TPriceOverrides) {
  return {
    lines: overrides.lines,
    below_price_lines: overrides.below_price_lines,
    below_price_total: overrides.below_price_kobo / 100,
    discount: overrides.discount_kobo / 100,
  };
}
