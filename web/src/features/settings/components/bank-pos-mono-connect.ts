/**
 * Mono Connect, the bank-connect widget (spec 1 §2 Bank & POS): its script is loaded from one of two
 * addresses and waited for up to 10 seconds; `window.Connect` then opens the widget with the public key the
 * server serves, and hands back a one-time code.
 */
export const MONO_CONNECT_URLS = [
  'https://connect.withmono.com/connect.js',
  'https://unpkg.com/@mono.co/connect.js/index.js',
] as const;
export const MONO_LOAD_FAILED = 'Failed to load Mono Connect. Check your network and try again.';
export const MONO_NOT_LOADED = 'Mono Connect script not loaded';
const WAIT_MS = 10_000;

type TMonoWidget = { setup: () => void; open: () => void; close: () => void };
type TMonoConnect = new (config: {
  key: string;
  onSuccess: (answer: { code: string }) => void;
  onClose?: () => void;
}) => TMonoWidget;

const connectOf = () => (window as unknown as { Connect?: TMonoConnect }).Connect;

function injectScript(src: string, deadline: number): Promise<boolean> {
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const timer = window.setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
    script.onload = () => {
      window.clearTimeout(timer);
      resolve(true);
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      script.remove();
      resolve(false);
    };
    document.head.appendChild(script);
  });
}

/** The widget's constructor: from the first address that answers, else the second; at most 10 s in all. */
export async function loadMonoConnect(): Promise<TMonoConnect> {
  const ready = connectOf();
  if (ready) return ready;
  const deadline = Date.now() + WAIT_MS;
  let loaded = false;
  for (const url of MONO_CONNECT_URLS) {
    if (Date.now() >= deadline) break;
    loaded = await injectScript(url, deadline);
    if (loaded) break;
  }
  if (!loaded) throw new Error(MONO_LOAD_FAILED);
  while (!connectOf() && Date.now() < deadline) await new Promise((r) => window.setTimeout(r, 100));
  const Connect = connectOf();
  if (!Connect) throw new Error(MONO_NOT_LOADED);
  return Connect;
}

/** Opens Mono Connect; resolves with the code, or null when the person closes it. */
export async function openMonoConnect(publicKey: string): Promise<string | null> {
  const Connect = await loadMonoConnect();
  return new Promise((resolve) => {
    const widget = new Connect({
      key: publicKey,
      onSuccess: ({ code }) => resolve(code),
      onClose: () => resolve(null),
    });
    widget.setup();
    widget.open();
  });
}
