// `npm start`: builds whatever is missing, then serves the web app and the API on PORT (default 8080).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['packages/domain/dist', 'server/dist/main.js', 'web/dist/index.html'];
const missing = outputs.filter((file) => !existsSync(new URL(`../${file}`, import.meta.url)));

if (missing.length > 0) {
  console.log(`Building (missing: ${missing.join(', ')})...`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../server/dist/main.js');
