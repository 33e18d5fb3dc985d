import type { Database } from '../../platform/db/client.ts';
import type { TFilesService } from '../files/files.service.ts';

/** Settings → Company: the business's details printed on receipts and proformas. */
export function createCompanyService(_deps: { db: Database; files: TFilesService }) {
  return {};
}

export type TCompanyService = ReturnType<typeof createCompanyService>;
