/**
 * `npm run contract`: builds the app on an in-memory database, takes the OpenAPI document it serves at
 * /api/docs/json, and lints it with Redocly's recommended rules (redocly.yaml): any error fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/platform/config.ts';
import { openDatabase } from '../server/src/platform/db/client.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'contract-'));
const database = await openDatabase({ pgliteDir: null });
const app = await buildApp({
  config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'c'.repeat(40) }),
  database,
  serveWebApp: false,
});
try {
  const document = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (document.statusCode !== 200) throw new Error(`/api/docs/json answered ${document.statusCode}`);
  const file = path.join(dir, 'openapi.json');
  await writeFile(file, document.body);
  const lint = spawnSync('npx', ['redocly', 'lint', file, '--format=summary'], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = lint.status ?? 1;
} finally {
  await app.close();
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
