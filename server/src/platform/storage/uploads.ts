import path from 'node:path';
import type { DatabaseHandle } from '../db/client.ts';
import { createDatabaseStorage } from './database-storage.ts';
import { createDiskStorage } from './disk-storage.ts';
import type { TFileStorage } from './file-storage.ts';

/**
 * Where the app keeps uploads: on PostgreSQL in the database, which every process of the app shares; on the
 * embedded database (one process) under DATA_DIR/uploads.
 */
export function createUploadsStorage(database: DatabaseHandle, dataDir: string): TFileStorage {
  const disk = createDiskStorage(path.join(dataDir, 'uploads'));
  return database.kind === 'postgres' ? createDatabaseStorage(database.db, disk) : disk;
}
