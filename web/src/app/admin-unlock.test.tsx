import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ADMIN_UNLOCKED_KEY, setAdminUnlocked } from '../lib/auth-storage';
import { ADMIN_IDLE_LOCK_MS, useAdminInactivityLock } from './admin-unlock';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useAdminInactivityLock', () => {
  it('keeps the admin menu unlocked while the user is active', () => {
    setAdminUnlocked(true);
    renderHook(() => useAdminInactivityLock(true));
    for (let minute = 0; minute < 30; minute++) {
      act(() => vi.advanceTimersByTime(60_000));
      window.dispatchEvent(new Event('keydown'));
    }
    expect(sessionStorage.getItem(ADMIN_UNLOCKED_KEY)).toBe('true');
  });

  it('locks after 15 minutes without mouse, keyboard, scroll or touch', () => {
    setAdminUnlocked(true);
    renderHook(() => useAdminInactivityLock(true));
    act(() => vi.advanceTimersByTime(ADMIN_IDLE_LOCK_MS - 10_000));
    expect(sessionStorage.getItem(ADMIN_UNLOCKED_KEY)).toBe('true');
    act(() => vi.advanceTimersByTime(15_000));
    expect(sessionStorage.getItem(ADMIN_UNLOCKED_KEY)).toBeNull();
  });
});
