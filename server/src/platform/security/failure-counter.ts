import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { failedAttempts } from '../db/schema/index.ts';

/**
 * Wrong attempts at a code, counted in the database (so every process sees one count) over a sliding
 * window, per subject (a business, an account, an address).
 */
export function createFailureCounter(
  db: Executor,
  options: { scope: string; windowMs: number; now?: () => number },
) {
  const now = options.now ?? Date.now;
  const { scope } = options;
  return {
    /** The most failures any of `subjects` has within the window. */
    async most(...subjects: string[]): Promise<number> {
      const since = new Date(now() - options.windowMs);
      const rows = await db
        .select({ n: count() })
        .from(failedAttempts)
        .where(
          and(
            eq(failedAttempts.scope, scope),
            inArray(failedAttempts.subject, subjects),
            gte(failedAttempts.createdAt, since),
          ),
        )
        .groupBy(failedAttempts.subject);
      return Math.max(0, ...rows.map((row) => row.n));
    },

    /** Counts one failure for each subject, and forgets theirs that fell out of the window. */
    async record(...subjects: string[]): Promise<void> {
      const at = new Date(now());
      await db.insert(failedAttempts).values(subjects.map((subject) => ({ scope, subject, createdAt: at })));
      await db
        .delete(failedAttempts)
        .where(
          and(
            eq(failedAttempts.scope, scope),
            inArray(failedAttempts.subject, subjects),
            lt(failedAttempts.createdAt, new Date(now() - options.windowMs)),
          ),
        );
    },

    /** Forgets a subject's failures (after the right code). */
    async clear(subject: string): Promise<void> {
      await db
        .delete(failedAttempts)
        .where(and(eq(failedAttempts.scope, scope), eq(failedAttempts.subject, subject)));
    },
  };
}
