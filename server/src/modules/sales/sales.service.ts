import type { Database } from '../../platform/db/client.ts';

export function createSalesService(_deps: { db: Database }) {
  return {};
}

export type TSalesService = ReturnType<typeof createSalesService>;
