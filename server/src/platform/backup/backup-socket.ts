/**
 * The running server's backup door: an HTTP server on a Unix socket in DATA_DIR (`backup.sock`, mode 0600),
 * so only whoever may read DATA_DIR can ask for a backup, and no network port is opened. `npm run backup`
 * posts to it and receives the archive; the snapshot is taken by this process, which holds the database.
 */
import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { writeBackup } from './backup.ts';

export const BACKUP_SOCKET = 'backup.sock';
/** A Unix socket's path is at most 107 bytes on Linux. */
const MAX_SOCKET_PATH = 107;

export const backupSocketPath = (dataDir: string) => path.join(dataDir, BACKUP_SOCKET);

/** The PGlite instance behind the embedded database's handle. */
export function pgliteOf(database: DatabaseHandle): PGlite {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('the database is not the embedded PGlite');
  return client;
}

/** Serves backups of the embedded database on DATA_DIR/backup.sock; answers how to stop serving. */
export async function serveBackups(deps: {
  dataDir: string;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
}): Promise<() => Promise<void>> {
  const socket = backupSocketPath(deps.dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    deps.log.warn(
      { socket },
      'DATA_DIR’s path is too long for the backup socket: back up with the server stopped',
    );
    return async () => {};
  }
  const client = pgliteOf(deps.database);
  let running = false;
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (running) {
      response.writeHead(409, { 'content-type': 'text/plain' }).end('A backup is running already');
      return;
    }
    running = true;
    response.writeHead(200, { 'content-type': 'application/x-tar' });
    writeBackup({ client, dataDir: deps.dataDir, out: response })
      .then((summary) => deps.log.info({ backup: summary }, 'backup written'))
      .catch((error: unknown) => {
        deps.log.error({ err: error }, 'the backup failed');
        response.destroy();
      })
      .finally(() => {
        running = false;
      });
  });
  // This process holds DATA_DIR, so a socket file left there is one an earlier process never removed.
  await rm(socket, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  await chmod(socket, 0o600);
  return async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    await rm(socket, { force: true });
  };
}
