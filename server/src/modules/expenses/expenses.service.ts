import { recordedAtOf } from '@app/domain/schemas/recorded-at';
/**
 * Expenses (spec 3 §2.2): a money document with no lines. Created, edited, paid and deleted in one
 * transaction each, with the day rollup (`expense_daily`) and one audit entry kept in the same transaction.
 */
import { koboToNaira, nairaToKobo, formatNaira } from '@app/domain/money/money';
import { amountPaidAtCreation, outstandingKobo, statusAfterPayment } from '@app/domain/money/payment';
import { printDate } from '@app/domain/dates/business-date';
import { OWED_DUE_DATE_REQUIRED } from '@app/domain/schemas/stock';
import {
  EXPENSE_NOT_FOUND,
  ZExpenseEditedSchema,
  type TExpense,
  type TExpenseListQuery,
  type TExpensePaymentRequest,
  type TExpenseRequest,
  type TExpenseUpdateRequest,
} from '@app/domain/schemas/expenses';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database, Executor, Transaction } from '../../platform/db/client.ts';
import { refusePublicIdTaken } from '../../platform/db/errors.ts';
import { AppError, InvalidInput, notFound } from '../../platform/errors.ts';
import { runIdempotent, type TIdempotencyKey } from '../../platform/http/idempotency.ts';
import { consumeTransaction } from '../../platform/tenancy/plan-limits.ts';
import { createEmployeesRepository, requirePerson } from '../employees/index.ts';
import { fileUrl, ownFileId } from '../files/index.ts';
import { reviewStatusOf } from '../admin-review/index.ts';
import { assertNotFuture } from '../inventory/index.ts';
import { addPayment, markPaymentsDeleted } from '../payables/index.ts';
import { createExpensesRepository, type TExpenseFilter, type TExpenseRow } from './expenses.repository.ts';

export function expenseView(row: TExpenseRow): TExpense {
  return {
    expense_id: row.id,
    public_id: row.publicId,
    vendor_name: row.vendorName,
    expense_date: row.expenseDate,
    invoice_number: row.invoiceNumber,
    invoice_file_url: fileUrl(row.invoiceFileId),
    total_amount: koboToNaira(row.totalKobo),
    amount_paid: koboToNaira(row.amountPaidKobo),
    amount_balance: koboToNaira(outstandingKobo(row.totalKobo, row.amountPaidKobo)),
    payment_method: row.paymentMethod,
    due_date: row.dueDate,
    payment_status: row.paymentStatus,
    employee_id: row.employeeId,
    employee_name: row.employeeName,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    review: reviewStatusOf(row),
  };
}

/** The amount paid a form states: all of it, nothing, or the amount entered (the schema checked it). */
function statedPaidKobo(values: {
  payment_status: 'paid' | 'partial' | 'credit';
  total_amount: number;
  amount_paid?: number | null;
}) {
  const paid = amountPaidAtCreation(
    values.payment_status,
    nairaToKobo(values.total_amount),
    values.amount_paid ? nairaToKobo(values.amount_paid) : null,
  );
  if (!paid.ok) throw new AppError('unprocessable', paid.error);
  return paid.amountPaidKobo;
}

async function invoiceFileIdOf(tx: Transaction, actor: TActor, url: string | null | undefined) {
  return url ? ownFileId(tx, actor.tenantId, url) : null;
}

const figuresOf = (
  row: { expenseDate: string; totalKobo: number; amountPaidKobo: number },
  sign: 1 | -1,
) => ({
  expenseDate: row.expenseDate,
  totalKobo: sign * row.totalKobo,
  paidKobo: sign * row.amountPaidKobo,
  count: sign,
});

