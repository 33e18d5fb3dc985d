import { describe, expect, it } from 'vitest';
import { normaliseNigerianPhone, whatsappUrl } from './nigerian-phone.ts';

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
