import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

// A screen's code or styles could not be fetched: a new release replaced the files an open tab points at, or
// the device is offline before the service worker has kept them.
const STALE_CHUNK =
  /dynamically imported module|Importing a module script failed|Expected a JavaScript|Unable to preload CSS/i;
export const NOT_SAVED_OFFLINE =
  'You are offline, and this screen is not saved on this device yet. It will open when the connection returns.';
const RELOADED_AT_KEY = 'stale_chunk_reload_at';

function useReloadOnStaleChunk(error: unknown) {
  useEffect(() => {
    if (!(error instanceof Error) || !STALE_CHUNK.test(error.message) || !navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    if (last && Date.now() - last < 10_000) return; // reloaded already: show the error instead of looping
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
  }, [error]);
}

/** The router's default error screen (spec 1 §2): "Unexpected Application Error!" and the status or message. */
export function RouteError() {
  const error = useRouteError();
  useReloadOnStaleChunk(error);
  let detail: string;
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`.trim();
  else if (error instanceof Error && STALE_CHUNK.test(error.message) && !navigator.onLine)
    detail = NOT_SAVED_OFFLINE;
  else if (error instanceof Error) detail = error.message;
  else detail = String(error ?? 'Unknown error');

  return (
    <main style={{ padding: '32px 20px', maxWidth: 640, margin: '0 auto' }}>
      <h2>Unexpected Application Error!</h2>
      <h3 style={{ fontStyle: 'italic', fontWeight: 500 }}>{detail}</h3>
      <p>
        <a href="/">Go to the home page</a> · <a href="/dashboard">Go to the dashboard</a>
      </p>
    </main>
  );
}
