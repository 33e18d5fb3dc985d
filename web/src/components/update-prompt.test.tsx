import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { TApplyUpdate, TUpdateStore } from '../lib/service-worker';
import { UpdatePrompt } from './update-prompt';

/** A store standing in for the service worker: `newVersion` is a new build's worker starting to wait. */
function fakeUpdates() {
  let waiting: TApplyUpdate | null = null;
  const listeners = new Set<() => void>();
  const store: TUpdateStore = {
    start: vi.fn(),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getWaiting: () => waiting,
  };
  const newVersion = (apply: TApplyUpdate) => {
    waiting = apply;
    for (const listener of listeners) listener();
  };
  return { store, newVersion };
}

describe('UpdatePrompt', () => {
  it('registers the worker, stays hidden until a new version waits, then reloads into it on Reload', () => {
    const { store, newVersion } = fakeUpdates();
    render(<UpdatePrompt updates={store} />);
    expect(store.start).toHaveBeenCalled();
    expect(screen.queryByText('New version available')).toBeNull();

    const apply = vi.fn();
    act(() => newVersion(apply));
    expect(screen.getByRole('status').textContent).toContain('New version available');
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });
});
