import { isRouteErrorResponse, useRouteError } from 'react-router';

/** The router's default error screen (spec 1 §2): "Unexpected Application Error!" and the status or message. */
export function RouteError() {
  const error = useRouteError();
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
