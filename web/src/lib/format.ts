import { businessDate, printDate } from '@app/domain/dates/business-date';
import { formatNaira, formatNumber, nairaToKobo } from '@app/domain/money/money';

/** Naira from the API (a number with at most two decimals) as ₦1,500.50. */
export function formatMoney(naira: number | null | undefined): string {
  return formatNaira(nairaToKobo(Number.isFinite(naira) ? Number(naira) : 0));
}

/** Whole naira without decimals, as in "Save ₦0 compared to monthly". */
export function formatWholeNaira(naira: number): string {
  return `₦${formatNumber(Math.round(naira))}`;
}

/** 22 Nov 2026, in Lagos time. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : printDate(businessDate(date));
}

export function formatCount(value: number | null | undefined): string {
  return formatNumber(Number.isFinite(value) ? Number(value) : 0);
}
