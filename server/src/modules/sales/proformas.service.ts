import { businessDate } from '@app/domain/dates/business-date';
import { nairaToKobo } from '@app/domain/money/money';
import { priceSale } from '@app/domain/pricing/pricing';
import {
  ALREADY_CONVERTED,
  convertedProformaUndeletable,
  DUE_DATE_REQUIRED,
  UPLOAD_INVOICE_FIRST,
  creditNameProblem,
  type TConversionResult,
  type TProformaConvertRequest,
  type TProformaRequest,
} from '@app/domain/schemas/sales';
import type { MultipartFile } from '@fastify/multipart';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { refusePublicIdTaken } from '../../platform/db/errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { runIdempotent, type TIdempotencyKey } from '../../platform/http/idempotency.ts';
import type { TFilesService } from '../files/index.ts';
import { createWarehousesRepository, employeeScope } from '../warehouses/index.ts';
import { assertPriceLimits, maxDiscountOf, overridesForAudit } from './price-limits.ts';
import { createProformasRepository } from './proformas.repository.ts';
import { customerOf, recordSale, requireWarehouse, resolveLines, salesScope } from './sale-recording.ts';

export const PROFORMA_NOT_FOUND = 'Proforma not found';

export function createProformasService(deps: { db: Database; files: TFilesService }) {
  const { db } = deps;

  async function create(actor: TActor, input: TProformaRequest, key: TIdempotencyKey | null) {
    const warehouse = await requireWarehouse(db, actor, input);
    const lines = await resolveLines(db, actor, warehouse, input.items, 'Proforma item');
    const priceOverrides = await assertPriceLimits(
      db,
      actor,
      {
        lines,
        label: 'Proforma item',
        applyVat: input.apply_vat,
        vatRate: input.vat_rate,
        discountType: input.discount_type,
        discountValue: input.discount_value ?? 0,
      },
      {
        items: new Map(lines.map((line) => [line.item.item_id, line.item])),
        maxDiscountPercent: await maxDiscountOf(db, actor.tenantId),
      },
    );
    const pricing = priceSale({
      lines,
      applyVat: input.apply_vat,
      vatRate: input.vat_rate,
      discountType: input.discount_type,
      discountValue:
        input.discount_type === 'fixed'
          ? nairaToKobo(input.discount_value ?? 0)
          : (input.discount_value ?? 0),
    });
    return refusePublicIdTaken('proforma', 'proformas_public_id_uq', () =>
      runIdempotent(db, { tenantId: actor.tenantId, key, route: 'sales.proforma' }, async (tx) => {
        const repo = createProformasRepository(tx);
        const proformaId = await repo.insert(
          {
            ...(input.public_id ? { publicId: input.public_id } : {}),
            customerId: await customerOf(tx, actor.tenantId, input),
            tenantId: actor.tenantId,
            warehouseId: warehouse.warehouse_id,
            proformaDate: businessDate(),
            customerName: input.customer_name,
            customerPhone: input.customer_phone,
            notes: input.notes,
            subtotalKobo: pricing.subtotalKobo,
            applyVat: input.apply_vat,
            vatRate: pricing.vatRate,
            vatKobo: pricing.vatKobo,
            discountType: input.discount_type,
            discountValue: input.discount_type === 'none' ? 0 : (input.discount_value ?? 0),
            discountKobo: pricing.discountKobo,
            grandTotalKobo: pricing.grandTotalKobo,
            userId: actor.userId,
          },
          lines.map((line, index) => ({
            tenantId: actor.tenantId,
            itemId: line.item.item_id,
            itemName: line.item.item_name,
            quantity: line.quantity,
            unitPriceKobo: line.unitPriceKobo,
            totalKobo: pricing.lineTotalsKobo[index]!,
          })),
        );
        const created = (await repo.find(await salesScope(tx, actor), proformaId))!;
        await writeAudit(tx, actor, {
          kind: 'proforma.created',
          recordType: 'proforma',
          recordId: proformaId,
          after: priceOverrides
            ? { ...created, price_overrides: overridesForAudit(priceOverrides) }
            : created,
        });
        return {
          status: 201,
          body: {
            success: true,
            message: 'Proforma invoice created',
            proforma_id: created.proforma_id,
            proforma: created,
          },
        };
      }),
    );
  }

  async function get(actor: TActor, proformaId: number) {
    const proforma = await createProformasRepository(db).find(await salesScope(db, actor), proformaId);
    if (!proforma) throw notFound(PROFORMA_NOT_FOUND);
    return proforma;
  }

  /** Only a pending proforma goes: a converted one is the quote its sale came from (409). */
  async function remove(actor: TActor, proformaId: number) {
    const number = await db.transaction(async (tx) => {
      const repo = createProformasRepository(tx);
      const scope = await salesScope(tx, actor);
      const proforma = await repo.lock(scope, proformaId);
      if (!proforma) throw notFound(PROFORMA_NOT_FOUND);
      const before = await repo.find(scope, proformaId);
      if (proforma.status === 'converted')
        throw new AppError('conflict', convertedProformaUndeletable(before?.sale_number ?? null));
      await repo.markDeleted(proformaId, actor.userId);
      await writeAudit(tx, actor, {
        kind: 'proforma.deleted',
        recordType: 'proforma',
        recordId: proformaId,
        before,
      });
      return proforma.number;
    });
    return { success: true, message: `Proforma #${number} deleted` };
  }

  /** The proforma is checked before the file is read: another business's id answers 404 at once. */
  async function uploadInvoice(
    actor: TActor,
    proformaId: number,
    readFile: () => Promise<MultipartFile | undefined>,
  ) {
    const before = await get(actor, proformaId);
    if (before.invoice_url) throw new AppError('conflict', 'Invoice already uploaded for this proforma');
    const stored = await deps.files.storeDocument(actor, 'proforma_invoice', await readFile());
    await db.transaction(async (tx) => {
      const repo = createProformasRepository(tx);
      const proforma = await repo.lock(await salesScope(tx, actor), proformaId);
      if (!proforma) throw notFound(PROFORMA_NOT_FOUND);
      if (proforma.invoiceFileId)
        throw new AppError('conflict', 'Invoice already uploaded for this proforma');
      await repo.update(proformaId, { invoiceFileId: stored.file_id });
    });
    return { invoice_url: stored.invoice_file_url, proforma: await get(actor, proformaId) };
  }

  /** Records the proforma's sale exactly as a sale batch would, today, in one transaction. */
  async function convert(
    actor: TActor,
    proformaId: number,
    payment: TProformaConvertRequest,
    key: TIdempotencyKey | null,
  ) {
    if (payment.payment_status === 'credit' && !payment.due_date)
      throw new AppError('bad_request', DUE_DATE_REQUIRED);
    return runIdempotent(
      db,
      { tenantId: actor.tenantId, key, route: `sales.proforma.convert.${proformaId}` },
      async (tx) => {
        const repo = createProformasRepository(tx);
        const scope = await salesScope(tx, actor);
        const proforma = await repo.lock(scope, proformaId);
        if (!proforma) throw notFound(PROFORMA_NOT_FOUND);
        if (proforma.status === 'converted') throw new AppError('conflict', ALREADY_CONVERTED);
        if (!proforma.invoiceFileId) throw new AppError('bad_request', UPLOAD_INVOICE_FIRST);
        const warehouse = await createWarehousesRepository(tx).findById(
          actor.tenantId,
          employeeScope(actor),
          proforma.warehouseId,
        );
        if (!warehouse) throw notFound('Warehouse not found');
        // A sale owing money names a real customer, whatever way it is made.
        const missing = creditNameProblem({
          payment_status: payment.payment_status,
          customer_name: proforma.customerName,
        });
        if (missing) throw new AppError('bad_request', missing);
        const lines = (await repo.lines(proformaId)).map((line) => ({
          itemId: line.itemId,
          itemName: line.itemName,
          quantity: line.quantity,
          unitPriceKobo: line.unitPriceKobo,
        }));
        const sale = await recordSale(tx, actor, {
          saleDate: businessDate(),
          warehouseName: warehouse.warehouse_name,
          publicId: null,
          customerId: proforma.customerId,
          customerName: proforma.customerName,
          customerPhone: proforma.customerPhone,
          invoiceNumber: `PF-${proforma.number}`,
          notes: proforma.notes,
          lines,
          lineLabel: 'Proforma item',
          applyVat: proforma.applyVat,
          vatRate: Number(proforma.vatRate),
          discountType: proforma.discountType,
          discountValue: Number(proforma.discountValue),
          paymentStatus: payment.payment_status,
          paymentMethod: payment.payment_method,
          amountEnteredKobo: payment.amount_paid ? nairaToKobo(payment.amount_paid) : null,
          dueDate: payment.due_date ?? null,
          invoiceFileId: proforma.invoiceFileId,
          proformaId,
        });
        await repo.update(proformaId, { status: 'converted', saleId: sale.sale_id, convertedAt: new Date() });
        await writeAudit(tx, actor, {
          kind: 'proforma.converted',
          recordType: 'proforma',
          recordId: proformaId,
          before: { status: proforma.status },
          after: { status: 'converted', sale_id: sale.sale_id, sale_number: sale.sale_number },
        });
        const body: TConversionResult = {
          success: true,
          message: `Proforma #${proforma.number} converted to sale #${sale.sale_number}`,
          proforma_id: proformaId,
          sale_id: sale.sale_id,
          sale_number: sale.sale_number,
          items_count: sale.items.length,
          inventory_updates: sale.items.map((line) => ({
            item_id: line.item_id,
            item_name: line.item_name,
            action: 'updated' as const,
            stock_out: line.quantity,
            error: null,
          })),
        };
        return { status: 201, body };
      },
    );
  }

  return {
    create,
    get,
    remove,
    uploadInvoice,
    convert,
    /** The newest proformas, a page at a time (keyset: `before` is the last id seen). */
    page: async (actor: TActor, page: { limit: number; before: number | null }) => {
      const { rows, more } = await createProformasRepository(db).page(await salesScope(db, actor), page);
      return { rows, nextBefore: more ? rows[rows.length - 1]!.proforma_id : null };
    },
    pendingFor: async (actor: TActor, customerName: string) =>
      createProformasRepository(db).pendingFor(await salesScope(db, actor), customerName),
  };
}

export type TProformasService = ReturnType<typeof createProformasService>;
