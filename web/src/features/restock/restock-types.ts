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

export type TWarehouse = { warehouse_id: number; warehouse_name: string; access_all: boolean };

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

export type TNewItemResponse = {
  success: boolean;
  message?: string;
  item_id: number;
  purchase_id: number;
  warehouse_name: string;
};
export type TBatchRestockResponse = { success: boolean; message?: string; purchase_ids: number[] };
export type TPriceUpdateResponse = { success: boolean; message?: string; updated: number };

export type TBarcodeItem = { item_id: number; item_name: string; price: number; warehouse_name: string };
