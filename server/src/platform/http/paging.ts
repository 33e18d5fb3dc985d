import type { FastifyReply } from 'fastify';

/**
 * Sends a page of a list: its rows, `X-Total-Count` when counted, and `X-Next-Before` (the cursor of the next
 * page, empty on the last) when the caller pages by keyset (`before`) or asked for no count.
 */
export function sendPage(
  reply: FastifyReply,
  query: { before?: number | undefined; count: boolean },
  page: { rows: unknown[]; total: number | null; nextBefore: number | null },
) {
  if (page.total !== null) reply.header('X-Total-Count', String(page.total));
  if (query.before || !query.count) reply.header('X-Next-Before', page.nextBefore ?? '');
  return reply.send(page.rows);
}
