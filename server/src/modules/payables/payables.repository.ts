import type { TPaymentStatus } from '@app/domain/money/payment';
import { and, asc, eq, inArray, isNull, min, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { expenses, payments, purchases, sales } from '../../platform/db/schema/index.ts';

export type TPayableType = (typeof payments.$inferSelect)['documentType'];

/** The header of each kind of money document: where its paid amount and status are kept. */
const HEADERS = { sale: sales, purchase: purchases, expense: expenses } as const;

export function createPayablesRepository(db: Executor) {
  return {
    async insert(payment: typeof payments.$inferInsert): Promise<void> {
      await db.insert(payments).values(payment);
    },

    /** The document's new paid amount and status; one recorded as paid by "none" takes the payment's method. */
    async settle(
      type: TPayableType,
      documentId: number,
      paid: { paidKobo: number; status: TPaymentStatus; method: string },
    ): Promise<void> {
      const header = HEADERS[type];
      await db
        .update(header)
        .set({
          amountPaidKobo: paid.paidKobo,
          paymentStatus: paid.status,
          paymentMethod: sql`case when ${header.paymentMethod} = 'none' then ${paid.method} else ${header.paymentMethod} end`,
        })
        .where(eq(header.id, documentId));
    },

    /** Each document's live later payments: their methods in the order first used, and their sum. */
    async laterMethodsOf(
      tenantId: number,
      type: TPayableType,
      documentIds: readonly number[],
    ): Promise<Map<number, { methods: string[]; kobo: number }>> {
      const later = new Map<number, { methods: string[]; kobo: number }>();
      if (documentIds.length === 0) return later;
      const rows = await db
        .select({
          documentId: payments.documentId,
          method: payments.paymentMethod,
          kobo: sum(payments.amountKobo),
        })
        .from(payments)
        .where(
          and(
            eq(payments.tenantId, tenantId),
            eq(payments.documentType, type),
            inArray(payments.documentId, [...documentIds]),
            isNull(payments.deletedAt),
          ),
        )
        .groupBy(payments.documentId, payments.paymentMethod)
        .orderBy(asc(min(payments.id)));
      for (const row of rows) {
        const entry = later.get(row.documentId) ?? { methods: [], kobo: 0 };
        entry.methods.push(row.method);
        entry.kobo += Number(row.kobo);
        later.set(row.documentId, entry);
      }
      return later;
    },

    async markDeletedOf(tenantId: number, type: TPayableType, documentId: number, userId: number) {
      await db
        .update(payments)
        .set({ deletedAt: new Date(), deletedBy: userId })
        .where(
          and(
            eq(payments.tenantId, tenantId),
            eq(payments.documentType, type),
            eq(payments.documentId, documentId),
            isNull(payments.deletedAt),
          ),
        );
    },
  };
}
