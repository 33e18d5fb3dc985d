import { koboToNaira } from '@app/domain/money/money';
import { outstandingKobo } from '@app/domain/money/payment';
import type { TSale, TSaleRow, TSalesCustomer, TSalesFilterRequest } from '@app/domain/schemas/sales';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db/client.ts';
import { containsText } from '../../platform/db/search.ts';
import {
  markReviewer,
  reviewerOfMark,
  reviewMarkOf,
  reviewMarks,
  reviewStatusColumns,
  reviewStatusOf,
  type TReviewStatusColumns,
} from '../admin-review/index.ts';
import { notFound } from '../../platform/errors.ts';
import { customers, saleLines, sales, warehouses } from '../../platform/db/schema/index.ts';
import type { TKeptReplyValues, TKeyClaimValues } from '../../platform/http/idempotency.ts';
import type { TLedgerWrites } from '../inventory/index.ts';
import { fileUrl } from '../files/index.ts';
import { WAREHOUSE_NOT_FOUND } from '../warehouses/index.ts';
import {
  itemDayValues,
  lineValues,
  OPEN_SALE,
  saleValues,
  WRITE_SALE,
  type TOpenedRow,
  type TOpenedSale,
  type TSaleHeader,
  type TSaleLine,
  type TSaleAuditValues,
} from './sale-statements.ts';

/** Which sales a caller sees: the business's, and for an employee only their warehouses'. */
export type TSalesScope = { tenantId: number; warehouseIds: readonly number[] | null };

export function liveSales(scope: TSalesScope): SQL {
  return and(
    eq(sales.tenantId, scope.tenantId),
    isNull(sales.deletedAt),
    scope.warehouseIds ? inArray(sales.warehouseId, [...scope.warehouseIds, -1]) : undefined,
  )!;
}

const ROW_COLUMNS = {
  sale_id: sales.id,
  sale_number: sales.number,
  line_id: saleLines.id,
  sale_date: sales.saleDate,
  customer_name: sales.customerName,
  customer_phone: sales.customerPhone,
  employee_name: sales.employeeName,
  warehouse_name: warehouses.name,
  invoice_number: sales.invoiceNumber,
  item_id: saleLines.itemId,
  item_name: saleLines.itemName,
  quantity: saleLines.quantity,
  unitPriceKobo: saleLines.unitPriceKobo,
  lineTotalKobo: saleLines.totalKobo,
  grandTotalKobo: sales.grandTotalKobo,
  amountPaidKobo: sales.amountPaidKobo,
  payment_status: sales.paymentStatus,
  payment_method: sales.paymentMethod,
  createdAt: sales.createdAt,
  ...reviewStatusColumns,
};

type TMoneyFields =
  'unit_price' | 'total_amount' | 'grand_total' | 'amount_paid' | 'outstanding' | 'created_at';
type TRawRow = Omit<TSaleRow, TMoneyFields | 'review'> &
  TReviewStatusColumns & {
    unitPriceKobo: number;
    lineTotalKobo: number;
    grandTotalKobo: number;
    amountPaidKobo: number;
    createdAt: Date;
  };

/** Raw SQL answers: both drivers give `{ rows }`. */
function rowView(row: TRawRow): TSaleRow {
  const {
    unitPriceKobo,
    lineTotalKobo,
    grandTotalKobo,
    amountPaidKobo,
    createdAt,
    reviewState,
    reviewBy,
    reviewAt,
    ...rest
  } = row;
  return {
    ...rest,
    review: reviewStatusOf({ reviewState, reviewBy, reviewAt }),
    unit_price: koboToNaira(unitPriceKobo),
    total_amount: koboToNaira(lineTotalKobo),
    grand_total: koboToNaira(grandTotalKobo),
    amount_paid: koboToNaira(amountPaidKobo),
    outstanding: koboToNaira(outstandingKobo(grandTotalKobo, amountPaidKobo)),
    created_at: createdAt.toISOString(),
  };
}

/** Rows grouped by a key, in their order (Map.groupBy needs Node 21). */
export function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(keyOf(row));
    if (group) group.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return groups;
}

/**
 * The lines that follow line `lineId` in the list's order (date and sale newest first, then line); none when
 * the line is not the business's (another's cursor must not place the page among its rows).
 */
