import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type TConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';

function readConfig(): TConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'db') },
  );
  const app = await buildApp({ config, database });
  app.outbox.start();
  app.keySweeper.start();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
    await app.outbox.stop();
    app.keySweeper.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'ready');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
