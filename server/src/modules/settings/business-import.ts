/**
 * Settings → Your Data → Import: the business export (business-export.ts) read back into an empty business,
 * in one transaction. Driven by the catalogue: every table with a tenant_id column is imported unless listed
 * below, its serial ids are taken afresh from its own sequence, and every declared foreign key is remapped. The
 * references the catalogue does not declare (ids kept by type in another column, file ids in jsonb) are listed
 * here, and a test proves that no integer *_id or *_by column of an imported table is left out of both.
 */
import { randomBytes } from 'node:crypto';
import { FREE_EMPLOYEE_LIMIT, isProActive } from '@app/domain/plans/plans';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { TActor } from '../../platform/auth/access.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { rowsOf, type Executor } from '../../platform/db/client.ts';
import * as schema from '../../platform/db/schema/index.ts';
import { documents } from '../../platform/documents/pool.ts';
import { AppError } from '../../platform/errors.ts';
import { carryTransactions } from '../../platform/tenancy/plan-limits.ts';
import { sniffDocumentType } from '../files/index.ts';
import { sniffVideo } from '../vendors/index.ts';
import { EXPORT_FORMAT, EXPORT_SECRET_COLUMNS, EXPORT_SKIPPED_TABLES } from './business-export.ts';
import {
  damaged,
  unpackTask,
  type TUnpackedExport,
  type TUnpackedFile,
  type TUnpackRefusal,
} from './business-import-unpack.ts';

/**
 * Tables in the export that are not imported: the audit trail (a new business's trail starts with the import,
 * and a zip anyone can edit must not write history), sign-in and mail machinery, billing state (the importing
 * business keeps its own plan), shared links (their tokens are not exported), alerts already sent, and linked
 * bank accounts (a link lets the business read that account's credits: an edited zip could name another's).
 */
export const IMPORT_SKIPPED_TABLES: ReadonlySet<string> = new Set([
  ...EXPORT_SKIPPED_TABLES,
  'tenants',
  'audit_entries',
  'login_attempts',
  'outbox_emails',
  'plan_payments',
  'plan_renewals',
  'document_shares',
  'alert_deliveries',
  'linked_accounts',
]);

type TTarget = string | { by: string; tables: Record<string, string | null> };

/** References without a declared foreign key: the table they name, or the column that says which table. */
export const UNDECLARED_REFERENCES: Record<string, Record<string, TTarget>> = {
  stock_entries: {
    user_id: 'users',
    source_id: {
      by: 'source_type',
      tables: {
        adjustment: null,
        movement: 'stock_movements',
        purchase: 'purchase_lines',
        purchase_deleted: 'purchases',
        requisition: 'requisitions',
        requisition_deleted: 'requisitions',
        return: 'stock_returns',
        sale_line: 'sale_lines',
        sale_line_deleted: 'sale_lines',
      },
    },
  },
  payments: {
    document_id: {
      by: 'document_type',
      tables: { sale: 'sales', purchase: 'purchases', expense: 'expenses' },
    },
    deleted_by: 'users',
  },
  review_marks: {
    record_id: { by: 'record_type', tables: { sale: 'sales', purchase: 'purchases', expense: 'expenses' } },
  },
  transfer_checks: { target_id: { by: 'target_type', tables: { sale: 'sales', payment: 'payments' } } },
  sale_price_overrides: { sale_id: 'sales', warehouse_id: 'warehouses', user_id: 'users' },
  sales: { proforma_id: 'proformas' },
  expenses: { deleted_by: 'users' },
  purchases: { deleted_by: 'users' },
  proformas: { deleted_by: 'users' },
  requisitions: { deleted_by: 'users' },
  company_profiles: { logo_file_id: 'stored_files' },
};
/** jsonb columns holding an array of file ids. */
export const FILE_ID_ARRAYS: Record<string, string[]> = { vendor_products: ['image_file_ids'] };

/** Marketplace listings go through the platform's review again: a zip can be edited. */
const RESET_COLUMNS: Record<string, Record<string, string | null>> = {
  vendors: { status: 'pending', decided_at: null, rejection_reason: null },
  vendor_products: { status: 'pending', decided_at: null, rejection_reason: null },
};

/** The import takes one of the business's document slots (pool.ts): while they are all taken, a 429 says so. */
export const IMPORT_BUSY =
  'The import cannot start while this business is printing or importing. Please try again in a moment.';
