/**
 * The server as `npm start` runs it, in real child processes: a second one on the same DATA_DIR refuses
 * to start with one line, a kill -9 frees the folder, and a DATA_DIR that cannot be written says why in
 * one line instead of a stack trace.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirProblem } from './data-dir.ts';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type TRun = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(dataDir: string): TRun {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'x'.repeat(40),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function ready(run: TRun) {
  const deadline = Date.now() + 45_000;
  while (!run.output().includes('"msg":"ready"')) {
    if (Date.now() > deadline || run.child.exitCode !== null) throw new Error(`not ready: ${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const freshDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'data-dir-test-'));
  dirs.push(dir);
  return dir;
};

describe('DATA_DIR', () => {
  it('is one process’s: a second refuses in one line, and a kill -9 frees it', async () => {
    const dataDir = freshDir();
    const first = start(dataDir);
    await ready(first);
    const second = start(dataDir);
    expect(await second.exited).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines).toEqual([
      `DATA_DIR ${dataDir} is in use by another process (pid ${first.child.pid}): stop it first, or give this one a DATA_DIR of its own`,
    ]);
    first.child.kill('SIGKILL');
    await first.exited;
    const third = start(dataDir);
    await ready(third);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);

  it('says in one line when it cannot be written', async () => {
    const file = path.join(freshDir(), 'not-a-folder');
    writeFileSync(file, 'x');
    const run = start(path.join(file, 'data'));
    expect(await run.exited).toBe(1);
    expect(run.output().trim().split('\n')).toEqual([
      `Cannot use DATA_DIR ${path.join(file, 'data')}: part of the path is a file, not a folder (ENOTDIR)`,
    ]);
  }, 60_000);

  it('names a read-only file system, a full disk and a missing permission', () => {
    const problem = (code: string) => dataDirProblem('/srv/shop', Object.assign(new Error(code), { code }));
    expect(problem('EROFS')).toBe('Cannot use DATA_DIR /srv/shop: the file system is read-only (EROFS)');
    expect(problem('ENOSPC')).toBe('Cannot use DATA_DIR /srv/shop: the disk is full (ENOSPC)');
    expect(problem('EACCES')).toBe('Cannot use DATA_DIR /srv/shop: this user may not write there (EACCES)');
    expect(problem('ECONNRESET')).toBeNull();
  });
});
