/**
 * Brings a backup (backup.ts) back into an empty DATA_DIR. Every entry is checked against the manifest
 * (size and SHA-256, nothing missing, nothing extra), the database is loaded and its row counts compared
 * with the snapshot's, and only then are the files moved into place. The caller makes sure the folder was
 * empty and holds it; on failure it removes what was written.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  DB_ENTRY,
  MANIFEST_ENTRY,
  SECRET_ENTRY,
  UPLOAD_ENTRY,
  type TBackupEntry,
  type TBackupManifest,
} from './backup.ts';
import { readTar, TarError } from './tar.ts';

/** A restore that cannot go on, with the one line that says why. */
export class RestoreError extends Error {}

export type TRestoreSummary = { tables: number; rows: number; files: number; createdAt: string };

const MAX_SMALL_ENTRY = 1024 * 1024;

async function collect(body: AsyncIterable<Buffer>, limit: number, name: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) throw new RestoreError(`The archive's ${name} is larger than a backup's can be`);
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

function parseManifest(content: Buffer): TBackupManifest {
  let manifest: TBackupManifest;
  try {
    manifest = JSON.parse(content.toString('utf8')) as TBackupManifest;
  } catch {
    throw new RestoreError('The archive’s manifest is not readable: it is not a Naira Ledger backup');
  }
  if (manifest?.format !== BACKUP_FORMAT)
    throw new RestoreError('The archive is not a Naira Ledger backup (its manifest names another format)');
  if (manifest.version !== BACKUP_VERSION)
    throw new RestoreError(
      `The backup is of format version ${String(manifest.version)}; this version of the app restores version ${BACKUP_VERSION}`,
    );
  return manifest;
}

/** The entries read match the manifest's: each one's size and SHA-256, none missing, none extra. */
function checkEntries(
  manifest: TBackupManifest | null,
  seen: ReadonlyMap<string, TBackupEntry>,
): asserts manifest is TBackupManifest {
  if (!manifest)
    throw new RestoreError(
      'The archive has no manifest: it is not a Naira Ledger backup, or it was cut short',
    );
  for (const expected of manifest.entries) {
    const got = seen.get(expected.name);
    if (!got) throw new RestoreError(`The archive lacks ${expected.name}, which its manifest lists`);
    if (got.size !== expected.size || got.sha256 !== expected.sha256)
      throw new RestoreError(
        `${expected.name} in the archive is damaged (its SHA-256 differs from the manifest's)`,
      );
  }
  if (seen.size !== manifest.entries.length)
    throw new RestoreError('The archive holds entries its manifest does not list');
  if (!seen.has(DB_ENTRY)) throw new RestoreError('The archive holds no database');
}

/** Reads a whole archive and checks it against its manifest without writing anything; answers the manifest. */
export async function verifyBackup(
  source: AsyncIterable<Buffer | Uint8Array | string>,
): Promise<TBackupManifest> {
  const seen = new Map<string, TBackupEntry>();
  let manifest: TBackupManifest | null = null;
  try {
    for await (const entry of readTar(source)) {
      if (manifest) throw new RestoreError(`The archive has ${entry.name} after its manifest`);
      if (entry.name === MANIFEST_ENTRY) {
        manifest = parseManifest(await collect(entry.body, 64 * MAX_SMALL_ENTRY, MANIFEST_ENTRY));
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      for await (const chunk of entry.body) {
        hash.update(chunk);
        size += chunk.length;
      }
      seen.set(entry.name, { name: entry.name, size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    if (error instanceof TarError) throw new RestoreError(`The archive cannot be read: ${error.message}`);
    throw error;
  }
  checkEntries(manifest, seen);
  return manifest;
}

/** Restores the archive read from `source` into `dataDir` (empty, and held by the caller). */
export async function restoreBackup(
  source: AsyncIterable<Buffer | Uint8Array | string>,
  dataDir: string,
): Promise<TRestoreSummary> {
  const staging = path.join(dataDir, '.restoring');
  await mkdir(staging, { recursive: true });
  const seen = new Map<string, TBackupEntry>();
  let dbDump: Buffer | null = null;
  let secret: Buffer | null = null;
  let manifest: TBackupManifest | null = null;
  try {
    for await (const entry of readTar(source)) {
      if (manifest)
        throw new RestoreError(
          `The archive has ${entry.name} after its manifest: it is not a backup of this app`,
        );
      if (seen.has(entry.name)) throw new RestoreError(`The archive holds ${entry.name} twice`);
      if (entry.name === DB_ENTRY) {
        dbDump = await collect(entry.body, Number.MAX_SAFE_INTEGER, DB_ENTRY);
        seen.set(entry.name, { name: entry.name, size: dbDump.length, sha256: sha256(dbDump) });
      } else if (entry.name === SECRET_ENTRY) {
        secret = await collect(entry.body, MAX_SMALL_ENTRY, SECRET_ENTRY);
        seen.set(entry.name, { name: entry.name, size: secret.length, sha256: sha256(secret) });
      } else if (entry.name === MANIFEST_ENTRY) {
        manifest = parseManifest(await collect(entry.body, 64 * MAX_SMALL_ENTRY, MANIFEST_ENTRY));
      } else if (UPLOAD_ENTRY.test(entry.name)) {
        const file = path.join(staging, entry.name);
        await mkdir(path.dirname(file), { recursive: true });
        const hash = createHash('sha256');
        let size = 0;
        await pipeline(
          entry.body,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              hash.update(chunk);
              size += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(file, { mode: 0o600 }),
        );
        seen.set(entry.name, { name: entry.name, size, sha256: hash.digest('hex') });
      } else {
        throw new RestoreError(`The archive holds ${entry.name}, which no Naira Ledger backup has`);
      }
    }
  } catch (error) {
    if (error instanceof TarError) throw new RestoreError(`The archive cannot be read: ${error.message}`);
    throw error;
  }
  checkEntries(manifest, seen);
  if (!dbDump) throw new RestoreError('The archive holds no database');

  // The database: PGlite loads its own dump into the new folder; then every table's count is checked.
  const db = new PGlite({
    dataDir: path.join(dataDir, 'db'),
    loadDataDir: new Blob([dbDump], { type: 'application/x-gzip' }),
    extensions: { pg_trgm },
  });
  let rows = 0;
  try {
    await db.waitReady;
    for (const [table, expected] of Object.entries(manifest.tables)) {
      const [row] = (
        await db.query<{ n: number }>(`select count(*)::int as n from "${table.replace(/"/g, '""')}"`)
      ).rows;
      if (row!.n !== expected)
        throw new RestoreError(
          `The restored table ${table} has ${row!.n} rows where the backup had ${expected}`,
        );
      rows += expected;
    }
  } finally {
    await db.close();
  }

  const uploads = path.join(staging, 'uploads');
  const files = [...seen.keys()].filter((name) => UPLOAD_ENTRY.test(name)).length;
  if (files > 0) await rename(uploads, path.join(dataDir, 'uploads'));
  if (secret) await writeFile(path.join(dataDir, SECRET_ENTRY), secret, { mode: 0o600 });
  await rm(staging, { recursive: true, force: true });
  return { tables: Object.keys(manifest.tables).length, rows, files, createdAt: manifest.created_at };
}
