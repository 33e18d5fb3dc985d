import { printDate } from '@app/domain/dates/business-date';
import { formatNaira, nairaToKobo } from '@app/domain/money/money';
import type { TProforma, TSale } from '@app/domain/schemas/sales';

/** What Settings → Company puts at the top and bottom of a receipt or proforma. */
export type TPrintCompany = {
  name: string;
  phone: string | null;
  address: string | null;
  accountNumber: string | null;
  bankName: string | null;
  accountName: string | null;
  /** PNG or JPEG bytes. */
  logo: Buffer | null;
};

export type TPrintAmount = { label: string; value: string; strong?: boolean };

export type TPrintSection = {
  heading: string | null;
  lines: { name: string; quantity: string; unitPrice: string; total: string }[];
  totals: TPrintAmount[];
};

/** A receipt or proforma as printed, every amount already formatted (₦1,500.50). */
export type TPrintDocument = {
  title: 'RECEIPT' | 'PROFORMA INVOICE';
  company: TPrintCompany;
  details: TPrintAmount[];
  sections: TPrintSection[];
  /** Totals over all sections when a receipt covers more than one sale. */
  summary: TPrintAmount[] | null;
  notes: string | null;
  closing: string;
};

export const money = (naira: number): string => formatNaira(nairaToKobo(naira));

const PAYMENT_METHODS: Record<TSale['payment_method'], string> = {
  cash: 'Cash',
  card: 'Card',
  transfer: 'Transfer',
  cheque: 'Cheque',
  none: 'Not paid',
};
const PAYMENT_STATUSES: Record<TSale['payment_status'], string> = {
  paid: 'Paid',
  partial: 'Part payment',
  credit: 'Credit',
};

const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

function pricingTotals(priced: TSale | TProforma): TPrintAmount[] {
  return [
    { label: 'Subtotal', value: money(priced.subtotal) },
    {
      label: priced.vat_amount > 0 ? `VAT (${percent(priced.vat_rate)})` : 'VAT',
      value: money(priced.vat_amount),
    },
    {
      label:
        priced.discount_type === 'percentage' ? `Discount (${percent(priced.discount_value)})` : 'Discount',
      value: priced.discount_amount > 0 ? `-${money(priced.discount_amount)}` : money(0),
    },
    { label: 'Total', value: money(priced.grand_total), strong: true },
  ];
}

const lineOf = (line: { item_name: string; quantity: number; unit_price: number; total_amount: number }) => ({
  name: line.item_name,
  quantity: line.quantity.toLocaleString('en-NG'),
  unitPrice: money(line.unit_price),
  total: money(line.total_amount),
});

const present = (entries: [string, string | null | undefined][]): TPrintAmount[] =>
  entries.flatMap(([label, value]) => (value ? [{ label, value }] : []));

/** One receipt for a customer's sales of one day (usually one sale). */
/** How the sale was paid: its recorded method, or every way its money came ("Cash + Transfer"). */
const paymentMethodsText = (sale: TSale) =>
  sale.payment_methods?.length
    ? sale.payment_methods
        .map((method) => PAYMENT_METHODS[method as TSale['payment_method']] ?? method)
        .join(' + ')
    : PAYMENT_METHODS[sale.payment_method];

export function receiptDocument(company: TPrintCompany, sales: readonly TSale[]): TPrintDocument {
  const first = sales[0];
  if (!first) throw new Error('A receipt needs at least one sale');
  const single = sales.length === 1;
  const sum = (pick: (sale: TSale) => number) =>
    sales.reduce((total, sale) => total + nairaToKobo(pick(sale)), 0) / 100;
  return {
    title: 'RECEIPT',
    company,
    details: present([
      ['Receipt no.', sales.map((sale) => `#${sale.sale_number}`).join(', ')],
      ['Date', printDate(first.sale_date)],
      ['Customer', first.customer_name || 'Walk-in'],
      ['Phone', first.customer_phone],
      ['Invoice no.', single ? first.invoice_number : null],
      ['Served by', single ? first.employee_name : null],
    ]),
    sections: sales.map((sale) => ({
      heading: single ? null : `Sale #${sale.sale_number} · ${sale.warehouse_name}`,
      lines: sale.items.map(lineOf),
      totals: [
        ...pricingTotals(sale),
        { label: 'Amount paid', value: money(sale.amount_paid) },
        { label: 'Balance', value: money(sale.outstanding), strong: true },
        {
          label: 'Payment',
          value: `${paymentMethodsText(sale)} · ${PAYMENT_STATUSES[sale.payment_status]}`,
        },
        ...present([['Due date', sale.outstanding > 0 && sale.due_date ? printDate(sale.due_date) : null]]),
      ],
    })),
    summary: single
      ? null
      : [
          { label: 'Total of all sales', value: money(sum((sale) => sale.grand_total)), strong: true },
          { label: 'Amount paid', value: money(sum((sale) => sale.amount_paid)) },
          { label: 'Balance', value: money(sum((sale) => sale.outstanding)), strong: true },
        ],
    notes: single ? first.notes : null,
    closing: 'Thank you for your patronage.',
  };
}

export function proformaDocument(company: TPrintCompany, proforma: TProforma): TPrintDocument {
  return {
    title: 'PROFORMA INVOICE',
    company,
    details: present([
      ['Proforma no.', `#${proforma.proforma_number}`],
      ['Date', printDate(proforma.date)],
      ['Customer', proforma.customer_name],
      ['Phone', proforma.customer_phone],
      ['Status', proforma.status === 'converted' ? `Converted to sale #${proforma.sale_number}` : 'Pending'],
    ]),
    sections: [{ heading: null, lines: proforma.items.map(lineOf), totals: pricingTotals(proforma) }],
    summary: null,
    notes: proforma.notes,
    closing: 'This proforma invoice is a quotation, not a receipt of payment.',
  };
}

/** "Bank · Account name · 0123456789", or null when no bank detail is set. */
export function bankLine(company: TPrintCompany): string | null {
  const parts = [company.bankName, company.accountName, company.accountNumber].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}
