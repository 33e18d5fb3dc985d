import type { TPaymentStatus } from '@app/domain/money/payment';
import { and, eq, isNull, sql } from 'drizzle-orm';
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