function afterLine(tenantId: number, lineId: number): SQL {
  const last = sql`(select s.sale_date, s.id, l.id as line_id from ${saleLines} l join ${sales} s on s.id = l.sale_id
    where l.id = ${lineId} and l.tenant_id = ${tenantId})`;
  return sql`(${sales.saleDate}, ${sales.id}) <= (select sale_date, id from ${last} c)
    and not (${sales.id} = (select id from ${last} c) and ${saleLines.id} <= ${lineId})`;
}

export function createSalesRepository(db: Executor) {
  async function withLines(headers: (TSaleHeader & { warehouseName: string })[]): Promise<TSale[]> {
    if (headers.length === 0) return [];
    const lines = await db
      .select()
      .from(saleLines)
      .where(
        inArray(
          saleLines.saleId,
          headers.map((h) => h.id),
        ),
      )
      .orderBy(asc(saleLines.id));
    const bySale = groupBy(lines, (line) => line.saleId);
    return headers.map((header) => saleView(header, bySale.get(header.id) ?? []));
  }

  function selectHeaders() {
    return db
      .select({ sale: sales, warehouseName: warehouses.name })
      .from(sales)
      .innerJoin(warehouses, eq(warehouses.id, sales.warehouseId));
  }

  const flatten = (rows: { sale: TSaleHeader; warehouseName: string }[]) =>
    rows.map((row) => ({ ...row.sale, warehouseName: row.warehouseName }));

  return {
    /**
     * What a new sale needs before it is written, in one round trip: its warehouse among the actor's (404
     * when it is not), the Idempotency-Key claimed, its ids, the clock, the plan and its items locked.
     * Null when the key was claimed by an earlier call.
     */
    async openSale(
      claim: TKeyClaimValues,
      sale: { employeeId: number | null; warehouseName: string; itemIds: readonly number[] },
    ): Promise<TOpenedSale | null> {
      const [row] = await OPEN_SALE.run<{ opened: TOpenedRow }>(db, {
        ...claim,
        employeeId: sale.employeeId,
        warehouseName: sale.warehouseName,
        itemIds: [...new Set(sale.itemIds)],
        lineCount: sale.itemIds.length,
      });
      if (!row) throw new Error(`tenant ${claim.tenantId} not found`);
      const { opened } = row;
      if (!opened.warehouse) throw notFound(WAREHOUSE_NOT_FOUND);
      if (!opened.claimed) return null;
      return {
        warehouse: opened.warehouse,
        saleId: opened.saleId,
        lineIds: opened.lineIds,
        now: new Date(opened.now),
        plan: {
          plan: opened.plan,
          expires_at: opened.expiresAt ? new Date(opened.expiresAt) : null,
          transaction_count: opened.transactionCount,
        },
        items: opened.items,
        priceLimits: {
          items: new Map(opened.pricedItems.map((item) => [item.item_id, item])),
          maxDiscountPercent: opened.maxDiscountPercent === null ? null : Number(opened.maxDiscountPercent),
        },
      };
    },

    /**
     * Writes a sale (with the ids openSale took) under the business's next number, its lines, the report's
     * per-item days, a new phone's customer, the stock out (LEDGER_WRITES), its audit entry and the key's
     * answer (keptReply) in one statement. Answers the sale's number and customer (named, or its phone's).
     */
    async writeSale(
      header: TSaleHeader,
      lines: TSaleLine[],
      alongside: TLedgerWrites & TKeyClaimValues & TKeptReplyValues & TSaleAuditValues,
      options: { endsTransaction: boolean },
    ): Promise<{ saleNumber: number; customerId: number | null }> {
      // Object.assign, not spreads (see columnsOf in platform/db/prepared.ts).
      const values = Object.assign(
        {},
        alongside,
        saleValues(header),
        itemDayValues(
          lines.map((line) => ({
            tenantId: line.tenantId,
            itemId: line.itemId,
            saleDate: header.saleDate,
            quantity: line.quantity,
            revenueKobo: line.totalKobo,
          })),
        ),
        lineValues(lines),
      );
      const [written] = await WRITE_SALE.run<{ saleNumber: number; customerId: number | null }>(
        db,
        values,
        options,
      );
      return { saleNumber: Number(written!.saleNumber), customerId: written!.customerId };
    },

    async findSale(scope: TSalesScope, saleId: number): Promise<TSale | null> {
      const rows = flatten(await selectHeaders().where(and(liveSales(scope), eq(sales.id, saleId))));
      return (await withLines(rows))[0] ?? null;
    },

    /** Locks a live sale for a payment or a deletion. */
    async lockSale(scope: TSalesScope, saleId: number): Promise<TSaleHeader | null> {
      const [row] = await db
        .select()
        .from(sales)
        .where(and(liveSales(scope), eq(sales.id, saleId)))
        .for('update');
      return row ?? null;
    },

    async lines(saleId: number) {
      return db.select().from(saleLines).where(eq(saleLines.saleId, saleId)).orderBy(asc(saleLines.id));
    },

    async markDeleted(saleId: number, userId: number): Promise<void> {
      await db.update(sales).set({ deletedAt: new Date(), deletedBy: userId }).where(eq(sales.id, saleId));
    },

    async forCustomerOn(
      scope: TSalesScope,
      date: string,
      customerName: string,
      saleId?: number,
    ): Promise<TSale[]> {
      const rows = flatten(
        await selectHeaders()
          .where(
            and(
              liveSales(scope),
              eq(sales.saleDate, date),
              sql`lower(${sales.customerName}) = ${customerName.trim().toLowerCase()}`,
              saleId ? eq(sales.id, saleId) : undefined,
            ),
          )
          .orderBy(asc(sales.id)),
      );
      return withLines(rows);
    },

    async pending(scope: TSalesScope): Promise<TSale[]> {
      const rows = flatten(
        await selectHeaders()
          .where(and(liveSales(scope), ne(sales.paymentStatus, 'paid')))
          .orderBy(sql`${sales.dueDate} asc nulls last`, asc(sales.id))
          .limit(1000),
      );
      return withLines(rows);
    },

    /**
     * Sale lines newest first (by date, then sale, then line). By OFFSET (`skip`), or by keyset after the
     * line `before` (the last line of the page already shown); counted only when `count`. `more`: a row
     * follows this page.
     */
    async listRows(
      scope: TSalesScope,
      page: { limit: number; skip: number; before: number | null; count: boolean },
      filter?: TSalesFilterRequest,
    ): Promise<{ rows: TSaleRow[]; total: number | null; more: boolean }> {
      const where = and(liveSales(scope), filter ? filterCondition(filter) : undefined);
      const after = page.before === null ? undefined : afterLine(scope.tenantId, page.before);
      const [rows, [count]] = await Promise.all([
        db
          .select(ROW_COLUMNS)
          .from(saleLines)
          .innerJoin(sales, eq(sales.id, saleLines.saleId))
          .innerJoin(warehouses, eq(warehouses.id, sales.warehouseId))
          .leftJoin(reviewMarks, reviewMarkOf('sale', sales.tenantId, sales.id))
          .leftJoin(markReviewer, reviewerOfMark)
          .where(and(where, after))
          .orderBy(desc(sales.saleDate), desc(sales.id), asc(saleLines.id))
          .limit(page.limit + 1)
          .offset(page.before === null ? page.skip : 0),
        page.count
          ? db
              .select({ n: sql<number>`count(*)::int` })
              .from(saleLines)
              .innerJoin(sales, eq(sales.id, saleLines.saleId))
              .where(where)
          : [],
      ]);
      return {
        rows: rows.slice(0, page.limit).map(rowView),
        total: page.count ? (count?.n ?? 0) : null,
        more: rows.length > page.limit,
      };
    },

    async filterOptions(scope: TSalesScope) {
      const distinct = async (column: AnyColumn) => {
        const rows = await db
          .selectDistinct({ value: sql<string>`${column}` })
          .from(sales)
          .where(and(liveSales(scope), sql`${column} is not null and ${column} <> ''`))
          .orderBy(sql`${column}`)
          .limit(2000);
        return rows.map((row) => row.value);
      };
      const [customerNames, employeeNames, customerPhones, itemRows] = await Promise.all([
        distinct(sales.customerName),
        distinct(sales.employeeName),
        distinct(sales.customerPhone),
        db
          .selectDistinct({ value: saleLines.itemName })
          .from(saleLines)
          .innerJoin(sales, eq(sales.id, saleLines.saleId))
          .where(liveSales(scope))
          .orderBy(saleLines.itemName)
          .limit(2000),
      ]);
      return {
        customer_names: customerNames,
        employee_names: employeeNames,
        customer_phones: customerPhones,
        item_names: itemRows.map((row) => row.value),
      };
    },

    /**
     * Names on the business's sales since `since` that contain `search` (walk-in customers without a phone are
     * on no customer list), one per name, up to `limit`.
     */
    async recentCustomerNames(
      scope: TSalesScope,
      search: string,
      since: string,
      limit: number,
    ): Promise<TSalesCustomer[]> {
      const rows = await rowsOf<TSalesCustomer>(
        db,
        sql`select distinct on (lower(${sales.customerName})) ${sales.customerName} as name,
          ${sales.customerPhone} as phone, ${sales.customerId} as customer_id
        from ${sales}
        where ${liveSales(scope)} and ${sales.saleDate} >= ${since} and ${containsText(sales.customerName, search)}
        order by lower(${sales.customerName}), ${sales.customerId} nulls last
        limit ${limit}`,
      );
      return rows.map((row) => ({
        name: row.name,
        phone: row.phone,
        customer_id: row.customer_id === null ? null : Number(row.customer_id),
      }));
    },

    /** Customers for the receipt picker: the customer list and everyone who bought. */
    async receiptCustomers(scope: TSalesScope): Promise<TSalesCustomer[]> {
      const rows = await rowsOf<TSalesCustomer>(
        db,
        sql`
        select distinct on (lower(name)) name, phone from (
          select ${customers.name} as name, ${customers.phone} as phone from ${customers}
            where ${customers.tenantId} = ${scope.tenantId}
          union all
          select ${sales.customerName}, ${sales.customerPhone} from ${sales} where ${liveSales(scope)}
        ) everyone order by lower(name), phone nulls last limit 5000`,
      );
      return rows.map((row) => ({ name: row.name, phone: row.phone }));
    },
  };
}

