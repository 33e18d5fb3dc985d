/**
 * `npm run test:e2e`: runs the browser journeys (e2e/*.spec.ts) with Node's test runner against the
 * built app (npm run build first), on a fresh PGlite data dir; when TEST_DATABASE_URL is set, runs
 * them again on a fresh PostgreSQL database created from it (and dropped after). Arguments, if any, keep only
 * the spec files whose names contain one of them (`node e2e/run.mjs sales`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN_ACCESS_CODE } from './support/admin-code.mjs';
import { startServer } from './support/server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');
const SERVER_ENTRY = path.join(ROOT, 'server/dist/main.js');

const missing = [SERVER_ENTRY, path.join(ROOT, 'web/dist/index.html')].filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(
    `e2e: build the app first (npm run build); missing ${missing.map((f) => path.relative(ROOT, f)).join(', ')}`,
  );
  process.exit(1);
}

const specs = readdirSync(path.join(ROOT, 'e2e'))
  .filter((file) => file.endsWith('.spec.ts'))
  .filter((file) => process.argv.length <= 2 || process.argv.slice(2).some((part) => file.includes(part)))
  .sort()
  .map((file) => path.join('e2e', file));

/**
 * Node's test runner over the spec files, one file at a time; resolves to its exit code.
 * @param {Record<string, string>} env
 * @returns {Promise<number>}
 */
function runSpecs(env) {
  const args = ['--conditions=source', '--import', 'tsx', '--test', '--test-concurrency=1', ...specs];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/**
 * Starts the built server on a fresh data dir (and the given database), runs every spec, stops it.
 * @param {string} label
 * @param {{ DATABASE_URL: string | undefined }} databaseEnv
 */
async function runOn(label, databaseEnv) {
  console.log(`\n# e2e on ${label}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `e2e-${label}-`));
  mkdirSync(path.join(ARTIFACTS, label), { recursive: true });
  const logFile = path.join(ARTIFACTS, label, 'server.log');
  const server = await startServer({
    args: [SERVER_ENTRY],
    env: {
      ...databaseEnv,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: undefined,
      ADMIN_ACCESS_CODE: E2E_ADMIN_ACCESS_CODE,
    },
    logFile,
    cwd: ROOT,
  });
  const code = await runSpecs({
    BASE_URL: server.url,
    E2E_DATA_DIR: dataDir,
    E2E_LABEL: label,
    ADMIN_ACCESS_CODE: E2E_ADMIN_ACCESS_CODE,
  }).finally(server.stop);
  if (code === 0) await rm(dataDir, { recursive: true, force: true });
  else
    console.error(
      `# e2e on ${label} failed: data kept in ${dataDir}, server log ${path.relative(ROOT, logFile)}`,
    );
  return code;
}

/**
 * A fresh database on the server of TEST_DATABASE_URL; `drop` removes it again.
 * @param {string} baseUrl
 */
async function createDatabase(baseUrl) {
  const { default: pg } = await import('pg');
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const results = [];
results.push(['PGlite', await runOn('pglite', { DATABASE_URL: undefined })]);

if (process.env.TEST_DATABASE_URL) {
  const database = await createDatabase(process.env.TEST_DATABASE_URL);
  try {
    results.push(['PostgreSQL', await runOn('postgres', { DATABASE_URL: database.url })]);
  } finally {
    await database.drop();
  }
}

// The test runner's own summary stays the last output on success (CI reads those closing lines).
const failed = results.filter(([, code]) => code !== 0).map(([label]) => label);
if (failed.length > 0) console.error(`# e2e FAILED on ${failed.join(' and ')}`);
process.exit(failed.length > 0 ? 1 : 0);
