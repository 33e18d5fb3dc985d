/**
 * Records name an uploaded file by its id; the API shows and takes it as the URL it is served at
 * (`/api/files/{id}`). This is the one place that turns one into the other.
 */
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { createFilesRepository } from './files.repository.ts';

const FILE_URL = /^\/api\/files\/([0-9a-f-]{36})$/;

export const FILE_NOT_FOUND = 'The invoice file was not found: please upload it again';

/** Where a stored file is served (to its business, signed in). */
export function fileUrl(id: string): string;
export function fileUrl(id: string | null): string | null;
export function fileUrl(id: string | null): string | null {
  return id === null ? null : `/api/files/${id}`;
}

/** The id of the business's own uploaded file that a request names by its URL (400 when it names none). */
export async function ownFileId(db: Executor, tenantId: number, url: string): Promise<string> {
  const id = FILE_URL.exec(url)?.[1];
  if (!id || !(await createFilesRepository(db).find(tenantId, id)))
    throw new AppError('bad_request', FILE_NOT_FOUND);
  return id;
}