export function createExpensesService(deps: { db: Database }) {
  const repo = createExpensesRepository(deps.db);

  async function requireView(tx: Transaction, actor: TActor, id: number) {
    const row = await createExpensesRepository(tx).find(actor.tenantId, id);
    if (!row) throw notFound(EXPENSE_NOT_FOUND);
    return row;
  }

  async function create(actor: TActor, input: TExpenseRequest, key: TIdempotencyKey | null) {
    assertNotFuture(input.expense_date);
    const amountPaidKobo = statedPaidKobo(input);
    // Recorded offline: it happened then (a device's clock a little ahead is taken as now).
    const recordedAt = recordedAtOf(input.recorded_at);
    return runIdempotent(deps.db, { tenantId: actor.tenantId, key, route: 'expenses.create' }, async (tx) => {
      const expenses = createExpensesRepository(tx);
      const employeeId = await requirePerson(tx, actor, input.employee_id);
      await consumeTransaction(tx, actor.tenantId);
      const values = {
        tenantId: actor.tenantId,
        vendorName: input.vendor_name,
        expenseDate: input.expense_date,
        invoiceNumber: input.invoice_number,
        invoiceFileId: await invoiceFileIdOf(tx, actor, input.invoice_file_url),
        totalKobo: nairaToKobo(input.total_amount),
        amountPaidKobo,
        paymentMethod: input.payment_method,
        dueDate: input.payment_status === 'paid' ? null : (input.due_date ?? null),
        paymentStatus: input.payment_status,
        employeeId,
        notes: input.notes,
        userId: actor.userId,
        ...(input.public_id ? { publicId: input.public_id } : {}),
        ...(recordedAt ? { createdAt: recordedAt } : {}),
      };
      const id = await refusePublicIdTaken('expense', 'expenses_public_id_uq', () => expenses.insert(values));
      await expenses.addFigures(actor.tenantId, figuresOf(values, 1));
      const view = expenseView((await expenses.find(actor.tenantId, id))!);
      await writeAudit(tx, actor, {
        kind: 'expense.created',
        recordType: 'expense',
        recordId: id,
        after: view,
      });
      return { status: 201, body: { ...view, msg: 'Expense created successfully' } };
    });
  }

  /**
   * Changes an expense. The amount paid follows the form when it names a payment status (never below the
   * later payments already recorded); otherwise it stays, and the total may not go below it.
   */
  async function update(actor: TActor, id: number, input: TExpenseUpdateRequest) {
    if (input.expense_date) assertNotFuture(input.expense_date);
    return deps.db.transaction(async (tx) => {
      const expenses = createExpensesRepository(tx);
      const header = await expenses.lock(actor.tenantId, id);
      if (!header) throw notFound(EXPENSE_NOT_FOUND);
      const before = expenseView((await expenses.find(actor.tenantId, id))!);
      // Without a payment status the amount paid is not the form's to state: only the other fields are checked.
      const merged = ZExpenseEditedSchema.safeParse({
        ...before,
        ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
        ...(input.payment_status ? {} : { payment_status: 'paid' }),
      });
      if (!merged.success) throw new InvalidInput(merged.error.issues);
      const edited = merged.data;
      const totalKobo = nairaToKobo(edited.total_amount);
      let amountPaidKobo = header.amountPaidKobo;
      const later = await expenses.laterPayments(actor.tenantId, id);
      if (later.firstDate !== null && edited.expense_date > later.firstDate)
        throw new AppError(
          'unprocessable',
          `The expense's date cannot be after its first payment (${printDate(later.firstDate)})`,
        );
      if (input.payment_status) {
        amountPaidKobo = statedPaidKobo(edited);
        if (amountPaidKobo < later.kobo)
          throw new AppError(
            'unprocessable',
            `Amount paid cannot be less than the ${formatNaira(later.kobo)} already recorded as payments`,
          );
      } else if (totalKobo < amountPaidKobo) {
        throw new AppError(
          'unprocessable',
          `Total amount cannot be less than the ${formatNaira(amountPaidKobo)} already paid`,
        );
      }
      const paymentStatus = statusAfterPayment(totalKobo, amountPaidKobo);
      // `edited` already keeps the old due date when none was sent; a null sent clears it (and is refused below).
      const dueDate = paymentStatus === 'paid' ? null : (edited.due_date ?? null);
      // A new total can leave a paid expense owing: what is owed needs a day it is due.
      if (dueDate === null && paymentStatus !== 'paid')
        throw new AppError('unprocessable', OWED_DUE_DATE_REQUIRED);
      const values = {
        vendorName: edited.vendor_name,
        expenseDate: edited.expense_date,
        invoiceNumber: edited.invoice_number,
        invoiceFileId:
          input.invoice_file_url === undefined
            ? header.invoiceFileId
            : await invoiceFileIdOf(tx, actor, input.invoice_file_url),
        totalKobo,
        amountPaidKobo,
        paymentMethod: edited.payment_method,
        dueDate,
        paymentStatus,
        employeeId: await requirePerson(tx, actor, edited.employee_id, before.employee_id),
        notes: edited.notes,
      };
      await expenses.update(actor.tenantId, id, values);
      await expenses.addFigures(actor.tenantId, figuresOf(header, -1));
      await expenses.addFigures(actor.tenantId, figuresOf(values, 1));
      const after = expenseView((await expenses.find(actor.tenantId, id))!);
      await writeAudit(tx, actor, {
        kind: 'expense.updated',
        recordType: 'expense',
        recordId: id,
        before,
        after,
      });
      return { ...after, msg: 'Expense updated successfully' };
    });
  }

  async function pay(actor: TActor, input: TExpensePaymentRequest, key: TIdempotencyKey | null) {
    return runIdempotent(
      deps.db,
      { tenantId: actor.tenantId, key, route: `expenses.payment.${input.expense_id}` },
      async (tx) => {
        const expenses = createExpensesRepository(tx);
        const header = await expenses.lock(actor.tenantId, input.expense_id);
        if (!header) throw notFound(EXPENSE_NOT_FOUND);
        const { paidKobo } = await addPayment(
          tx,
          actor,
          {
            type: 'expense',
            id: header.id,
            date: header.expenseDate,
            totalKobo: header.totalKobo,
            paidKobo: header.amountPaidKobo,
            status: header.paymentStatus,
          },
          input,
        );
        await expenses.addFigures(actor.tenantId, {
          expenseDate: header.expenseDate,
          totalKobo: 0,
          paidKobo: paidKobo - header.amountPaidKobo,
          count: 0,
        });
        const expense = expenseView(await requireView(tx, actor, header.id));
        return { status: 201, body: { msg: 'Payment recorded successfully', expense } };
      },
    );
  }

  async function remove(actor: TActor, id: number) {
    await deps.db.transaction(async (tx) => {
      const expenses = createExpensesRepository(tx);
      const header = await expenses.lock(actor.tenantId, id);
      if (!header) throw notFound(EXPENSE_NOT_FOUND);
      const before = expenseView((await expenses.find(actor.tenantId, id))!);
      await expenses.markDeleted(actor.tenantId, id, actor.userId);
      await markPaymentsDeleted(tx, actor, 'expense', id);
      await expenses.addFigures(actor.tenantId, figuresOf(header, -1));
      await writeAudit(tx, actor, { kind: 'expense.deleted', recordType: 'expense', recordId: id, before });
    });
    return { msg: 'Expense deleted successfully' };
  }

  async function list(actor: TActor, query: TExpenseListQuery, pendingOnly = false) {
    const filter: TExpenseFilter = {
      search: query.search ?? null,
      status: query.payment_status ?? null,
      pendingOnly,
      start: query.start_date ?? null,
      end: query.end_date ?? null,
    };
    if (filter.start && filter.end && filter.end < filter.start)
      throw new AppError('bad_request', 'End date must be on or after the start date');
    const { rows, more, total } = await repo.list(actor.tenantId, filter, {
      limit: query.limit,
      offset: query.skip,
      before: query.before ?? null,
      count: query.count,
    });
    const last = rows[rows.length - 1];
    return { rows: rows.map(expenseView), total, nextBefore: more && last ? last.id : null };
  }

  async function find(actor: TActor, id: number) {
    const row = await repo.find(actor.tenantId, id);
    if (!row) throw notFound(EXPENSE_NOT_FOUND);
    return expenseView(row);
  }

  const people = (actor: TActor) => createEmployeesRepository(deps.db).people(actor.tenantId);

  return { create, update, pay, remove, list, find, people };
}

export type TExpensesService = ReturnType<typeof createExpensesService>;

/** The sales report's expense figures over a range: from the day rollup. */
export function expenseFiguresBetween(db: Executor, tenantId: number, start: string, end: string) {
  return createExpensesRepository(db).figuresBetween(tenantId, start, end);
}
