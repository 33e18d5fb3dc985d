import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const names = new Map<string, string>();

/** The statement's name on every connection: the same text is the same prepared statement. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a statement that a hot path sends over and over (recording a sale) as a named prepared
 * statement: PostgreSQL parses and plans it once per connection instead of on every call. Write such
 * statements with array parameters (unnest) so that their text does not depend on the number of rows.
 * PGlite runs it as an ordinary statement.
 */
export async function executePrepared(db: Executor, query: SQL): Promise<void> {
  const { dialect, _ } = db as unknown as { dialect: PgDialect; _: { session: PgSession } };
  const built = dialect.sqlToQuery(query);
  await _.session.prepareQuery(built, undefined, nameOf(built.sql), false).execute();
}

/** One array parameter for a column of many rows (read back with unnest): the text does not grow with the rows. */
export function arrayParam<T>(rows: readonly T[], value: (row: T) => unknown) {
  return sql.param(rows.map(value));
}
