import { createHash } from 'node:crypto';
import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteSessionOf, type Executor } from './client.ts';
import { pipelinedClientOf } from './pipelined.ts';

const dialect = new PgDialect();

/** What both drivers' clients (pg's pool or pool client, PGlite or its transaction) answer to. */
type TDriverClient = {
  query: (...args: unknown[]) => Promise<{ rows: unknown[] }>;
  /** Only PGlite has it. */
  exec?: unknown;
  /** Only PGlite's instance has it (not its transactions). */
  transaction?: <T>(work: (tx: TDriverClient) => Promise<T>) => Promise<T>;
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
 * it as a named prepared statement, parsed and planned once per connection; PGlite too (runOnPglite).
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
      if (client.exec) return (await runOnPglite(client, name, text, args)) as TRow[];
      const pipelined = options?.endsTransaction ? pipelinedClientOf(client) : null;
      const result = pipelined
        ? await pipelined.queryThenCommit({ name, text, values: args })
        : await client.query({ name, text, values: args });
      return result.rows as TRow[];
    },
  };
}

/** The hot statements PREPAREd in each PGlite session (PGlite is one session; PREPARE outlives a rollback). */
const preparedInPglite = new WeakMap<object, Set<string>>();

/** pg's own conversion of a parameter to its text form (arrays to array literals); @types/pg leaves it out. */
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => string | null } })
  .utils;

/** A value as an SQL literal, in the text form pg would send it as a parameter. */
function sqlLiteral(value: unknown): string {
  const text = prepareValue(value);
  return text === null || text === undefined ? 'NULL' : pg.escapeLiteral(text);
}

/**
 * PGlite's query() names no statement, so it parses and plans its text on every call, which for the sale's
 * statements cost more than running them: the statement is PREPAREd once per session and run by EXECUTE,
 * whose values can only be literals (escaped as pg escapes them), not parameters. It always runs in a
 * transaction, and PGlite runs one at a time, so no other caller can EXECUTE it before it is prepared.
 */
async function runOnPglite(
  client: TDriverClient,
  name: string,
  text: string,
  args: unknown[],
): Promise<unknown[]> {
  const session = pgliteSessionOf(client);
  if (session === client && client.transaction)
    return client.transaction((tx) => runOnPglite(tx, name, text, args));
  let prepared = preparedInPglite.get(session);
  if (!prepared) preparedInPglite.set(session, (prepared = new Set()));
  if (!prepared.has(name)) {
    await client.query(`PREPARE ${name} AS ${text}`);
    prepared.add(name);
  }
  const values = args.length > 0 ? `(${args.map(sqlLiteral).join(', ')})` : '';
  return (await client.query(`EXECUTE ${name}${values}`)).rows;
}

/** The placeholder of a hot statement's value, checked against the statement's values type. */
export function placeholders<TValues>() {
  return (name: keyof TValues & string) => sql.placeholder(name);
}

/**
 * Many rows as one array per column, as a hot statement reads them back with unnest. Merge a statement's parts
 * with `Object.assign({}, a, b, …)`, not `{ ...a, ...b }`: such objects (named by computed keys) are V8
 * dictionaries, and a literal of several spreads copies them a property at a time, which for a sale's ~90
 * values cost ~0.25 ms of CPU a call against ~10 µs.
 */
export function columnsOf<TRow, TColumns extends Record<string, (row: TRow) => unknown>>(
  rows: readonly TRow[],
  columns: TColumns,
): { [K in keyof TColumns]: ReturnType<TColumns[K]>[] } {
  return Object.fromEntries(Object.entries(columns).map(([name, value]) => [name, rows.map(value)])) as {
    [K in keyof TColumns]: ReturnType<TColumns[K]>[];
  };
}
