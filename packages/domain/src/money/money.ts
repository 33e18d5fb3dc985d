/** Money is integer kobo inside; naira numbers with at most two decimals cross the API. */
export type TKobo = number;

export function nairaToKobo(naira: number): TKobo {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: TKobo): number {
  return kobo / 100;
}

/** Digits of a whole number ≥ 0 in groups of three: 1234567 → "1,234,567". */
function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/*
 * The formatters below write what Intl's en-NG formatters write, by hand: the first Intl formatter a page
 * makes loads the locale data, 100 to 200 ms of a cheap phone's main thread before the first screen shows.
 */

/** A number as en-NG writes it: grouped, at most `maxDecimals` decimals, no trailing zeros (1,234.5). */
export function formatNumber(value: number, maxDecimals = 3): string {
  if (!Number.isFinite(value)) return '0';
  const scale = 10 ** maxDecimals;
  const scaled = Math.round(Math.abs(value) * scale);
  const whole = Math.floor(scaled / scale);
  const fraction = String(scaled % scale)
    .padStart(maxDecimals, '0')
    .replace(/0+$/, '');
  const sign = value < 0 && scaled > 0 ? '-' : '';
  return `${sign}${groupDigits(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** The one money formatter: ₦1,500.50, -₦20.00 (from whole kobo: no rounding of naira fractions). */
export function formatNaira(kobo: TKobo): string {
  const whole = Number.isFinite(kobo) ? Math.round(kobo) : 0;
  const digits = Math.abs(whole);
  const text = `₦${groupDigits(Math.floor(digits / 100))}.${String(digits % 100).padStart(2, '0')}`;
  return whole < 0 ? `-${text}` : text;
}
