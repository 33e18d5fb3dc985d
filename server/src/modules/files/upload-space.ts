import { uploadQuotaBytes, uploadQuotaRefusal } from '@app/domain/plans/plans';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { TFileStorage } from '../../platform/storage/file-storage.ts';

/** Refuses (413) a file that would take the business past its plan's upload space. */
export async function assertUploadSpace(db: Executor, tenantId: number, addingBytes: number): Promise<void> {
  const [row] = await rowsOf<{ plan: 'free' | 'pro'; expires_at: Date | string | null; used: string }>(
    db,
    sql`select t.plan, t.plan_expires_at as expires_at,
          (select coalesce(sum(size_bytes), 0) from stored_files where tenant_id = t.id) as used
        from tenants t where t.id = ${tenantId}`,
  );
  if (!row) return;
  const state = {
    plan: row.plan,
    expires_at: row.expires_at === null ? null : new Date(row.expires_at),
    transaction_count: 0,
  };
  const now = new Date();
  if (Number(row.used) + addingBytes > uploadQuotaBytes(state, now))
    throw new AppError('too_large', uploadQuotaRefusal(state, now));
}

/** A file no record names is kept this long (a form may upload before it saves), then removed. */
export const UNREFERENCED_FILE_HOURS = 24;
const SWEEP_EVERY_MS = 60 * 60_000;

/** Every column that names a stored file: the foreign keys to stored_files, plus the two that are not. */
async function referencesOf(db: Executor): Promise<string[]> {
  const keys = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select kcu.table_name, kcu.column_name
        from information_schema.referential_constraints rc
        join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
          and kcu.constraint_schema = rc.constraint_schema
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
          and ccu.constraint_schema = rc.unique_constraint_schema
        where ccu.table_name = 'stored_files' and kcu.table_schema = current_schema()
        order by 1, 2`,
  );
  return [
    ...keys.map((k) => `select 1 from "${k.table_name}" r where r."${k.column_name}" = f.id`),
    `select 1 from company_profiles r where r.logo_file_id = f.id`,
    `select 1 from vendor_products r where r.image_file_ids ? f.id`,
  ];
}

/**
 * Removes uploads no record names once they are a day old (a form uploaded them and was never saved), so
 * uploads cannot pile up unused. Runs hourly; several processes may run it, each file goes once.
 */
export function createUploadSweeper(deps: { db: Executor; storage: TFileStorage; log: FastifyBaseLogger }) {
  let timer: NodeJS.Timeout | null = null;

  async function sweepOnce(now = new Date()): Promise<number> {
    const references = await referencesOf(deps.db);
    const before = new Date(now.getTime() - UNREFERENCED_FILE_HOURS * 3_600_000).toISOString();
    const removed = await rowsOf<{ id: string; tenant_id: number }>(
      deps.db,
      sql`delete from stored_files f where f.created_at < ${before}
          and not exists (${sql.raw(references.join(' union all '))})
          returning f.id, f.tenant_id`,
    );
    for (const file of removed) await deps.storage.remove(`${file.tenant_id}/${file.id}`);
    if (removed.length > 0) deps.log.info({ files: removed.length }, 'removed uploads no record names');
    return removed.length;
  }

  return {
    sweepOnce,
    start() {
      timer ??= setInterval(() => {
        sweepOnce().catch((error: unknown) => deps.log.error({ err: error }, 'upload sweep failed'));
      }, SWEEP_EVERY_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type TUploadSweeper = ReturnType<typeof createUploadSweeper>;
