import { createHash } from 'node:crypto';
import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { pipelinedClientOf } from './pipelined.ts';

const dialect = new PgDialect();

/** What both drivers' clients (pg's pool or pool client, PGlite or its transaction) answer to. */
type TDriverClient = {
  query: (...args: unknown[]) => Promise<{ rows: unknown[] }>;
  /** Only PGlite has it. */
  exec?: unknown;
};

export type THotStatement<TValues extends Record<string, unknown>> = {
  /**
   * `endsTransaction`: nothing follows this statement in its transaction; in a pipelinedTransaction it is
   * sent with the COMMIT (elsewhere the caller's transaction commits as usual).
   */
  run: <TRow = unknown>(
    db: Executor,
    values: TValues,
    options?: { endsTransaction: boolean },
  ) => Promise<TRow[]>;
};

/**
 * A statement that a hot path sends over and over (recording a sale, posting stock), written with
 * drizzle's `sql` and compiled to its text once, when the module loads: its values are named
 * placeholders (`sql.placeholder`), so a call only lines the values up, and many rows go as one array
 * per column (read back with unnest), so the text never depends on the number of rows. PostgreSQL runs
 * it as a named prepared statement, parsed and planned once per connection; PGlite as a plain one.
 * Answers come back as the driver parses them: cast dates to text, or answer json.
 */
export function hotStatement<TValues extends Record<string, unknown>>(query: SQL): THotStatement<TValues> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const names = params.map((param) => {
    if (!(param instanceof Placeholder)) throw new Error(`a hot statement takes placeholders only: ${text}`);
    return param.name as keyof TValues;
  });
  const name = `h_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  return {
    async run<TRow>(db: Executor, values: TValues, options?: { endsTransaction: boolean }): Promise<TRow[]> {
      const client = (db as unknown as { _: { session: { client: TDriverClient } } })._.session.client;
      const args = names.map((key) => values[key]);
      if (client.exec) return (await client.query(text, args)).rows as TRow[];
      const pipelined = options?.endsTransaction ? pipelinedClientOf(client) : null;
      const result = pipelined
        ? await pipelined.queryThenCommit({ name, text, values: args })
        : await client.query({ name, text, values: args });
      return result.rows as TRow[];
    },
  };
}

/** The placeholder of a hot statement's value, checked against the statement's values type. */
export function placeholders<TValues>() {
  return (name: keyof TValues & string) => sql.placeholder(name);
}

/** Many rows as one array per column, as a hot statement reads them back with unnest. */
export function columnsOf<TRow, TColumns extends Record<string, (row: TRow) => unknown>>(
  rows: readonly TRow[],
  columns: TColumns,
): { [K in keyof TColumns]: ReturnType<TColumns[K]>[] } {
  return Object.fromEntries(Object.entries(columns).map(([name, value]) => [name, rows.map(value)])) as {
    [K in keyof TColumns]: ReturnType<TColumns[K]>[];
  };
}
