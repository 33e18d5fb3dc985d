import type { TBarcodeItem } from '@app/domain/schemas/stock';
import { api } from '../../../lib/api-client';
import { withOfflineFallback } from '../../../lib/offline/offline-sync';
import { offlineBarcodeItem } from '../../../lib/offline/reference';

export type { TBarcodeItem } from '@app/domain/schemas/stock';

/** Spec 2 §3: the answer may nest the item under `item`. */
type TBarcodeAnswer = TBarcodeItem | { item: TBarcodeItem };

/** The warehouse's item with this barcode; the device's kept copy when the server cannot be reached. */
export function getItemByBarcode(barcode: string, warehouseName: string): Promise<TBarcodeItem> {
  return withOfflineFallback(
    async () => {
      const answer = await api.get<TBarcodeAnswer>('/sales/barcode/item', {
        query: { barcode, warehouse_name: warehouseName },
      });
      return 'item' in answer ? answer.item : answer;
    },
    (db, userId) => offlineBarcodeItem(db, userId, warehouseName, barcode),
  );
}