export const NOT_EMPTY =
  'This business already has data. Import into a new, empty business (one with no items, sales, customers, purchases, expenses or employees yet).';
export const importEmployeeLimit = (employees: number) =>
  `The free plan allows ${FREE_EMPLOYEE_LIMIT} employee account, and this export has ${employees}. Upgrade to Pro, then import it.`;

type TColumn = { name: string; type: string };
/** serialId: ids from the table's sequence; textId: stored_files, whose ids are the files' new ids. */
type TTable = { name: string; columns: Map<string, TColumn>; serialId: boolean; textId: boolean };
type TRow = Record<string, unknown>;

export type TImportResult = {
  tables: Record<string, number>;
  files: number;
  employees_without_password: number;
  employees_removed: string[];
  /** The free-plan transactions the export's business had used, now counted for this one too. */
  transactions_carried: number;
};

/**
 * What the zip holds: each table's rows (by column name, text or null), and the files by their exported id, each
 * unzipped to a temporary file (the caller stores them one at a time, and removes the folder).
 */
export type TParsedExport = { tables: Map<string, TRow[]>; files: Map<string, TUnpackedFile> };
/** A file of the export as it was stored: its new id, and its size and type taken from its bytes. */
export type TStoredImportFile = { id: string; size_bytes: string; content_type: string };

/** Lines of a table read between two turns of the event loop (a few milliseconds of work). */
const LINES_PER_TURN = 2_000;

/**
 * A table's JSON lines as rows: the column names, then one array of text or null per row. Read a slice of lines
 * at a time, letting other requests run between slices, so a large table never holds up the request thread.
 */
export async function readTable(name: string, content: Uint8Array): Promise<TRow[]> {
  const decoder = new TextDecoder();
  const rows: TRow[] = [];
  let header: string[] | null = null;
  let start = 0;
  do {
    let end = start;
    for (let n = 0; n < LINES_PER_TURN && end < content.length; n++) {
      const newline = content.indexOf(0x0a, end);
      end = newline === -1 ? content.length : newline + 1;
    }
    const lines = decoder.decode(content.subarray(start, end)).split('\n').filter(Boolean);
    start = end;
    try {
      for (const line of lines) {
        const cells: unknown = JSON.parse(line);
        if (!header) {
          if (!Array.isArray(cells) || !cells.every((c) => typeof c === 'string')) throw new Error();
          header = cells as string[];
          continue;
        }
        if (!Array.isArray(cells) || cells.length !== header.length) throw new Error();
        if (!cells.every((cell) => cell === null || typeof cell === 'string')) throw new Error();
        rows.push(Object.fromEntries(header.map((column, i) => [column, cells[i] as string | null])));
      }
    } catch {
      throw new AppError('unprocessable', damaged(`${name} is not readable`));
    }
    await new Promise((resolve) => setImmediate(resolve));
  } while (start < content.length);
  if (!header) throw new AppError('unprocessable', damaged(`${name} is not readable`));
  return rows;
}

/**
 * Unzips the export (the zip at `zipPath`) on a document worker (business-import-unpack.ts) in one of the
 * business's document slots, refusing it past `maxUnzippedBytes`, its files written under `filesDir`; then reads
 * its tables a slice at a time: the request thread stays free for other requests throughout.
 */
export async function parseExport(
  tenantId: number,
  zipPath: string,
  filesDir: string,
  maxUnzippedBytes: number,
): Promise<TParsedExport> {
  const answer = await documents.run<TUnpackedExport | TUnpackRefusal>(
    tenantId,
    unpackTask(zipPath, filesDir, maxUnzippedBytes, EXPORT_FORMAT),
    IMPORT_BUSY,
  );
  if ('refused' in answer) throw new AppError(answer.refused.code, answer.refused.detail);
  const tables = new Map<string, TRow[]>();
  for (const [name, content] of answer.tables) {
    tables.set(name, await readTable(name, content));
    answer.tables.delete(name);
  }
  return { tables, files: answer.files };
}

