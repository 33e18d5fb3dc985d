import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, within } from '@testing-library/react';
import { ADMIN_UNLOCKED_KEY, setAdminUnlocked } from '../lib/auth-storage';
import { renderWithProviders } from '../test/render';
import { ADMIN_IDLE_LOCK_MS, AdminUnlockArea, useAdminInactivityLock } from './admin-unlock';

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

describe('AdminUnlockArea', () => {
  const renderArea = (keyFloats: boolean) =>
    renderWithProviders(
      <AdminUnlockArea
        enabled
        unlocked={false}
        keyFloats={keyFloats}
        top={(zone) => <div data-testid="menu-top">{zone}</div>}
        bottom={(key) => <div data-testid="menu-bottom">{key}</div>}
      >
        <p>menu</p>
      </AdminUnlockArea>,
    );

  it('keeps the key in the menu on other screens', () => {
    renderArea(false);
    const key = screen.getByTitle('Drag this key to unlock admin access');
    expect(within(screen.getByTestId('menu-bottom')).getByTitle(key.title)).toBe(key);
    expect(
      within(screen.getByTestId('menu-top')).getByText('Drop the key here to unlock Vendor Admin'),
    ).toBeTruthy();
  });

  it('floats one key over the Sales screen (spec 1 §2), and none stays in the menu', () => {
    renderArea(true);
    const keys = screen.getAllByTitle('Drag this key to unlock admin access');
    expect(keys).toHaveLength(1);
    expect(within(screen.getByTestId('menu-bottom')).queryByTitle(keys[0]!.title)).toBeNull();
    expect(keys[0]!.style.position).toBe('fixed');
  });
});
