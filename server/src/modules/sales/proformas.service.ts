import type { Database } from '../../platform/db/client.ts';
import type { TSalesService } from './sales.service.ts';

export function createProformasService(_deps: { db: Database; sales: TSalesService }) {
  return {};
}

export type TProformasService = ReturnType<typeof createProformasService>;
