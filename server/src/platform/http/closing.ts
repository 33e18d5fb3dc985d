import type { FastifyInstance } from 'fastify';

export const SERVER_CLOSING = 'The server is restarting. Please try again in a moment.';

/**
 * While the server shuts down (SIGTERM), a request that still arrives on an open connection is answered
 * 503 in the API's own shape, with Retry-After and the connection closed, instead of Fastify's default
 * answer; the requests already running finish, and their connections close with their answers (a kept-alive
 * connection left idle would hold the close until the grace period ends).
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply
      .status(503)
      .header('retry-after', '5')
      .header('connection', 'close')
      .send({ detail: SERVER_CLOSING });
  });
}
