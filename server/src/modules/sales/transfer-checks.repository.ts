import {
  saleTransferState,
  type TSaleTransferCheck,
  type TTransferCheckState,
} from '@app/domain/schemas/bank';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db/client.ts';
import { payments, sales, transferChecks } from '../../platform/db/schema/index.ts';
import { groupBy, liveSales, type TSalesScope } from './sales.repository.ts';

/**
 * A payment made by transfer: a sale's first payment (`sale`, what was paid when it was recorded, by the sale's
 * method) or a later payment (`payment`), with the last check's answer if it was checked.
 */
export type TTransferTarget = {
  saleId: number;
  targetType: 'sale' | 'payment';
  targetId: number;
  amountKobo: number;
  recordedAt: Date;
  businessDate: string;
  status: TTransferCheckState;
  checkedAt: Date | null;
  creditId: string | null;
  creditAt: Date | null;
  creditNarration: string | null;
};

type TRawTarget = {
  sale_id: number;
  target_type: 'sale' | 'payment';
  target_id: number;
  amount_kobo: string | number;
  recorded_at: Date | string;
  business_date: string;
  status: TTransferCheckState | null;
  checked_at: Date | string | null;
  credit_id: string | null;
  credit_at: Date | string | null;
  credit_narration: string | null;
};

const instant = (value: Date | string | null) => (value === null ? null : new Date(value));

export function createTransferChecksRepository(db: Executor) {
  /** Every transfer payment of the live sales `saleIds` the scope sees, first payments first. */
  async function targets(scope: TSalesScope, saleIds: readonly number[]): Promise<TTransferTarget[]> {
    if (saleIds.length === 0) return [];
    const rows = await rowsOf<TRawTarget>(
      db,
      sql`with live as (
        select ${sales.id} as id, ${sales.amountPaidKobo} as paid, ${sales.paymentMethod} as method,
          ${sales.createdAt} as created_at, ${sales.saleDate} as sale_date
        from ${sales} where ${liveSales(scope)} and ${inArray(sales.id, [...saleIds])}
      ), later as (
        select p.id, p.document_id as sale_id, p.amount_kobo, p.payment_method, p.created_at, p.payment_date
        from ${payments} p join live on live.id = p.document_id
        where p.tenant_id = ${scope.tenantId} and p.document_type = 'sale' and p.deleted_at is null
      ), targets as (
        select live.id as sale_id, 'sale' as target_type, live.id as target_id,
          live.paid - coalesce((select sum(l.amount_kobo) from later l where l.sale_id = live.id), 0) as amount_kobo,
          live.created_at as recorded_at, live.sale_date::text as business_date
        from live where live.method = 'transfer'
        union all
        select l.sale_id, 'payment', l.id, l.amount_kobo, l.created_at, l.payment_date::text
        from later l where l.payment_method = 'transfer'
      )
      select t.*, c.status, c.checked_at, c.credit_id, c.credit_at, c.credit_narration
      from targets t left join ${transferChecks} c on c.tenant_id = ${scope.tenantId}
        and c.target_type = t.target_type and c.target_id = t.target_id
      where t.amount_kobo > 0
      order by t.sale_id, t.target_type desc, t.target_id`,
    );
    return rows.map((row) => ({
      saleId: Number(row.sale_id),
      targetType: row.target_type,
      targetId: Number(row.target_id),
      amountKobo: Number(row.amount_kobo),
      recordedAt: new Date(row.recorded_at),
      businessDate: row.business_date,
      status: row.status ?? 'unchecked',
      checkedAt: instant(row.checked_at),
      creditId: row.credit_id,
      creditAt: instant(row.credit_at),
      creditNarration: row.credit_narration,
    }));
  }

  return {
    targets,

    /** The sales' transfer states for a list: one entry per sale with money by transfer. */
    async saleStates(
      scope: TSalesScope,
      saleIds: readonly number[],
    ): Promise<Map<number, TSaleTransferCheck>> {
      const bySale = groupBy(await targets(scope, [...new Set(saleIds)]), (target) => target.saleId);
      return new Map(
        [...bySale].map(([saleId, saleTargets]) => {
          const checked = saleTargets.flatMap((t) => (t.checkedAt ? [t.checkedAt.getTime()] : []));
          return [
            saleId,
            {
              status: saleTransferState(saleTargets.map((t) => t.status)),
              checked_at: checked.length > 0 ? new Date(Math.max(...checked)).toISOString() : null,
            },
          ];
        }),
      );
    },

    /** The sale a live later payment on a sale belongs to, when the scope sees it. */
    async saleOfPayment(scope: TSalesScope, paymentId: number): Promise<number | null> {
      const [row] = await db
        .select({ saleId: sales.id })
        .from(payments)
        .innerJoin(sales, eq(sales.id, payments.documentId))
        .where(
          and(
            eq(payments.id, paymentId),
            eq(payments.tenantId, scope.tenantId),
            eq(payments.documentType, 'sale'),
            isNull(payments.deletedAt),
            liveSales(scope),
          ),
        );
      return row?.saleId ?? null;
    },

    async saleExists(scope: TSalesScope, saleId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: sales.id })
        .from(sales)
        .where(and(liveSales(scope), eq(sales.id, saleId)));
      return row !== undefined;
    },

    /** Which of `creditIds` already verified a payment other than `target`. */
    async creditsTaken(
      tenantId: number,
      creditIds: readonly string[],
      target: { targetType: 'sale' | 'payment'; targetId: number },
    ): Promise<Set<string>> {
      if (creditIds.length === 0) return new Set();
      const rows = await db
        .select({ creditId: transferChecks.creditId })
        .from(transferChecks)
        .where(
          and(
            eq(transferChecks.tenantId, tenantId),
            eq(transferChecks.status, 'verified'),
            inArray(transferChecks.creditId, [...creditIds]),
            sql`not (${transferChecks.targetType} = ${target.targetType} and ${transferChecks.targetId} = ${target.targetId})`,
          ),
        );
      return new Set(rows.flatMap((row) => (row.creditId ? [row.creditId] : [])));
    },

    /**
     * Keeps a check's answer for its payment (one row a payment). A verified answer whose credit already
     * verified another payment breaks `transfer_checks_credit_uq`, even when both checks run at once.
     */
    async save(check: {
      tenantId: number;
      target: TTransferTarget;
      status: Exclude<TTransferCheckState, 'unchecked'>;
      linkedAccountId: number | null;
      credit: { id: string; date: Date; narration: string | null } | null;
      userId: number;
    }): Promise<void> {
      const values = {
        amountKobo: check.target.amountKobo,
        status: check.status,
        linkedAccountId: check.linkedAccountId,
        creditId: check.credit?.id ?? null,
        creditAt: check.credit?.date ?? null,
        creditNarration: check.credit?.narration ?? null,
        checkedBy: check.userId,
        checkedAt: new Date(),
      };
      await db
        .insert(transferChecks)
        .values({
          tenantId: check.tenantId,
          targetType: check.target.targetType,
          targetId: check.target.targetId,
          ...values,
        })
        .onConflictDoUpdate({
          target: [transferChecks.tenantId, transferChecks.targetType, transferChecks.targetId],
          set: values,
          setWhere: ne(transferChecks.status, 'verified'),
        });
    },
  };
}
