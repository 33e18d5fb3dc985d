import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterStartup, STARTUP_MS } from './after-startup';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A browser with idle callbacks, whose page has loaded, `sinceStart` ms after it started. */
function loadedPage(sinceStart: number) {
  vi.useFakeTimers();
  const idle = vi.fn((task: () => void) => setTimeout(task, 10) as unknown as number);
  vi.stubGlobal('requestIdleCallback', idle);
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  vi.spyOn(performance, 'now').mockReturnValue(sinceStart);
  return idle;
}

describe('afterStartup', () => {
  it('runs the task once the first seconds have passed and the page is idle', () => {
    const idle = loadedPage(1_000);
    const task = vi.fn();
    afterStartup(task);
    vi.advanceTimersByTime(STARTUP_MS - 1_000 - 1);
    expect([idle.mock.calls.length, task.mock.calls.length]).toEqual([0, 0]);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits only for idle time later on, and runs nothing once cancelled', () => {
    loadedPage(STARTUP_MS + 5_000);
    const task = vi.fn();
    afterStartup(task);
    vi.advanceTimersByTime(10);
    expect(task).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    afterStartup(cancelled)();
    vi.advanceTimersByTime(STARTUP_MS + 100);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('runs at once where the browser has no idle callback', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    afterStartup(task);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
