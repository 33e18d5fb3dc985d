import type { TProforma } from '@app/domain/schemas/sales';

export type TProformaStatusFilter = 'all' | 'pending' | 'converted';

export type TProformaFilters = {
  customer: string;
  status: TProformaStatusFilter;
  /** YYYY-MM-DD or '' for no bound. */
  start: string;
  end: string;
};

export const NO_PROFORMA_FILTERS: TProformaFilters = { customer: '', status: 'all', start: '', end: '' };

/** Spec 2 §9: 20 proformas a page. */
export const PROFORMA_PAGE_SIZE = 20;

/** The proforma's business date: `date`, else the day of `created_at`. */
export const proformaDate = (proforma: Pick<TProforma, 'date' | 'created_at'>) =>
  (proforma.date || proforma.created_at || '').slice(0, 10);

/** Spec 2 §2: customer substring (any case), status and date range, applied in the browser. */
export function filterProformas(proformas: readonly TProforma[], filters: TProformaFilters): TProforma[] {
  const customer = filters.customer.trim().toLowerCase();
  return proformas.filter((proforma) => {
    if (customer && !(proforma.customer_name ?? '').toLowerCase().includes(customer)) return false;
    if (filters.status !== 'all' && proforma.status !== filters.status) return false;
    const date = proformaDate(proforma);
    if (filters.start && date < filters.start) return false;
    if (filters.end && date > filters.end) return false;
    return true;
  });
}

export const proformasFilename = (today: string) => `proformas_${today}.csv`;

export const PROFORMA_CSV_HEADERS = [
  'Proforma ID',
  'Date',
  'Customer',
  'Customer Phone',
  'Warehouse',
  'Items',
  'Subtotal',
  'VAT',
  'Discount',
  'Grand Total',
  'Status',
  'Sale ID',
] as const;

/** "Rice 50kg x 2; Beans x 1". */
export const proformaItemsText = (proforma: Pick<TProforma, 'items'>) =>
  proforma.items.map((item) => `${item.item_name} x ${item.quantity}`).join('; ');

export function proformaCsvRows(proformas: readonly TProforma[]): (string | number)[][] {
  return proformas.map((proforma) => [
    proforma.proforma_id,
    proformaDate(proforma),
    proforma.customer_name,
    proforma.customer_phone ?? '',
    proforma.warehouse_name,
    proformaItemsText(proforma),
    proforma.subtotal.toFixed(2),
    proforma.vat_amount.toFixed(2),
    proforma.discount_amount.toFixed(2),
    proforma.grand_total.toFixed(2),
    proforma.status,
    proforma.sale_id ?? '',
  ]);
}
