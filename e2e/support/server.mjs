/**
 * Starts the app as a child process on a free port and stops it again.
 * Shared by e2e/run.mjs and bench/run.ts.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** @returns {Promise<number>} a TCP port that was free a moment ago */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * @typedef {{ url: string, port: number, logFile: string | undefined, stop: () => Promise<void> }} TRunningServer
 * @param {{ args: string[], env?: Record<string, string | undefined>, logFile?: string, cwd?: string,
 *   healthPath?: string, timeoutMs?: number }} options
 *   args: node arguments (flags and entry file); env: added to process.env (PORT and HOST are set here)
 * @returns {Promise<TRunningServer>}
 */
export async function startServer({
  args,
  env = {},
  logFile,
  cwd,
  healthPath = '/api/',
  timeoutMs = 60_000,
}) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (logFile) {
    const log = createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  } else {
    child.stdout.resume();
    child.stderr.pipe(process.stderr);
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited) {
      const { code, signal } = await exited;
      throw new Error(
        `server exited before it was ready (code ${code}, signal ${signal})${logHint(logFile)}`,
      );
    }
    try {
      const response = await fetch(url + healthPath);
      if (response.ok) return { url, port, logFile, stop };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`server not ready after ${timeoutMs} ms${logHint(logFile)}`);
}

/** @param {string | undefined} logFile */
const logHint = (logFile) => (logFile ? `; see ${logFile}` : '');
