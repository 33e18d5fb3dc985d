// Builds the domain package and the server when their output is missing (backup and restore run the built server code).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function ensureBuilt() {
  const outputs = ['packages/domain/dist', 'server/dist/platform/backup/cli.js'];
  if (outputs.every((file) => existsSync(new URL(`../${file}`, import.meta.url)))) return;
  console.error('Building the server first...');
  for (const workspace of ['packages/domain', 'server']) {
    const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