async function catalogue(db: Executor) {
  const columns = await rowsOf<{
    table_name: string;
    column_name: string;
    data_type: string;
    def: string | null;
  }>(
    db,
    sql`select c.table_name, c.column_name, c.data_type, c.column_default as def
          from information_schema.columns c
          join information_schema.tables t
            on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
         where c.table_schema = current_schema()
           and c.table_name in (select table_name from information_schema.columns
                                 where table_schema = current_schema() and column_name = 'tenant_id')
         order by c.table_name, c.ordinal_position`,
  );
  const keys = await rowsOf<{
    table_name: string;
    column_name: string;
    target: string;
    target_column: string;
  }>(
    db,
    sql`select cl.relname as table_name, a.attname as column_name, tcl.relname as target, ta.attname as target_column
          from pg_constraint co
          join pg_class cl on cl.oid = co.conrelid
          join pg_namespace n on n.oid = cl.relnamespace and n.nspname = current_schema()
          join pg_class tcl on tcl.oid = co.confrelid
          join pg_attribute a on a.attrelid = co.conrelid and a.attnum = co.conkey[1]
          join pg_attribute ta on ta.attrelid = co.confrelid and ta.attnum = co.confkey[1]
         where co.contype = 'f' and array_length(co.conkey, 1) = 1`,
  );
  const tables = new Map<string, TTable>();
  for (const column of columns) {
    const table = tables.get(column.table_name) ?? {
      name: column.table_name,
      columns: new Map(),
      serialId: false,
      textId: false,
    };
    table.columns.set(column.column_name, {
      name: column.column_name,
      type: column.data_type,
    });
    if (column.column_name === 'id') {
      table.serialId = (column.def ?? '').startsWith('nextval(');
      table.textId = column.data_type === 'text' && column.table_name === 'stored_files';
    }
    tables.set(column.table_name, table);
  }
  const references = new Map<string, Map<string, TTarget>>();
  for (const key of keys) {
    if (key.target_column !== 'id' || !tables.has(key.table_name)) continue;
    const of = references.get(key.table_name) ?? new Map<string, TTarget>();
    of.set(key.column_name, key.target);
    references.set(key.table_name, of);
  }
  for (const [table, columnsOf] of Object.entries(UNDECLARED_REFERENCES)) {
    const of = references.get(table) ?? new Map<string, TTarget>();
    for (const [column, target] of Object.entries(columnsOf)) of.set(column, target);
    references.set(table, of);
  }
  return { tables, references };
}

/**
 * The values each text column may hold, where the schema names them (`text(…, { enum })`): the database does
 * not check them, and the screens' answers would refuse a value outside them, so the import does.
 */
const ALLOWED_VALUES: Map<string, Map<string, ReadonlySet<string>>> = (() => {
  const tables = new Map<string, Map<string, ReadonlySet<string>>>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns = new Map<string, ReadonlySet<string>>();
    for (const column of config.columns)
      if (column.enumValues?.length) columns.set(column.name, new Set(column.enumValues));
    tables.set(config.name, columns);
  }
  return tables;
})();

/** A file's size and type come from its bytes, not from the zip's row (which anyone can edit). */
export function storedFileFacts(content: Buffer): Omit<TStoredImportFile, 'id'> {
  const type = sniffDocumentType(content) ?? sniffVideo(content);
  return {
    size_bytes: String(content.length),
    content_type: type?.contentType ?? 'application/octet-stream',
  };
}

/** The free plan's employee limit holds for what an import brings, as it does for the Employees screen. */
function assertEmployeeLimit(
  business: { plan: 'free' | 'pro'; expires_at: string | null } | undefined,
  employees: number,
) {
  if (!business || employees <= FREE_EMPLOYEE_LIMIT) return;
  const expires = business.expires_at ? new Date(business.expires_at) : null;
  if (!isProActive({ plan: business.plan, expires_at: expires, transaction_count: 0 }, new Date()))
    throw new AppError('forbidden', importEmployeeLimit(employees));
}

/** Each of these documents counted one transaction of the free plan when it was recorded. */
const COUNTED_DOCUMENTS = ['sales', 'purchases', 'expenses'];

/**
 * The free-plan transactions the export's business had used: its own count (tenants.transaction_count), and
 * never fewer than the documents it brings, so a count edited down in the zip resets nothing.
 */
function transactionsUsed(parsed: TParsedExport): number {
  const stated = (parsed.tables.get('tenants') ?? []).map((row) => {
    const value = String(row.transaction_count ?? 0);
    if (!/^\d{1,9}$/.test(value))
      throw new AppError('unprocessable', damaged(`tenants.transaction_count holds "${value}"`));
    return Number(value);
  });
  const recorded = COUNTED_DOCUMENTS.reduce((sum, table) => sum + (parsed.tables.get(table)?.length ?? 0), 0);
  return Math.max(recorded, ...stated);
}

