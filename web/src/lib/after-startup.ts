/** How long after the page started the first screen is given before background work (a few seconds). */
export const STARTUP_MS = 4000;

/**
 * Runs `task` once the page has loaded, its first few seconds have passed and the main thread is idle, so
 * background work (the offline reference data, the service worker) does not compete with the first screen
 * on a slow phone; at once later on, and where the browser has no idle callback (tests, older Safari).
 * The answer cancels it.
 */
export function afterStartup(task: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    task();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const schedule = () => {
    timer = setTimeout(
      () => (idle = window.requestIdleCallback(task, { timeout: 2000 })),
      Math.max(0, STARTUP_MS - performance.now()),
    );
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
