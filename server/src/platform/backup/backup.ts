/**
 * A backup of the embedded database (PGlite) and its uploaded files, as one tar archive:
 *   db.tar.gz            the PGlite data directory (PGlite's own dump, which `loadDataDir` takes back)
 *   jwt-secret           the generated signing secret, when DATA_DIR holds one (sessions stay valid)
 *   uploads/<t>/<id>     every file a stored_files row of the snapshot names
 *   manifest.json        last: the entries' sizes and SHA-256, every table's row count, the migrations
 *
 * Consistency: the snapshot is taken inside one PGlite transaction. PGlite runs one statement at a time and
 * its transaction() holds a lock every query and transaction of the app waits for, so while the snapshot
 * runs nothing else writes: a sale is in it wholly or not at all. Under that lock it checkpoints, counts the
 * rows, dumps the data directory (into memory, uncompressed) and hard-links the named files into a staging
 * folder; the lock is then released and the slow part (gzip, reading the files, writing the archive) runs
 * while the server serves. Files are never changed in place, and a file removed meanwhile stays reachable
 * through its link.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { tarEnd, tarHeader, tarPadding } from './tar.ts';

export const BACKUP_FORMAT = 'naira-ledger-backup';
export const BACKUP_VERSION = 1;
export const DB_ENTRY = 'db.tar.gz';
export const SECRET_ENTRY = 'jwt-secret';
export const MANIFEST_ENTRY = 'manifest.json';
export const UPLOAD_ENTRY = /^uploads\/(\d{1,10})\/([0-9a-f-]{36})$/;

export type TBackupEntry = { name: string; size: number; sha256: string };
export type TBackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  database: 'pglite';
  /** Migrations applied when the snapshot was taken. */
  migrations: number;
  /** Every table of the public schema and its row count in the snapshot. */
  tables: Record<string, number>;
  entries: TBackupEntry[];
  /** Files a stored_files row names that were not on disk when the snapshot was taken. */
  missing_files: string[];
  /** How long the server's other queries waited for the snapshot. */
  held_ms: number;
};

export type TBackupSummary = {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  missingFiles: number;
  /** How long the server's database was held for the snapshot. */
  heldMs: number;
};

type TSnapshot = {
  rawDump: Uint8Array;
  tables: Record<string, number>;
  migrations: number;
  files: { key: string; linked: string }[];
  missing: string[];
  heldMs: number;
};

const gzipAsync = promisify(gzip);

/** The staging folders of backups that never finished (the process stopped meanwhile). */
async function removeStaleStaging(dataDir: string) {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names)
    if (name.startsWith('.backup-')) await rm(path.join(dataDir, name), { recursive: true, force: true });
}

async function linkOrCopy(from: string, to: string) {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    await copyFile(from, to);
  }
}

async function snapshot(client: PGlite, dataDir: string, staging: string): Promise<TSnapshot> {
  return client.transaction(async (tx) => {
    const started = performance.now();
    await tx.exec('CHECKPOINT');
    const tableNames = await tx.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    // Every table's count in one statement (one by one, planning each took most of the pause).
    const counted = await tx.query<{ name: string; n: number }>(
      tableNames.rows
        .map(
          ({ name }) =>
            `select '${name.replace(/'/g, "''")}' as name, count(*)::int as n from "${name.replace(/"/g, '""')}"`,
        )
        .join(' union all '),
    );
    const tables: Record<string, number> = {};
    for (const row of counted.rows) tables[row.name] = row.n;
    // (A failing statement would end the transaction: the migrations table is looked up first.)
    const [known] = (
      await tx.query<{ t: string | null }>(`select to_regclass('drizzle.__drizzle_migrations')::text as t`)
    ).rows;
    const migrations = known?.t
      ? (await tx.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'))
          .rows[0]!.n
      : 0;
    const stored = tables.stored_files
      ? (await tx.query<{ key: string }>(`select tenant_id || '/' || id as key from stored_files order by 1`))
          .rows
      : [];
    const files: TSnapshot['files'] = [];
    const missing: string[] = [];
    for (const { key } of stored) {
      const linked = path.join(staging, key);
      try {
        await linkOrCopy(path.join(dataDir, 'uploads', key), linked);
        files.push({ key, linked });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        missing.push(key);
      }
    }
    // dumpDataDir takes PGlite's query lock only; this transaction's lock already keeps every other
    // query and transaction of the app waiting, so the folder it reads does not change meanwhile.
    const dump = await client.dumpDataDir('none');
    const rawDump = new Uint8Array(await dump.arrayBuffer());
    return { rawDump, tables, migrations, files, missing, heldMs: performance.now() - started };
  });
}

/**
 * Writes a backup of the running embedded database to `out` (which it ends). `client` is the server's own
 * PGlite; `dataDir` the DATA_DIR it lives in.
 */
export async function writeBackup(deps: {
  client: PGlite;
  dataDir: string;
  out: Writable;
}): Promise<TBackupSummary> {
  const { out } = deps;
  await removeStaleStaging(deps.dataDir);
  const staging = await mkdtemp(path.join(deps.dataDir, '.backup-'));
  try {
    const snap = await snapshot(deps.client, deps.dataDir, staging);
    const entries: TBackupEntry[] = [];
    let bytes = 0;
    const write = async (chunk: Buffer | Uint8Array) => {
      if (out.destroyed) throw new Error('the backup’s reader went away');
      bytes += chunk.length;
      if (!out.write(chunk)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    };
    const writeEntry = async (name: string, content: Buffer | Uint8Array) => {
      await write(tarHeader(name, content.length));
      await write(content);
      await write(tarPadding(content.length));
      entries.push({
        name,
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      });
    };

    await writeEntry(DB_ENTRY, await gzipAsync(snap.rawDump, { level: 6 }));
    const secretFile = path.join(deps.dataDir, SECRET_ENTRY);
    if (existsSync(secretFile)) await writeEntry(SECRET_ENTRY, await readFile(secretFile));
    for (const file of snap.files) {
      const name = `uploads/${file.key}`;
      const { size } = await stat(file.linked);
      const hash = createHash('sha256');
      await write(tarHeader(name, size));
      let written = 0;
      for await (const chunk of createReadStream(file.linked)) {
        const part = (chunk as Buffer).subarray(0, Math.max(0, size - written));
        written += part.length;
        hash.update(part);
        await write(part);
      }
      if (written !== size) throw new Error(`${name} changed while it was copied`);
      await write(tarPadding(size));
      entries.push({ name, size, sha256: hash.digest('hex') });
    }
    const manifest: TBackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      database: 'pglite',
      migrations: snap.migrations,
      tables: snap.tables,
      entries,
      missing_files: snap.missing,
      held_ms: Math.round(snap.heldMs),
    };
    await writeEntry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    await write(tarEnd());
    // The reader may close as soon as it has the last byte: then the stream closes without 'finish'.
    const done = Promise.race([once(out, 'finish'), once(out, 'close')]);
    out.end();
    await done;
    return {
      tables: Object.keys(snap.tables).length,
      rows: Object.values(snap.tables).reduce((sum, n) => sum + n, 0),
      files: snap.files.length,
      bytes,
      missingFiles: snap.missing.length,
      heldMs: Math.round(snap.heldMs),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