function filterCondition(filter: TSalesFilterRequest): SQL | undefined {
  const columns = {
    customer_name: sales.customerName,
    employee_name: sales.employeeName,
    customer_phone: sales.customerPhone,
    item_name: saleLines.itemName,
  } as const;
  const values = filter.filter_values.filter(Boolean).map((value) => value.toLowerCase());
  return and(
    filter.start_date ? gte(sales.saleDate, filter.start_date) : undefined,
    filter.end_date ? lte(sales.saleDate, filter.end_date) : undefined,
    filter.filter_type && values.length > 0
      ? inArray(sql`lower(${columns[filter.filter_type]})`, values)
      : undefined,
    filter.keyword
      ? or(
          containsText(sales.customerName, filter.keyword),
          containsText(sql`coalesce(${sales.customerPhone}, '')`, filter.keyword),
          containsText(sql`coalesce(${sales.employeeName}, '')`, filter.keyword),
          containsText(sql`coalesce(${sales.invoiceNumber}, '')`, filter.keyword),
          containsText(sql`${saleLines.itemName}`, filter.keyword),
        )
      : undefined,
  );
}

export function saleView(
  header: TSaleHeader & { warehouseName: string },
  lines: (typeof saleLines.$inferSelect)[],
): TSale {
  return {
    sale_id: header.id,
    public_id: header.publicId,
    sale_number: header.number,
    sale_date: header.saleDate,
    customer_id: header.customerId,
    customer_name: header.customerName,
    customer_phone: header.customerPhone,
    employee_name: header.employeeName,
    warehouse_name: header.warehouseName,
    invoice_number: header.invoiceNumber,
    invoice_file_url: fileUrl(header.invoiceFileId),
    notes: header.notes,
    items: lines.map((line) => ({
      line_id: line.id,
      item_id: line.itemId,
      item_name: line.itemName,
      quantity: line.quantity,
      unit_price: koboToNaira(line.unitPriceKobo),
      total_amount: koboToNaira(line.totalKobo),
    })),
    subtotal: koboToNaira(header.subtotalKobo),
    vat_rate: Number(header.vatRate),
    vat_amount: koboToNaira(header.vatKobo),
    discount_type: header.discountType,
    discount_value: Number(header.discountValue),
    discount_amount: koboToNaira(header.discountKobo),
    grand_total: koboToNaira(header.grandTotalKobo),
    amount_paid: koboToNaira(header.amountPaidKobo),
    outstanding: koboToNaira(outstandingKobo(header.grandTotalKobo, header.amountPaidKobo)),
    payment_status: header.paymentStatus,
    payment_method: header.paymentMethod,
    due_date: header.dueDate,
    proforma_id: header.proformaId,
    created_at: header.createdAt.toISOString(),
  };
}

export type TSalesRepository = ReturnType<typeof createSalesRepository>;
