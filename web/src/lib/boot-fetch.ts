/**
 * The API calls index.html's boot script (src/app/boot-script.js) started before the app loaded. The API
 * client takes one when it makes the same GET with the same token within 30 s; each is used once.
 */
type TBootFetches = {
  token: string;
  at: number;
  responses: Record<string, Promise<Response | null> | undefined>;
};

const BOOT_FETCH_MS = 30_000;

/** The early answer to `GET url` (null when the call failed or none was started). */
export function takeBootFetch(url: string, token: string | null): Promise<Response | null> | null {
  const started = (window as { __bootFetches?: TBootFetches }).__bootFetches;
  const response = started?.responses[url];
  if (!started || !response) return null;
  delete started.responses[url];
  if (started.token !== token || Date.now() - started.at > BOOT_FETCH_MS) return null;
  return response;
}
