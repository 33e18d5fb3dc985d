/** Money is integer kobo inside; naira numbers with at most two decimals cross the API. */
export type TKobo = number;

export function nairaToKobo(naira: number): TKobo {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: TKobo): number {
  return kobo / 100;
}

const NAIRA = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The one money formatter: ₦1,500.50 */
export function formatNaira(kobo: TKobo): string {
  return NAIRA.format(kobo / 100);
}
