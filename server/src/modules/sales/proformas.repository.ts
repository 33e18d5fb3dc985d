import { koboToNaira } from '@app/domain/money/money';
import type { TProforma } from '@app/domain/schemas/sales';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  documentCounters,
  proformaLines,
  proformas,
  sales,
  warehouses,
} from '../../platform/db/schema/index.ts';
import { groupBy, type TSalesScope } from './sales.repository.ts';
import { fileUrl } from '../files/index.ts';

export type TProformaHeader = typeof proformas.$inferSelect;
type TProformaLine = typeof proformaLines.$inferSelect;

function scoped(scope: TSalesScope) {
  return and(
    eq(proformas.tenantId, scope.tenantId),
    isNull(proformas.deletedAt),
    scope.warehouseIds ? inArray(proformas.warehouseId, [...scope.warehouseIds, -1]) : undefined,
  );
}

function proformaView(
  header: TProformaHeader,
  warehouseName: string,
  saleNumber: number | null,
  lines: TProformaLine[],
): TProforma {
  return {
    proforma_id: header.id,
    public_id: header.publicId,
    proforma_number: header.number,
    date: header.proformaDate,
    created_at: header.createdAt.toISOString(),
    customer_id: header.customerId,
    customer_name: header.customerName,
    customer_phone: header.customerPhone,
    warehouse_name: warehouseName,
    items: lines.map((line) => ({
      item_id: line.itemId,
      item_name: line.itemName,
      quantity: line.quantity,
      unit_price: koboToNaira(line.unitPriceKobo),
      total_amount: koboToNaira(line.totalKobo),
      warehouse_name: warehouseName,
    })),
    subtotal: koboToNaira(header.subtotalKobo),
    vat_rate: Number(header.vatRate),
    vat_amount: koboToNaira(header.vatKobo),
    discount_type: header.discountType,
    discount_value: Number(header.discountValue),
    discount_amount: koboToNaira(header.discountKobo),
    grand_total: koboToNaira(header.grandTotalKobo),
    notes: header.notes,
    status: header.status,
    invoice_url: fileUrl(header.invoiceFileId),
    sale_id: header.saleId,
    sale_number: saleNumber,
    converted_at: header.convertedAt?.toISOString() ?? null,
  };
}

export function createProformasRepository(db: Executor) {
  async function load(where: ReturnType<typeof and>, limit = 2000): Promise<TProforma[]> {
    const headers = await db
      .select({ proforma: proformas, warehouseName: warehouses.name, saleNumber: sales.number })
      .from(proformas)
      .innerJoin(warehouses, eq(warehouses.id, proformas.warehouseId))
      .leftJoin(sales, eq(sales.id, proformas.saleId))
      .where(where)
      .orderBy(desc(proformas.id))
      .limit(limit);
    if (headers.length === 0) return [];
    const lines = await db
      .select()
      .from(proformaLines)
      .where(
        inArray(
          proformaLines.proformaId,
          headers.map((h) => h.proforma.id),
        ),
      )
      .orderBy(asc(proformaLines.id));
    const byProforma = groupBy(lines, (line) => line.proformaId);
    return headers.map((h) =>
      proformaView(h.proforma, h.warehouseName, h.saleNumber, byProforma.get(h.proforma.id) ?? []),
    );
  }

  return {
    /** Inserts the proforma under the business's next proforma number (taken in the same statement). */
    async insert(
      header: Omit<typeof proformas.$inferInsert, 'number'>,
      lines: Omit<typeof proformaLines.$inferInsert, 'proformaId'>[],
    ): Promise<number> {
      const [counter] = await db
        .insert(documentCounters)
        .values({ tenantId: header.tenantId, kind: 'proforma', last: 1 })
        .onConflictDoUpdate({
          target: [documentCounters.tenantId, documentCounters.kind],
          set: { last: sql`${documentCounters.last} + 1` },
        })
        .returning({ last: documentCounters.last });
      const [row] = await db
        .insert(proformas)
        .values({ ...header, number: counter!.last })
        .returning({ id: proformas.id });
      await db.insert(proformaLines).values(lines.map((line) => ({ ...line, proformaId: row!.id })));
      return row!.id;
    },

    /** The newest first, `limit` of them (one more says another page follows), below `before` when given. */
    page: async (scope: TSalesScope, page: { limit: number; before: number | null }) => {
      const rows = await load(
        and(scoped(scope), page.before === null ? undefined : lt(proformas.id, page.before)),
        page.limit + 1,
      );
      return { rows: rows.slice(0, page.limit), more: rows.length > page.limit };
    },

    pendingFor: (scope: TSalesScope, customerName: string) =>
      load(
        and(
          scoped(scope),
          eq(proformas.status, 'pending'),
          sql`lower(${proformas.customerName}) = ${customerName.trim().toLowerCase()}`,
        ),
      ),

    async find(scope: TSalesScope, id: number): Promise<TProforma | null> {
      return (await load(and(scoped(scope), eq(proformas.id, id)), 1))[0] ?? null;
    },

    /** Locks a proforma for its conversion, upload or deletion. */
    async lock(scope: TSalesScope, id: number): Promise<TProformaHeader | null> {
      const [row] = await db
        .select()
        .from(proformas)
        .where(and(scoped(scope), eq(proformas.id, id)))
        .for('update');
      return row ?? null;
    },

    async lines(id: number) {
      return db
        .select()
        .from(proformaLines)
        .where(eq(proformaLines.proformaId, id))
        .orderBy(asc(proformaLines.id));
    },

    async update(id: number, values: Partial<typeof proformas.$inferInsert>) {
      await db.update(proformas).set(values).where(eq(proformas.id, id));
    },

    /** Marks the proforma deleted, with who: it leaves every list and lookup and stays in the database. */
    async markDeleted(id: number, userId: number) {
      await db
        .update(proformas)
        .set({ deletedAt: new Date(), deletedBy: userId })
        .where(eq(proformas.id, id));
    },
  };
}
