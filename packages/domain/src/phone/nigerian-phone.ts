/** Nigerian mobile numbers: 070, 080, 081, 090 and 091 ranges, ten digits after the leading 0 or +234. */
const NATIONAL_NUMBER = /^[789][01]\d{8}$/;
const SEPARATORS = /[\s\-.()]/g;

/**
 * A Nigerian mobile number in international form (+2348031234567), from how people write it:
 * 0803 123 4567, 08031234567, 2348031234567, +234 803-123-4567, +234 (0)803 123 4567. Anything else → null.
 */
export function normaliseNigerianPhone(input: string | null | undefined): string | null {
  if (!input) return null;
  const compact = input.replace(SEPARATORS, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact;
  if (!/^\d+$/.test(digits)) return null;
  const national = digits.startsWith('2340')
    ? digits.slice(4)
    : digits.startsWith('234')
      ? digits.slice(3)
      : digits.startsWith('0')
        ? digits.slice(1)
        : digits;
  if (compact.startsWith('+') && !digits.startsWith('234')) return null;
  return NATIONAL_NUMBER.test(national) ? `+234${national}` : null;
}

/**
 * The form a phone is compared in, so one customer is one customer however the number was typed: a Nigerian
 * mobile number in international form, anything else as its digits. The database's `phone_key_of(text)`
 * (migration 0033) computes the same; a server test holds the two together.
 */
export function phoneKey(phone: string): string {
  return normaliseNigerianPhone(phone) ?? phone.replace(/\D/g, '');
}

/**
 * What a search's digits are looked for in phone keys, however the number is typed: without its leading 0 or
 * 234 ("0805 555" finds +2348055551234); null when the search is not a phone (it has letters or signs) or
 * has under three digits (too short to narrow a search).
 */
export function phoneSearchDigits(search: string): string | null {
  if (!/^[\d+()\-.\s]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, '');
  const national = (digits.startsWith('234') ? digits.slice(3) : digits).replace(/^0/, '');
  return national.length >= 3 ? national : null;
}

/**
 * A WhatsApp click-to-chat link (wa.me wants the number as digits only). Without a number WhatsApp asks whom
 * to send the message to.
 */
export function whatsappUrl(phone: string | null | undefined, message: string): string {
  const number = normaliseNigerianPhone(phone);
  const path = number ? number.slice(1) : '';
  return `https://wa.me/${path}?text=${encodeURIComponent(message)}`;
}
