/**
 * Shapes of the stock API (docs/stock-api.md) as this screen uses them. Replace with the domain's
 * schemas (packages/domain/src/schemas/stock.ts) once the server publishes them.
 */
export const PAYMENT_STATUSES = ['paid', 'partial', 'credit'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The spec's "check" is sent as "cheque". */
export const PAYMENT_METHODS = ['cash', 'transfer', 'cheque', 'card'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

export type TWarehouse = { warehouse_id: number; warehouse_name: string; access_all: boolean };

export type TInventoryItem = {
  item_id: number;
  price: number;
  barcode: string | null;
  closing_balance: number;
  reorder_level: number;
};
/** GET /restock/inventory-items: keyed by item name. */
export type TInventoryItemMap = Record<string, TInventoryItem>;

export type TPurchase = {
  purchase_id: number;
  item_id: number;
  item_name: string;
  supplier_name: string;
  supplier_phone: string | null;
  supplied_quantity: number;
  unit_price: number;
  total_price_paid: number;
  amount_paid: number;
  outstanding: number;
  purchase_date: string;
  due_date: string | null;
  payment_status: TPaymentStatus;
  payment_method: TPaymentMethod;
  warehouse_name: string;
  invoice_file_url: string | null;
  notes: string | null;
  created_at: string;
};

export type TPurchaseFilters = {
  search?: string;
  warehouse_name?: string;
  start_date?: string;
  end_date?: string;
};

export type TPaymentFields = {
  payment_status: TPaymentStatus;
  payment_method: TPaymentMethod;
  amount_paid?: number;
  due_date?: string;
};

export type TNewItemRequest = TPaymentFields & {
  item_name: string;
  barcode?: string;
  supplied_quantity: number;
  reorder_level: number;
  unit_price: number;
  supplier_name: string;
  purchase_date: string;
  description?: string;
  notes?: string;
  warehouse_name?: string;
  new_warehouse_name?: string;
  access_choice: 'Yes' | 'No';
  invoice_file_url?: string;
};
export type TNewItemResponse = {
  success: boolean;
  message?: string;
  item_id: number;
  purchase_id: number;
  warehouse_name: string;
};

export type TBatchRestockRequest = TPaymentFields & {
  supplier_name: string;
  supplier_phone?: string;
  purchase_date: string;
  warehouse_name: string;
  notes?: string;
  invoice_file_url?: string;
  items: { item_id?: number; item_name: string; quantity: number; unit_price: number }[];
};
export type TBatchRestockResponse = { success: boolean; message?: string; purchase_ids: number[] };

export type TPriceUpdateRequest = {
  warehouse_name: string;
  updates: { item_id: number; new_price: number; new_barcode?: string }[];
};
export type TPriceUpdateResponse = { success: boolean; message?: string; updated: number };

export type TPurchasePaymentRequest = {
  amount: number;
  payment_method: TPaymentMethod;
  payment_date: string;
  notes?: string;
};

export type TBarcodeItem = { item_id: number; item_name: string; price: number; warehouse_name: string };
