import type { Executor } from '../../platform/db/client.ts';
import { feedback } from '../../platform/db/schema/index.ts';

export function createFeedbackRepository(db: Executor) {
  return {
    async insert(row: typeof feedback.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(feedback).values(row).returning({ id: feedback.id });
      return inserted!.id;
    },
  };
}
