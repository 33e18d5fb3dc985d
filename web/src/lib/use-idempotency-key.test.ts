import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllStorage, saveLogin } from './auth-storage';
import { KEPT_KEY_MS, useIdempotencyKey } from './use-idempotency-key';

const SALE = { customer_name: 'Ada Obi', items: [{ item_id: 3, quantity: 2, unit_price: 1500 }] };

function signInAs(userId: number) {
  saveLogin({
    access_token: 'token',
    token_type: 'bearer',
    username: 'Mama Put Stores',
    role: 'md',
    user_id: userId,
    permissions: [],
    permission_codes: [],
  });
}

/** A fresh page's hook: what a reload gives the form. */
const keysOnANewPage = (scope = 'sales.batch') => renderHook(() => useIdempotencyKey(scope)).result.current;

beforeEach(() => signInAs(7));
afterEach(() => {
  clearAllStorage();
  vi.useRealTimers();
});

describe('useIdempotencyKey', () => {
  it('gives a retry of the same submission the same key, even after a reload', () => {
    const first = keysOnANewPage().keyFor(SALE);
    expect(keysOnANewPage().keyFor(structuredClone(SALE))).toBe(first);
  });

  it('gives a changed submission, another form or another user a new key', () => {
    const first = keysOnANewPage().keyFor(SALE);
    expect(keysOnANewPage('sales.payment.4').keyFor(SALE)).not.toBe(first);
    signInAs(8);
    expect(keysOnANewPage().keyFor(SALE)).not.toBe(first);
    signInAs(7);
    expect(keysOnANewPage().keyFor({ ...SALE, customer_name: 'Bayo' })).not.toBe(first);
  });

  it('forgets the key after a success, and does not reuse one older than the server keeps answers', () => {
    const keys = keysOnANewPage();
    const first = keys.keyFor(SALE);
    keys.reset();
    const second = keysOnANewPage().keyFor(SALE);
    expect(second).not.toBe(first);
    vi.useFakeTimers({ now: Date.now() + KEPT_KEY_MS + 1000 });
    expect(keysOnANewPage().keyFor(SALE)).not.toBe(second);
  });
});
