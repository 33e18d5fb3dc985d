import { z } from 'zod';

/**
 * The review mark a sale, an expense or a purchase shows in its own list (Admin Review): verified or flagged,
 * by whom and when; null while unreviewed. Its own file: the documents' schemas import it without a cycle.
 */
export const ZReviewStatusSchema = z
  .object({ state: z.enum(['verified', 'flagged']), by: z.string().nullable(), at: z.string() })
  .nullable();
export type TReviewStatus = z.infer<typeof ZReviewStatusSchema>;
