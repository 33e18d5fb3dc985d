import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  return port;
}

/** Runs one statement on a database of its own connection. */
export async function sqlOn(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A new PostgreSQL database next to TEST_DATABASE_URL's, and how to drop it. */
export async function scratchDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `t_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await sqlOn(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await sqlOn(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export type TSpawnedServer = {
  process: ChildProcess;
  api: string;
  exited: Promise<[number | null, string | null]>;
};

/** The server as its own process (from the sources), on a fresh DATA_DIR and the given database; ready. */
export async function spawnServer(databaseUrl: string): Promise<TSpawnedServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', path.join(SERVER_DIR, 'src/main.ts')],
    {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: `/tmp/app-spawned-${randomBytes(4).toString('hex')}`,
        JWT_SECRET: 'x'.repeat(40),
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  const api = `http://127.0.0.1:${port}/api`;
  for (let ready = false; !ready;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    ready = await fetch(`${api}/`).then(
      (res) => res.ok,
      () => false,
    );
    if (!ready) await sleep(200);
  }
  return { process: child, api, exited };
}
