import type { FastifyInstance } from 'fastify';

const NUL = '\u0000';
const MAX_DEPTH = 32;

/** Where in `value` a text holds a NUL character (PostgreSQL cannot store one), as a loc path. */
function nulAt(value: unknown, path: (string | number)[], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes(NUL)) return [...path, key];
    const found = nulAt(child, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Every text a request carries (JSON or form body, query, path) is refused with 422 when it holds a NUL
 * character, before any route sees it: no field of any route can then reach the database with one.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const [part, value] of [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const loc = nulAt(value, [part]);
      if (loc) {
        return reply.status(422).send({
          detail: [{ loc, msg: 'Text may not contain the NUL character', type: 'nul_character' }],
        });
      }
    }
  });
}
