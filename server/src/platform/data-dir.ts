/**
 * The embedded database's folder: one process at a time, and a start-up that says in one line why it
 * cannot use the folder (read-only, full, not a folder, in use) instead of a stack trace.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A start-up that cannot go on, with the one line that says why. */
export class StartupError extends Error {}

const REASONS: Record<string, string> = {
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'part of the path is a file, not a folder',
  EISDIR: 'a folder stands where a file should be',
};

/** The one line for a file-system error met while preparing DATA_DIR, or null for any other error. */
export function dataDirProblem(dataDir: string, error: unknown): string | null {
  const code = (error as { code?: unknown }).code;
  const reason = typeof code === 'string' ? REASONS[code] : undefined;
  return reason ? `Cannot use DATA_DIR ${dataDir}: ${reason} (${String(code)})` : null;
}

/** Creates DATA_DIR if needed and proves it takes a write, so a read-only or full disk is said up front. */
export function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, '.write-check');
    writeFileSync(probe, 'ok');
    rmSync(probe);
  } catch (error) {
    const line = dataDirProblem(dataDir, error);
    throw line ? new StartupError(line) : error;
  }
}

const inUse = (dataDir: string, pid: string | null) =>
  new StartupError(
    `DATA_DIR ${dataDir} is in use by another process${pid ? ` (pid ${pid})` : ''}: stop it first, or give this one a DATA_DIR of its own`,
  );

const readPid = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
};

/**
 * Holds DATA_DIR for this process's life. On Linux the lock is a listening socket in the abstract
 * namespace, named after the folder's real path: the kernel frees it when the process ends, however it
 * ends (kill -9 included), and a second `listen` on it fails at once. Elsewhere, a pid file whose owner
 * must still be alive. Answers the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const real = realpathSync(dataDir);
  const pidFile = path.join(real, 'server.pid');
  if (process.platform !== 'linux') {
    const holder = Number(readPid(pidFile));
    if (holder && holder !== process.pid && alive(holder)) throw inUse(real, String(holder));
    writeFileSync(pidFile, String(process.pid));
    return async () => rmSync(pidFile, { force: true });
  }
  const name = `\0naira-ledger-${createHash('sha256').update(real).digest('hex').slice(0, 40)}`;
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? inUse(real, readPid(pidFile)) : error),
    );
    server.listen(name, resolve);
  });
  server.unref();
  writeFileSync(pidFile, String(process.pid));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
