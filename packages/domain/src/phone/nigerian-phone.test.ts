import { describe, expect, it } from 'vitest';
import { normaliseNigerianPhone, phoneKey, phoneSearchDigits, whatsappUrl } from './nigerian-phone.ts';
import { PHONE_KEYS } from './phone-keys.fixture.ts';

describe('normaliseNigerianPhone', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['0803-123-4567', '+2348031234567'],
    ['07061234567', '+2347061234567'],
    ['09151234567', '+2349151234567'],
    ['08101234567', '+2348101234567'],
    ['2348031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['+234-803-123-4567', '+2348031234567'],
    ['+234 (0) 803 123 4567', '+2348031234567'],
    ['23408031234567', '+2348031234567'],
    ['8031234567', '+2348031234567'],
    ['  0803.123.4567  ', '+2348031234567'],
  ])('reads %j as %s', (input, expected) => {
    expect(normaliseNigerianPhone(input)).toBe(expected);
  });

  it.each([
    [''],
    [null],
    [undefined],
    ['0803123456'],
    ['080312345678'],
    ['06031234567'],
    ['08231234567'],
    ['+448031234567'],
    ['+08031234567'],
    ['0803123456a'],
    ['234803123456'],
    ['+1 202 555 0143'],
    ['++2348031234567'],
  ])('refuses %j', (input) => {
    expect(normaliseNigerianPhone(input)).toBeNull();
  });
});

describe('phoneKey', () => {
  it.each(PHONE_KEYS)('compares %j as %s', (phone, key) => {
    expect(phoneKey(phone)).toBe(key);
  });
});

describe('phoneSearchDigits', () => {
  it.each([
    ['0805 555', '805555'],
    ['+234 805', '805'],
    ['805-55', '80555'],
    ['Ada 0803', null],
    ['100%_', null],
    ['080', null],
    ['Ada', null],
  ])('looks for %j as %s', (search, digits) => {
    expect(phoneSearchDigits(search)).toBe(digits);
  });

  it('finds every way a number is typed in its key', () => {
    for (const [phone, key] of PHONE_KEYS.slice(0, 6))
      expect(key.includes(phoneSearchDigits(phone)!), phone).toBe(true);
  });
});

describe('whatsappUrl', () => {
  it('puts the number as digits only and the message encoded', () => {
    expect(whatsappUrl('0803 123 4567', 'Your receipt: https://shop.ng/d/abc?x=1&y=2')).toBe(
      'https://wa.me/2348031234567?text=Your%20receipt%3A%20https%3A%2F%2Fshop.ng%2Fd%2Fabc%3Fx%3D1%26y%3D2',
    );
  });

  it('leaves the number out when there is none the normaliser reads', () => {
    expect(whatsappUrl(null, 'Hello')).toBe('https://wa.me/?text=Hello');
    expect(whatsappUrl('12345', 'Hello')).toBe('https://wa.me/?text=Hello');
  });
});
