import type { FastifyInstance } from 'fastify';

const MAX_DEPTH = 32;

/**
 * The characters no text may hold: NUL (PostgreSQL cannot store one) and half of a UTF-16 pair (a cut emoji,
 * which cannot be written as UTF-8 and would be stored as "�" or fail).
 */
const REFUSED = [
  // eslint-disable-next-line no-control-regex -- NUL is the character refused
  { pattern: /\u0000/, msg: 'Text may not contain the NUL character', type: 'nul_character' },
  {
    pattern: /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    msg: 'Text holds a broken character (half of an emoji?): please type it again',
    type: 'broken_character',
  },
] as const;

type TRefusal = { loc: (string | number)[]; msg: string; type: string };

const refusalOf = (text: string, loc: (string | number)[]): TRefusal | null => {
  const refused = REFUSED.find((rule) => rule.pattern.test(text));
  return refused ? { loc, msg: refused.msg, type: refused.type } : null;
};

/** Where in `value` a text (or a key) holds a refused character, as a loc path, and which. */
function refusedTextAt(value: unknown, path: (string | number)[], depth = 0): TRefusal | null {
  if (typeof value === 'string') return refusalOf(value, path);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, child] of Object.entries(value)) {
    const inKey = refusalOf(key, [...path, key]);
    if (inKey) return inKey;
    const found = refusedTextAt(child, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Every text a request carries (JSON or form body, query, path) is refused with 422 when it holds a NUL
 * character or a broken UTF-16 pair, before any route sees it: no field of any route can then reach the
 * database with one.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const [part, value] of [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const refusal = refusedTextAt(value, [part]);
      if (refusal) return reply.status(422).send({ detail: [refusal] });
    }
  });
}
