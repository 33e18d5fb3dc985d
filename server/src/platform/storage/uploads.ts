import path from 'node:path';
import type { TConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createDatabaseStorage } from './database-storage.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { TFileStorage } from './file-storage.ts';

/**
 * Where the app keeps uploads: in the S3 bucket when S3_BUCKET is set; otherwise on PostgreSQL in the
 * database, which every process of the app shares; on the embedded database (one process) under
 * DATA_DIR/uploads. What an earlier setting stored is still read from where it went. The S3 client is
 * loaded only when a bucket is set.
 */
export async function createUploadsStorage(
  database: DatabaseHandle,
  config: Pick<TConfig, 'dataDir' | 's3'>,
): Promise<TFileStorage & { close: () => void }> {
  const disk = createDiskStorage(path.join(config.dataDir, 'uploads'));
  const local = database.kind === 'postgres' ? createDatabaseStorage(database.db, disk) : disk;
  if (!config.s3) return { ...local, close: () => {} };
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(config.s3, local);
}
