/**
 * The service worker built by vite-plugin-pwa (web/vite.config.ts): registered a few seconds after the page has
 * loaded (lib/after-startup.ts; a production build only), checked for a new version every hour, and a new version
 * that waits is offered to the user (components/update-prompt.tsx) instead of taking over a page that runs the old one.
 * A tiny external store so React can subscribe to it.
 */
import { afterStartup } from './after-startup';

/** Activates the waiting version; the page reloads once it controls the page. */
export type TApplyUpdate = () => void;

export type TUpdateStore = {
  start: () => void;
  subscribe: (listener: () => void) => () => void;
  getWaiting: () => TApplyUpdate | null;
};

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let started = false;
let waiting: TApplyUpdate | null = null;
const listeners = new Set<() => void>();

function setWaiting(apply: TApplyUpdate) {
  waiting = apply;
  for (const listener of listeners) listener();
}

async function register() {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () =>
    setWaiting(() => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      workbox.messageSkipWaiting();
    }),
  );
  await workbox.register();
  window.setInterval(() => void workbox.update(), UPDATE_CHECK_MS);
}

export const serviceWorkerUpdates: TUpdateStore = {
  start() {
    if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    started = true;
    // Its install downloads every screen's files: after the first screen, so they do not share the phone's
    // bandwidth with it.
    afterStartup(() =>
      register().catch((error: unknown) => console.warn('The service worker could not be registered', error)),
    );
  },
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getWaiting: () => waiting,
};
