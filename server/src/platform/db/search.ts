import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `text` as a LIKE pattern that matches it literally (%, _ and \ escaped), anywhere or at the start. */
export function likePattern(text: string, where: 'anywhere' | 'start' = 'anywhere'): string {
  const literal = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return where === 'start' ? `${literal}%` : `%${literal}%`;
}

/**
 * Case-insensitive "contains" on a text column: answered by the column's pg_trgm GIN index (migration
 * 0008) when the text has three characters or more.
 */
export const containsText = (column: SQL | AnyColumn, text: string): SQL =>
  sql`${column} ilike ${likePattern(text)}`;

/** Sorts the rows whose column starts with `text` (any case) first. */
export const startsWithFirst = (column: SQL | AnyColumn, text: string): SQL =>
  sql`(${column} ilike ${likePattern(text, 'start')}) desc`;