/** Rows the business already has in the tables that hold data of its own (an id), beyond its MD. */
async function holdsData(
  db: Executor,
  tables: TTable[],
  tenantId: number,
  mdUserId: number,
): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    if (!table.columns.has('id')) continue;
    const skipMd = table.name === 'users' ? sql` and id <> ${mdUserId}` : sql``;
    const [row] = await rowsOf<{ found: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(table.name)} where tenant_id = ${tenantId}${skipMd}) as found`,
    );
    if (row?.found) found.push(table.name);
  }
  return found;
}

/** Tables in an order where each comes after those its declared foreign keys name. */
function insertionOrder(tables: TTable[], references: Map<string, Map<string, TTarget>>): TTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TTable[] = [];
  const placed = new Set<string>();
  const visit = (table: TTable, path: Set<string>) => {
    if (placed.has(table.name) || path.has(table.name)) return;
    path.add(table.name);
    for (const target of references.get(table.name)?.values() ?? [])
      if (typeof target === 'string' && byName.has(target) && target !== table.name)
        visit(byName.get(target)!, path);
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * Imports the parsed export into the actor's business inside the caller's transaction: refuses a business with
 * data, maps the export's MD onto the actor, takes new ids, remaps every reference, and inserts every table.
 * `storedFiles` maps each exported file id to the file its bytes were already stored as.
 */
export async function importBusiness(
  tx: Executor,
  actor: TActor,
  parsed: TParsedExport,
  storedFiles: Map<string, TStoredImportFile>,
): Promise<TImportResult> {
  const [business] = await rowsOf<{ plan: 'free' | 'pro'; expires_at: string | null }>(
    tx,
    sql`select plan, plan_expires_at as expires_at from tenants where id = ${actor.tenantId} for update`,
  );
  const { tables, references } = await catalogue(tx);
  const imported = [...tables.values()].filter((table) => !IMPORT_SKIPPED_TABLES.has(table.name));
  const importedNames = new Set(imported.map((table) => table.name));

  for (const [name, rows] of parsed.tables) {
    if (IMPORT_SKIPPED_TABLES.has(name) || name === 'tenants') continue;
    const table = tables.get(name);
    if (!table)
      throw new AppError('unprocessable', damaged(`it has a table this app does not know (${name})`));
    for (const column of Object.keys(rows[0] ?? {}))
      if (!table.columns.has(column) || EXPORT_SECRET_COLUMNS.has(column))
        throw new AppError(
          'unprocessable',
          damaged(`${name} has a column this app does not know (${column})`),
        );
  }

  const busy = await holdsData(tx, imported, actor.tenantId, actor.userId);
  if (busy.length > 0) throw new AppError('conflict', NOT_EMPTY);

  const ids = new Map<string, Map<string, string>>();
  ids.set('tenants', new Map());
  const users = parsed.tables.get('users') ?? [];
  const mds = users.filter((row) => row.role === 'md');
  if (mds.length !== 1) throw new AppError('unprocessable', damaged('it must have exactly one MD'));
  for (const table of imported) {
    const rows = parsed.tables.get(table.name) ?? [];
    const map = new Map<string, string>();
    if (table.textId) {
      for (const row of rows) {
        const id = String(row.id);
        const stored = storedFiles.get(id);
        if (!stored) throw new AppError('unprocessable', damaged(`the file ${id} is missing from files/`));
        map.set(id, stored.id);
      }
    } else if (table.serialId) {
      const fresh = rows.filter((row) => !(table.name === 'users' && row.role === 'md'));
      const taken = await rowsOf<{ id: string }>(
        tx,
        sql`select nextval(pg_get_serial_sequence(${table.name}, 'id'))::text as id
              from generate_series(1, ${fresh.length})`,
      );
      fresh.forEach((row, i) => map.set(String(row.id), taken[i]!.id));
      if (table.name === 'users') map.set(String(mds[0]!.id), String(actor.userId));
    }
    if (map.size !== new Set(rows.map((row) => String(row.id))).size && (table.serialId || table.textId))
      throw new AppError('unprocessable', damaged(`${table.name} has the same id twice`));
    ids.set(table.name, map);
  }

  const mapped = (table: string, column: string, target: string | null, value: unknown) => {
    if (value === null || value === undefined) return null;
    if (target === null) return value;
    if (target === 'tenants') return String(actor.tenantId);
    const found = ids.get(target)?.get(String(value));
    if (found === undefined) {
      if (!importedNames.has(target)) return null;
      throw new AppError('unprocessable', damaged(`${table}.${column} names a row that is not in it`));
    }
    return found;
  };

  const noPassword = await hashPassword(randomBytes(32).toString('base64url'));
  const takenEmails = new Set(
    (
      await rowsOf<{ email: string }>(
        tx,
        sql`select lower(email) as email from users where removed_at is null and tenant_id <> ${actor.tenantId}`,
      )
    ).map((row) => row.email),
  );
  const result: TImportResult = {
    tables: {},
    files: 0,
    employees_without_password: 0,
    employees_removed: [],
    transactions_carried: transactionsUsed(parsed),
  };
  const now = new Date().toISOString();

  for (const table of insertionOrder(imported, references)) {
    const rows = parsed.tables.get(table.name) ?? [];
    if (!table.columns.has('id'))
      await tx.execute(sql`delete from ${sql.identifier(table.name)} where tenant_id = ${actor.tenantId}`);
    const out: TRow[] = [];
    for (const row of rows) {
      if (table.name === 'users' && row.role === 'md') continue;
      const next: TRow = {};
      for (const [column, value] of Object.entries(row)) {
        const info = table.columns.get(column)!;
        const target = references.get(table.name)?.get(column);
        let cell: unknown = value;
        if (column === 'tenant_id') cell = String(actor.tenantId);
        else if (column === 'id' && (table.serialId || table.textId))
          cell = ids.get(table.name)!.get(String(value));
        else if (typeof target === 'string') cell = mapped(table.name, column, target, value);
        else if (target) {
          const kind = String(row[target.by]);
          if (!(kind in target.tables))
            throw new AppError('unprocessable', damaged(`${table.name}.${target.by} "${kind}" is not known`));
          cell = mapped(table.name, column, target.tables[kind]!, value);
        } else if (FILE_ID_ARRAYS[table.name]?.includes(column) && typeof value === 'string') {
          const list: unknown = JSON.parse(value);
          cell = Array.isArray(list)
            ? list.map((id) => mapped(table.name, column, 'stored_files', id))
            : list;
        }
        if ((info.type === 'jsonb' || info.type === 'json') && typeof cell === 'string')
          cell = JSON.parse(cell);
        const allowed = ALLOWED_VALUES.get(table.name)?.get(column);
        if (allowed && cell !== null && !allowed.has(String(cell)))
          throw new AppError('unprocessable', damaged(`${table.name}.${column} holds "${String(cell)}"`));
        next[column] = cell;
      }
      Object.assign(next, RESET_COLUMNS[table.name] ?? {});
      if (table.name === 'stored_files') {
        const { size_bytes, content_type } = storedFiles.get(String(row.id))!;
        Object.assign(next, { size_bytes, content_type });
      }
      if (table.name === 'users') {
        next.role = 'employee';
        next.password_hash = noPassword;
        next.login_alert_sent_at = null;
        const email = String(next.email ?? '').toLowerCase();
        if (next.removed_at === null || next.removed_at === undefined) {
          if (takenEmails.has(email) || email === actor.email.toLowerCase()) {
            next.removed_at = now;
            result.employees_removed.push(String(next.name));
          } else result.employees_without_password += 1;
        }
      }
      out.push(next);
    }
    if (table.name === 'users') assertEmployeeLimit(business, result.employees_without_password);
    if (out.length === 0) continue;
    const columns = [...new Set(out.flatMap((row) => Object.keys(row)))];
    const list = sql.join(
      columns.map((column) => sql.identifier(column)),
      sql`, `,
    );
    for (let start = 0; start < out.length; start += 500) {
      const chunk = JSON.stringify(out.slice(start, start + 500));
      await tx.execute(
        sql`insert into ${sql.identifier(table.name)} (${list})
            select ${list} from json_populate_recordset(null::${sql.identifier(table.name)}, ${chunk}::json)`,
      );
    }
    result.tables[table.name] = out.length;
  }
  result.files = result.tables.stored_files ?? 0;
  // Past the free limit the import still lands (its data is the business's own); recording more then needs Pro.
  await carryTransactions(tx, actor.tenantId, result.transactions_carried);
  return result;
}
