import { v7 } from 'uuid';
import { z } from 'zod';

/**
 * A record's public id: a UUIDv7 a device can make before the server sees the record (offline selling),
 * beside the numeric key the existing calls take. Time-ordered, so new records index at the end.
 */
export const newPublicId = (): string => v7();

export const ZPublicIdSchema = z.uuid({ error: 'public_id must be a UUID' });
