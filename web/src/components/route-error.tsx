import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

// A new release replaced the chunk files an open tab still points at.
const STALE_CHUNK = /dynamically imported module|Importing a module script failed|Expected a JavaScript/i;
const RELOADED_AT_KEY = 'stale_chunk_reload_at';

function useReloadOnStaleChunk(error: unknown) {
  useEffect(() => {
    if (!(error instanceof Error) || !STALE_CHUNK.test(error.message)) return;
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
