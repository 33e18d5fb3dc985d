import { and, count, desc, eq, gte, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { expenseDaily, expenses, payments, users } from '../../platform/db/schema/index.ts';
import { containsText } from '../../platform/db/search.ts';
import {
  markReviewer,
  reviewerOfMark,
  reviewMarkOf,
  reviewMarks,
  reviewStatusColumns,
  type TReviewStatusColumns,
} from '../admin-review/index.ts';

export type TExpenseFilter = {
  search: string | null;
  status: 'paid' | 'partial' | 'credit' | null;
  /** Only what is still owed (credit and partial): the Pending Payments tab. */
  pendingOnly: boolean;
  start: string | null;
  end: string | null;
};

export type TExpensePage = { limit: number; offset: number; before: number | null; count: boolean };

const rowColumns = {
  id: expenses.id,
  publicId: expenses.publicId,
  vendorName: expenses.vendorName,
  expenseDate: expenses.expenseDate,
  invoiceNumber: expenses.invoiceNumber,
  invoiceFileId: expenses.invoiceFileId,
  totalKobo: expenses.totalKobo,
  amountPaidKobo: expenses.amountPaidKobo,
  paymentMethod: expenses.paymentMethod,
  dueDate: expenses.dueDate,
  paymentStatus: expenses.paymentStatus,
  employeeId: expenses.employeeId,
  employeeName: users.name,
  notes: expenses.notes,
  createdAt: expenses.createdAt,
  ...reviewStatusColumns,
};

export type TExpenseRow = TReviewStatusColumns & {
  id: number;
  publicId: string;
  vendorName: string;
  expenseDate: string;
  invoiceNumber: string | null;
  invoiceFileId: string | null;
  totalKobo: number;
  amountPaidKobo: number;
  paymentMethod: 'cash' | 'transfer' | 'cheque' | 'card';
  dueDate: string | null;
  paymentStatus: 'paid' | 'partial' | 'credit';
  employeeId: number | null;
  employeeName: string | null;
  notes: string | null;
  createdAt: Date;
};

/** A day's change to the expense rollup. */
export type TExpenseFigures = { expenseDate: string; totalKobo: number; paidKobo: number; count: number };

function filterOf(tenantId: number, filter: TExpenseFilter): SQL {
  const search = filter.search?.trim();
  return and(
    eq(expenses.tenantId, tenantId),
    isNull(expenses.deletedAt),
    filter.pendingOnly ? ne(expenses.paymentStatus, 'paid') : undefined,
    filter.status ? eq(expenses.paymentStatus, filter.status) : undefined,
    filter.start ? gte(expenses.expenseDate, filter.start) : undefined,
    filter.end ? lte(expenses.expenseDate, filter.end) : undefined,
    search
      ? or(containsText(expenses.vendorName, search), containsText(expenses.invoiceNumber, search))
      : undefined,
  )!;
}

export function createExpensesRepository(db: Executor) {
  const selectRows = () =>
    db
      .select(rowColumns)
      .from(expenses)
      .leftJoin(users, eq(users.id, expenses.employeeId))
      .leftJoin(reviewMarks, reviewMarkOf('expense', expenses.tenantId, expenses.id))
      .leftJoin(markReviewer, reviewerOfMark);

  return {
    async insert(values: typeof expenses.$inferInsert): Promise<number> {
      const [row] = await db.insert(expenses).values(values).returning({ id: expenses.id });
      return row!.id;
    },

    async find(tenantId: number, id: number): Promise<TExpenseRow | null> {
      const [row] = await selectRows().where(
        and(eq(expenses.tenantId, tenantId), eq(expenses.id, id), isNull(expenses.deletedAt)),
      );
      return row ?? null;
    },

    /** Locks a live expense for the caller's transaction; null when there is none. */
    async lock(tenantId: number, id: number) {
      const [row] = await db
        .select({
          id: expenses.id,
          totalKobo: expenses.totalKobo,
          amountPaidKobo: expenses.amountPaidKobo,
          paymentStatus: expenses.paymentStatus,
          expenseDate: expenses.expenseDate,
          invoiceFileId: expenses.invoiceFileId,
        })
        .from(expenses)
        .where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, id), isNull(expenses.deletedAt)))
        .for('update');
      return row ?? null;
    },

    async update(tenantId: number, id: number, values: Partial<typeof expenses.$inferInsert>) {
      await db
        .update(expenses)
        .set(values)
        .where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, id)));
    },

    async markDeleted(tenantId: number, id: number, userId: number) {
      await db
        .update(expenses)
        .set({ deletedAt: new Date(), deletedBy: userId })
        .where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, id)));
    },

    /**
     * Σ the expense's live later payments (what an edit may not take the amount paid below), and the first
     * one's date (what an edit may not move the expense after).
     */
    async laterPayments(tenantId: number, id: number): Promise<{ kobo: number; firstDate: string | null }> {
      const [row] = await db
        .select({
          total: sql<string>`coalesce(sum(${payments.amountKobo}), 0)`,
          firstDate: sql<string | null>`min(${payments.paymentDate})::text`,
        })
        .from(payments)
        .where(
          and(
            eq(payments.tenantId, tenantId),
            eq(payments.documentType, 'expense'),
            eq(payments.documentId, id),
            isNull(payments.deletedAt),
          ),
        );
      return { kobo: Number(row?.total ?? 0), firstDate: row?.firstDate ?? null };
    },

    /**
     * Newest expense date first (then newest recorded); a keyset page starts below the expense `before`
     * names, looked up within the business so another's id places nothing.
     */
    async list(tenantId: number, filter: TExpenseFilter, page: TExpensePage) {
      const where = filterOf(tenantId, filter);
      const below = page.before
        ? sql`(${expenses.expenseDate}, ${expenses.id}) < (select e.expense_date, e.id from ${expenses} e where e.id = ${page.before} and e.tenant_id = ${tenantId})`
        : undefined;
      const rows = await selectRows()
        .where(and(where, below))
        .orderBy(desc(expenses.expenseDate), desc(expenses.id))
        .limit(page.limit + 1)
        .offset(page.before ? 0 : page.offset);
      const total = page.count
        ? ((await db.select({ n: count() }).from(expenses).where(where))[0]?.n ?? 0)
        : null;
      return { rows: rows.slice(0, page.limit), more: rows.length > page.limit, total };
    },

    /** Adds a change to the day's expense figures (negative to take one away). */
    async addFigures(tenantId: number, change: TExpenseFigures) {
      await db
        .insert(expenseDaily)
        .values({ tenantId, ...change })
        .onConflictDoUpdate({
          target: [expenseDaily.tenantId, expenseDaily.expenseDate],
          set: {
            totalKobo: sql`${expenseDaily.totalKobo} + excluded.total_kobo`,
            paidKobo: sql`${expenseDaily.paidKobo} + excluded.paid_kobo`,
            count: sql`${expenseDaily.count} + excluded.count`,
          },
        });
    },

    /** Σ expenses dated in the range and what has been paid on them, from the day rollup. */
    async figuresBetween(tenantId: number, start: string, end: string) {
      const [row] = await db
        .select({
          totalKobo: sql<string>`coalesce(sum(${expenseDaily.totalKobo}), 0)`,
          paidKobo: sql<string>`coalesce(sum(${expenseDaily.paidKobo}), 0)`,
        })
        .from(expenseDaily)
        .where(
          and(
            eq(expenseDaily.tenantId, tenantId),
            gte(expenseDaily.expenseDate, start),
            lte(expenseDaily.expenseDate, end),
          ),
        );
      return { totalKobo: Number(row?.totalKobo ?? 0), paidKobo: Number(row?.paidKobo ?? 0) };
    },

    /** The day rollup recomputed from the live expenses (the oracle of the rollup test). */
    async figuresFromExpenses(tenantId: number) {
      const rows = await db
        .select({
          expenseDate: expenses.expenseDate,
          totalKobo: sql<string>`sum(${expenses.totalKobo})`,
          paidKobo: sql<string>`sum(${expenses.amountPaidKobo})`,
          count: sql<number>`count(*)::int`,
        })
        .from(expenses)
        .where(and(eq(expenses.tenantId, tenantId), isNull(expenses.deletedAt)))
        .groupBy(expenses.expenseDate);
      return rows.map((row) => ({
        ...row,
        totalKobo: Number(row.totalKobo),
        paidKobo: Number(row.paidKobo),
      }));
    },
  };
}

export type TExpensesRepository = ReturnType<typeof createExpensesRepository>;
