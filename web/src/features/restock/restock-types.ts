/**
 * Shapes of the stock API (docs/stock-api.md) as this screen uses them: request bodies from the
 * domain's schemas, answers as the contract describes them.
 */
import type { TItemMap } from '@app/domain/schemas/stock';
import type { z } from 'zod';
import type {
  ZNewItemRequestSchema,
  ZPriceBulkUpdateRequestSchema,
  ZPurchasePaymentRequestSchema,
  ZRestockBatchRequestSchema,
} from '@app/domain/schemas/stock';

export const PAYMENT_STATUSES = ['paid', 'partial', 'credit'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The spec's "check" is sent as "cheque". */
export const PAYMENT_METHODS = ['cash', 'transfer', 'cheque', 'card'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

export type { TWarehouse } from '@app/domain/schemas/stock';

/** GET /restock/inventory-items: keyed by item name (the domain's item map). */
export type TInventoryItemMap = TItemMap;
export type TInventoryItem = TItemMap[string];

/** A purchase as the restock calls answer it: the domain's schema. */
export type { TPurchase } from '@app/domain/schemas/stock';

export type TPurchaseFilters = {
  search?: string;
  warehouse_name?: string;
  start_date?: string;
  end_date?: string;
};

/** Request bodies: the domain's schemas, as the client sends them. */
export type TNewItemRequest = z.input<typeof ZNewItemRequestSchema>;
export type TBatchRestockRequest = z.input<typeof ZRestockBatchRequestSchema>;
export type TPriceUpdateRequest = z.input<typeof ZPriceBulkUpdateRequestSchema>;
export type TPurchasePaymentRequest = z.input<typeof ZPurchasePaymentRequestSchema>;

export type {
  TNewItemRecorded as TNewItemResponse,
  TRestockRecorded as TBatchRestockResponse,
  TPricesUpdated as TPriceUpdateResponse,
} from '@app/domain/schemas/stock';

export type { TBarcodeItem } from '@app/domain/schemas/stock';
