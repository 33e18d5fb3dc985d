import type { TBarcodeItem } from '@app/domain/schemas/stock';
import { api } from '../../../lib/api-client';

export type { TBarcodeItem } from '@app/domain/schemas/stock';

/** Spec 2 §3: the answer may nest the item under `item`. */
type TBarcodeAnswer = TBarcodeItem | { item: TBarcodeItem };

export async function getItemByBarcode(barcode: string, warehouseName: string): Promise<TBarcodeItem> {
  const answer = await api.get<TBarcodeAnswer>('/sales/barcode/item', {
    query: { barcode, warehouse_name: warehouseName },
  });
  return 'item' in answer ? answer.item : answer;
}
