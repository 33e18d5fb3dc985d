import path from 'node:path';
import { buildApp } from './app.ts';
import { serveBackups } from './platform/backup/backup-socket.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { lockDataDir, prepareDataDir, StartupError } from './platform/data-dir.ts';
import { openDatabase } from './platform/db/client.ts';
import { documents } from './platform/documents/pool.ts';

const SHUTDOWN_GRACE_MS = 7_000;
const SHUTDOWN_LIMIT_MS = 9_500;

/** A bad setting, or a DATA_DIR that cannot be used, stops the start with one line saying so. */
function stopWithOneLine(error: unknown): never {
  if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
  else console.error(error);
  process.exit(1);
}

async function main() {
  const config = loadConfig();
  prepareDataDir(config.dataDir);
  // The embedded database is one process's: a second one on the same DATA_DIR would lose acknowledged writes.
  const releaseDataDir = config.databaseUrl ? async () => {} : await lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') },
  );
  const app = await buildApp({ config, database });
  app.outbox.start();
  app.keySweeper.start();
  app.alerts.start();
  app.planRenewer.start();
  app.uploadSweeper.start();
  // `npm run backup` asks this process for a snapshot of the embedded database (DATA_DIR/backup.sock).
  const stopBackups =
    database.kind === 'pglite'
      ? await serveBackups({ dataDir: config.dataDir, database, log: app.log })
      : null;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Requests still running after the grace period lose their connections (their transactions roll
    // back, and a retry with the same Idempotency-Key records them once); the process is gone in 10 s.
    const cutConnections = setTimeout(() => {
      app.log.warn('requests still running after the grace period: closing their connections');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS).unref();
    setTimeout(() => {
      console.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    await app.close();
    clearTimeout(cutConnections);
    // The requests have finished; a document still being built for a connection cut above ends with them.
    await documents.close();
    await app.outbox.stop();
    app.keySweeper.stop();
    app.uploadSweeper.stop();
    await app.planRenewer.stop();
    await stopBackups?.();
    await database.close();
    await releaseDataDir();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'ready');
}

main().catch(stopWithOneLine);
