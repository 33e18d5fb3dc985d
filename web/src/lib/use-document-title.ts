import { useEffect } from 'react';
import { PRODUCT_NAME } from './brand';

/** "{page} · Naira Ledger" while the screen is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} · ${PRODUCT_NAME}`;
  }, [page]);
}
