// `npm run restore -- <archive>`: brings a backup back into an empty DATA_DIR. See README, "Backups".
import { ensureBuilt } from './backup-build.mjs';

await ensureBuilt();
const { restoreCommand } = await import('../server/dist/platform/backup/cli.js');
process.exitCode = await restoreCommand(process.argv.slice(2));
