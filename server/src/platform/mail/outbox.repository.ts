import { and, asc, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { outboxEmails, type TMailAttachment } from '../db/schema/index.ts';

export type TNewEmail = {
  tenantId: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  attachments?: TMailAttachment[];
};
export type TOutboxEmail = typeof outboxEmails.$inferSelect;

export function createOutboxRepository(db: Executor) {
  return {
    async enqueue(email: TNewEmail, options: { heldBecause?: string } = {}): Promise<number> {
      const held = options.heldBecause !== undefined;
      const [row] = await db
        .insert(outboxEmails)
        .values({
          tenantId: email.tenantId,
          kind: email.kind,
          toAddress: email.to,
          subject: email.subject,
          textBody: email.text,
          attachments: !held && email.attachments?.length ? email.attachments : null,
          ...(held ? { status: 'held' as const, lastError: options.heldBecause } : {}),
        })
        .returning({ id: outboxEmails.id });
      return row!.id;
    },

    /** Messages of a kind the business queued (held ones aside) since `since`, to anyone or to one address. */
    async countQueued(tenantId: number, kind: string, since: Date, to?: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.tenantId, tenantId),
            eq(outboxEmails.kind, kind),
            ne(outboxEmails.status, 'held'),
            gte(outboxEmails.createdAt, since),
            to === undefined ? undefined : sql`lower(${outboxEmails.toAddress}) = lower(${to})`,
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Claims due messages by pushing their next attempt past a lease, so a crash mid-send retries
     * them later. Run inside a transaction; SKIP LOCKED lets several workers share the queue.
     */
    async claimDue(limit: number, now: Date, leaseUntil: Date): Promise<TOutboxEmail[]> {
      const due = await db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.nextAttemptAt, now)))
        .orderBy(asc(outboxEmails.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return due;
      await db
        .update(outboxEmails)
        .set({ nextAttemptAt: leaseUntil })
        .where(
          inArray(
            outboxEmails.id,
            due.map((e) => e.id),
          ),
        );
      return due;
    },

    /** A sent message lets go of its attachments: the receipt can be printed again from the sale. */
    async markSent(id: number, now: Date): Promise<void> {
      await db
        .update(outboxEmails)
        .set({
          status: 'sent',
          sentAt: now,
          attempts: sql`${outboxEmails.attempts} + 1`,
          lastError: null,
          attachments: null,
        })
        .where(eq(outboxEmails.id, id));
    },

    async markFailed(id: number, error: string, nextAttemptAt: Date | null): Promise<void> {
      await db
        .update(outboxEmails)
        .set({
          status: nextAttemptAt ? 'pending' : 'failed',
          attempts: sql`${outboxEmails.attempts} + 1`,
          lastError: error.slice(0, 1000),
          ...(nextAttemptAt ? { nextAttemptAt } : {}),
        })
        .where(eq(outboxEmails.id, id));
    },

    async findById(id: number): Promise<TOutboxEmail | null> {
      const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      return row ?? null;
    },

    /** A message of one business and kind, without its body or attachments. */
    async findState(tenantId: number, kind: string, id: number) {
      const [row] = await db
        .select({
          id: outboxEmails.id,
          status: outboxEmails.status,
          attempts: outboxEmails.attempts,
          lastError: outboxEmails.lastError,
          sentAt: outboxEmails.sentAt,
        })
        .from(outboxEmails)
        .where(
          and(eq(outboxEmails.tenantId, tenantId), eq(outboxEmails.kind, kind), eq(outboxEmails.id, id)),
        );
      return row ?? null;
    },
  };
}
