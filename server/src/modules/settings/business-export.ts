/**
 * Settings → Delete Account offers the business's whole data before it is closed: a zip with one CSV per
 * table of the business (every table with a tenant_id column, found in the catalogue, so a new table is
 * exported without a change here) plus tenants.csv, and every uploaded file under files/. Secrets stay out:
 * password and code hashes, token hashes, card authorizations, and the mail outbox's bodies (an employee's
 * first e-mail holds their password); sessions and idempotency keys are machinery, not business data.
 * The zip is streamed (fflate): tables are read a page at a time, files straight from storage.
 * Beside the CSVs (for people and spreadsheets), data/<table>.jsonl keeps every value losslessly for the import
 * (business-import.ts): a first line with the column names, then one JSON array per row of each value as
 * PostgreSQL prints it, or null; data/manifest.json says which format it is.
 */
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { neutraliseCell } from '@app/domain/csv/csv';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import type { TFilesService } from '../files/index.ts';
import { createAccountRepository, type TBusinessTable } from './account.repository.ts';

export const EXPORT_SKIPPED_TABLES: ReadonlySet<string> = new Set(['sessions', 'idempotency_keys']);
export const EXPORT_SECRET_COLUMNS: ReadonlySet<string> = new Set([
  'password_hash',
  'access_code_hash',
  'token_hash',
  'authorization_code',
  'text_body',
  'attachments',
]);
const PAGE_ROWS = 2000;
export const EXPORT_FORMAT = { format: 'business-export', version: 1 } as const;

/** The download was cut short (the client went away): the export stops reading. */
class ExportStopped extends Error {}

/** A number stays a number (a negative quantity is data, not a formula); other text is neutralised. */
function csvCell(value: string | null): string {
  if (value === null) return '';
  const text = /^-?\d+(\.\d+)?$/.test(value) ? value : neutraliseCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: readonly (string | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A file's name in the zip: its id, then its original name made safe for every unzip tool. */
const zipFileName = (id: string, originalName: string) =>
  `files/${id}_${originalName.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120)}`;

export function exportedColumns(table: TBusinessTable): string[] {
  return table.columns.filter((column) => !EXPORT_SECRET_COLUMNS.has(column));
}

/**
 * Streams the business's zip, waiting for the reader between pages. Errors after the first byte end the
 * stream (the download is cut short); a reader that goes away stops the reading.
 */
export function streamBusinessExport(deps: {
  db: Executor;
  files: TFilesService;
  tenantId: number;
  log: FastifyBaseLogger;
  pageRows?: number;
}): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (out.writableNeedDrain && !out.destroyed) {
      const waiting = new AbortController();
      await Promise.race([
        once(out, 'drain', { signal: waiting.signal }),
        once(out, 'close', { signal: waiting.signal }),
      ]).finally(() => waiting.abort());
    }
    if (out.destroyed) throw new ExportStopped();
  };
  const text = (entry: ZipDeflate, content: string, final: boolean) =>
    entry.push(new TextEncoder().encode(content), final);

  async function writeTable(table: TBusinessTable, form: 'csv' | 'jsonl') {
    const repo = createAccountRepository(deps.db);
    const columns = exportedColumns(table);
    const line =
      form === 'csv' ? csvLine : (cells: readonly (string | null)[]) => `${JSON.stringify(cells)}\n`;
    const entry = new ZipDeflate(form === 'csv' ? `${table.name}.csv` : `data/${table.name}.jsonl`, {
      level: 6,
    });
    zip.add(entry);
    text(entry, form === 'csv' ? `\uFEFF${csvLine(columns)}` : line(columns), false);
    for await (const rows of repo.pagesOf(table, columns, deps.tenantId, deps.pageRows ?? PAGE_ROWS)) {
      text(entry, rows.map((row) => line(columns.map((c) => row[c] ?? null))).join(''), false);
      await drained();
    }
    text(entry, '', true);
  }

  async function writeFiles() {
    const repo = createAccountRepository(deps.db);
    for (const file of await repo.storedFilesOf(deps.tenantId)) {
      const entry = new ZipPassThrough(zipFileName(file.id, file.originalName));
      zip.add(entry);
      try {
        const stream = await deps.files.readStored(deps.tenantId, file.id);
        if (!stream) deps.log.warn({ fileId: file.id }, 'an uploaded file is missing from storage');
        for await (const chunk of stream ?? []) {
          entry.push(chunk as Uint8Array, false);
          await drained();
        }
      } catch (error) {
        if (error instanceof ExportStopped) throw error;
        deps.log.warn({ err: error, fileId: file.id }, 'an uploaded file is missing from storage');
      }
      entry.push(new Uint8Array(0), true);
    }
  }

  void (async () => {
    const tables = await createAccountRepository(deps.db).businessTables();
    const exported = tables.filter((table) => !EXPORT_SKIPPED_TABLES.has(table.name));
    for (const table of exported) await writeTable(table, 'csv');
    const manifest = new ZipDeflate('data/manifest.json', { level: 6 });
    zip.add(manifest);
    text(manifest, JSON.stringify(EXPORT_FORMAT), true);
    for (const table of exported) await writeTable(table, 'jsonl');
    await writeFiles();
    zip.end();
  })().catch((error: unknown) => {
    if (error instanceof ExportStopped) return;
    deps.log.error({ err: error }, 'the business export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
