import { vi } from 'vitest';
import { jsonResponse } from './render';

export type TFetchCall = { method: string; url: URL; body: unknown; headers: Record<string, string> };
type TReply = Response | ((call: TFetchCall) => Response);

/**
 * A fetch stub that answers by "METHOD /path" (the path under /api, without the query), records
 * every call, and answers 404 for anything unrouted. Stub it with vi.stubGlobal('fetch', ...).
 */
export function fetchRoutes(routes: Record<string, TReply>) {
  const calls: TFetchCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { method, url, body, headers: (init?.headers ?? {}) as Record<string, string> };
    calls.push(call);
    const reply = routes[`${method} ${url.pathname.replace(/^\/api/, '')}`];
    if (!reply) return jsonResponse(404, { detail: `No route for ${method} ${url.pathname}` });
    return typeof reply === 'function' ? reply(call) : reply.clone();
  });
  return { fetch, calls };
}

export function pagedResponse(rows: unknown[], total: number): Response {
  return new Response(JSON.stringify(rows), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}
