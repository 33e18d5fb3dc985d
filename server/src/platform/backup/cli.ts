/**
 * `npm run backup [-- --out file]` and `npm run restore -- <archive>` (scripts/backup.mjs, restore.mjs).
 * Both read DATA_DIR like the server (default ./data). Backup asks the running server through its socket;
 * with no server running it takes DATA_DIR itself. Restore takes an empty DATA_DIR only. Each prints what it
 * did in one line, or why it could not in one line (exit code 1).
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir, StartupError } from '../data-dir.ts';
import { writeBackup } from './backup.ts';
import { backupSocketPath } from './backup-socket.ts';
import { restoreBackup, RestoreError, verifyBackup } from './restore.ts';

type TEnv = Record<string, string | undefined>;
type TOutput = { log: (line: string) => void; error: (line: string) => void };

/** A command that cannot go on, with its one line. */
class CommandError extends Error {}

const dataDirOf = (env: TEnv) => path.resolve(env.DATA_DIR || './data');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString('en-NG');
const plural = (n: number, one: string) => `${count(n)} ${one}${n === 1 ? '' : 's'}`;
const stamp = () => new Date().toISOString().slice(0, 19).replace(/:/g, '-');

/** Asks the running server for a backup; null when no server answers on the socket. */
function backupFromServer(socketPath: string, file: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method: 'POST', path: '/backup' }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(
          new CommandError(`The server refused the backup (${response.statusCode}): try again in a minute`),
        );
        return;
      }
      pipeline(response, createWriteStream(file, { mode: 0o600 })).then(
        () => resolve(true),
        (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
    request.end();
  });
}

/** No server runs: this process takes DATA_DIR (as the server would) and backs it up itself. */
async function backupStopped(dataDir: string, file: string) {
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof StartupError)
      throw new CommandError(
        `${error.message.split(':')[0]}, and its backup socket does not answer: stop it, then back up`,
      );
    throw error;
  }
  const client = new PGlite({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
  try {
    await writeBackup({ client, dataDir, out: createWriteStream(file, { mode: 0o600 }) });
  } finally {
    await client.close();
    await release();
  }
}

async function backup(argv: string[], env: TEnv, out: TOutput) {
  if (env.DATABASE_URL)
    throw new CommandError(
      'DATABASE_URL is set: the data lives in PostgreSQL. Back it up with pg_dump (README, "Backups")',
    );
  const dataDir = dataDirOf(env);
  const at = argv.indexOf('--out');
  if (at >= 0 && !argv[at + 1]) throw new CommandError('--out needs a file name');
  const file = path.resolve(at >= 0 ? argv[at + 1]! : `naira-ledger-backup-${stamp()}.tar`);
  if (!existsSync(path.join(dataDir, 'db')))
    throw new CommandError(`DATA_DIR ${dataDir} holds no embedded database`);
  if (existsSync(file)) throw new CommandError(`${file} exists already: choose another --out`);
  const partial = `${file}.partial`;
  try {
    const fromServer = await backupFromServer(backupSocketPath(dataDir), partial);
    if (!fromServer) await backupStopped(dataDir, partial);
    const manifest = await verifyBackup(createReadStream(partial));
    await rename(partial, file);
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    const files = manifest.entries.filter((entry) => entry.name.startsWith('uploads/')).length;
    out.log(
      `Backup written to ${file} (${megabytes((await stat(file)).size)}): ${Object.keys(manifest.tables).length} tables, ` +
        `${plural(rows, 'row')}, ${plural(files, 'file')}, ${fromServer ? `taken by the running server, which paused for ${manifest.held_ms} ms` : 'the server was stopped'}` +
        (manifest.missing_files.length > 0
          ? `; ${manifest.missing_files.length} files the database names are not in DATA_DIR/uploads`
          : ''),
    );
    if (env.S3_BUCKET)
      out.log(
        `S3_BUCKET is set: files kept in the bucket ${env.S3_BUCKET} are not in this archive; back the bucket up with the store's own tools`,
      );
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof RestoreError)
      throw new CommandError(`The backup did not check out: ${error.message}`);
    throw error;
  }
}

async function restore(argv: string[], env: TEnv, out: TOutput) {
  const archive = argv.find((arg) => !arg.startsWith('--'));
  if (!archive)
    throw new CommandError('Usage: npm run restore -- <backup archive> (into DATA_DIR, which must be empty)');
  if (env.DATABASE_URL)
    throw new CommandError(
      'DATABASE_URL is set: restore loads the embedded database only. With PostgreSQL use pg_restore (README, "Backups")',
    );
  if (!existsSync(archive)) throw new CommandError(`No such file: ${archive}`);
  const dataDir = dataDirOf(env);
  const present = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  if (present.length > 0)
    throw new CommandError(
      `Cannot restore into DATA_DIR ${dataDir}: it is not empty (restore into an empty or new folder)`,
    );
  await mkdir(dataDir, { recursive: true });
  let release: (() => Promise<void>) | null = null;
  try {
    release = await lockDataDir(dataDir);
    const summary = await restoreBackup(createReadStream(archive), dataDir);
    out.log(
      `Restored the backup of ${summary.createdAt} into ${dataDir}: ${summary.tables} tables, ${plural(summary.rows, 'row')}, ` +
        `${plural(summary.files, 'file')}. Start the server with DATA_DIR=${dataDir}`,
    );
  } catch (error) {
    // The folder was empty: whatever is in it now, this restore wrote.
    for (const name of await readdir(dataDir))
      await rm(path.join(dataDir, name), { recursive: true, force: true });
    if (error instanceof StartupError) throw new CommandError(error.message);
    throw error;
  } finally {
    await release?.();
  }
}

async function run(command: typeof backup, argv: string[], env: TEnv, out: TOutput): Promise<number> {
  try {
    await command(argv, env, out);
    return 0;
  } catch (error) {
    if (error instanceof CommandError || error instanceof RestoreError) out.error(error.message);
    else out.error(error instanceof Error ? `${error.message}` : String(error));
    return 1;
  }
}

export const backupCommand = (argv: string[], env: TEnv = process.env, out: TOutput = console) =>
  run(backup, argv, env, out);
export const restoreCommand = (argv: string[], env: TEnv = process.env, out: TOutput = console) =>
  run(restore, argv, env, out);
