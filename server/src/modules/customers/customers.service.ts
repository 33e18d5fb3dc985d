import type { Database } from '../../platform/db/client.ts';

export function createCustomersService(_deps: { db: Database }) {
  return {};
}

export type TCustomersService = ReturnType<typeof createCustomersService>;
