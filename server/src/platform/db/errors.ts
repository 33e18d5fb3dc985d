import { AppError } from '../errors.ts';

/**
 * True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation; with `index`,
 * only a violation of that index (by name).
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if (typeof current === 'object' && 'code' in current && current.code === '23505')
      return !index || ('constraint' in current && current.constraint === index);
    current = typeof current === 'object' && 'cause' in current ? current.cause : null;
  }
  return false;
}

/** The answer when a device names a new record with a public id its business already used. */
export const PUBLIC_ID_TAKEN = (record: string) => `A ${record} with this public_id already exists`;

/** Runs a record-creating write, answering 409 when the public id the device gave is already the business's. */
export async function refusePublicIdTaken<T>(
  record: string,
  index: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, index)) throw new AppError('conflict', PUBLIC_ID_TAKEN(record));
    throw error;
  }
}
