// `npm run backup [-- --out file]`: one archive of the embedded database and the uploaded files in DATA_DIR,
// taken by the running server (or, when none runs, by this process). See README, "Backups".
import { ensureBuilt } from './backup-build.mjs';

await ensureBuilt();
const { backupCommand } = await import('../server/dist/platform/backup/cli.js');
process.exitCode = await backupCommand(process.argv.slice(2));
