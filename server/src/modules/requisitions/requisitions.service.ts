/**
 * Requisitions (spec 3 §2.3): staff ask for stock from a warehouse; approving issues it through the ledger,
 * rejecting moves nothing, deleting an approved one puts it back. Each change is one transaction with its
 * audit entry; a new request e-mails every inventory officer through the outbox.
 */
import { randomUUID } from 'node:crypto';
import { businessDate, businessDayStart } from '@app/domain/dates/business-date';
import {
  REQUISITION_MESSAGES,
  type TRequisition,
  type TRequisitionBatchRequest,
  type TRequisitionListQuery,
  type TRequisitionRequest,
  type TRequisitionStatus,
} from '@app/domain/schemas/requisitions';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import { actorHas } from '../../platform/auth/guard.ts';
import type { Database, Transaction } from '../../platform/db/client.ts';
import { refusePublicIdTaken } from '../../platform/db/errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { runIdempotent, type TIdempotencyKey } from '../../platform/http/idempotency.ts';
import { createOutboxRepository } from '../../platform/mail/outbox.repository.ts';
import { requirePerson } from '../employees/index.ts';
import { fileUrl, sniffDocumentType, type TFilesService } from '../files/index.ts';
import { createItemsRepository, createLedger, createStockScope } from '../inventory/index.ts';
import { createOfficersRepository } from '../settings/index.ts';
import {
  createRequisitionsRepository,
  type TRequisitionFilter,
  type TRequisitionRow,
} from './requisitions.repository.ts';

/** Most rows one export writes. */
export const EXPORT_LIMIT = 10_000;

export function requisitionView(row: TRequisitionRow): TRequisition {
  return {
    requisition_id: row.id,
    public_id: row.publicId,
    request_ref: row.requestRef,
    submitted_at: row.submittedAt.toISOString(),
    employee_id: row.employeeId,
    employee_name: row.employeeName,
    requested_by_id: row.userId,
    warehouse_name: row.warehouseName,
    item_id: row.itemId,
    item: row.itemName,
    quantity: row.quantity,
    reason: row.reason,
    remark: row.remark,
    status: row.status,
    signature: fileUrl(row.signatureFileId),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: row.decidedByName,
  };
}

/** Spec 3 §3: the remark is shown only to those with requisitions.update_remark (the MD has every key). */
const remarkShownTo =
  (actor: TActor) =>
  (view: TRequisition): TRequisition =>
    actorHas(actor, 'requisitions.update_remark') ? view : { ...view, remark: null };

/** The MD and approvers see every requisition (an approver, of their warehouses); everyone else their own. */
const seesAll = (actor: TActor) => actorHas(actor, 'requisitions.approve');

function requestEmail(rows: TRequisition[], askedBy: string) {
  const first = rows[0]!;
  const lines = rows.map((row) => `- ${row.item}: ${row.quantity}`);
  return {
    subject: `Requisition from ${first.employee_name ?? askedBy}: ${first.warehouse_name}`,
    text: [
      `${askedBy} asked for stock from ${first.warehouse_name}${
        first.employee_name && first.employee_name !== askedBy ? ` for ${first.employee_name}` : ''
      }.`,
      '',
      'Items:',
      ...lines,
      '',
      `Reason: ${first.reason}`,
      `Submitted: ${first.submitted_at}`,
      '',
      'Approve or reject it on the Requisitions screen.',
    ].join('\n'),
  };
}

export function createRequisitionsService(deps: { db: Database; files: TFilesService }) {
  const repo = createRequisitionsRepository(deps.db);

  /** A drawn signature (a PNG data URL or bare base64) stored as a file of the business; 422 unless an image. */
  async function storeSignature(actor: TActor, signature: string | null) {
    if (!signature) return null;
    const data = signature.replace(/^data:[^,]*,/, '');
    if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(data))
      throw new AppError('unprocessable', 'The signature is not a PNG image');
    const content = Buffer.from(data, 'base64');
    const type = sniffDocumentType(content);
    if (!type || type.contentType === 'application/pdf')
      throw new AppError('unprocessable', 'The signature is not a PNG image');
    return (await deps.files.storeContent(actor, 'requisition_signature', content, 'signature.png')).file_id;
  }

  /** The warehouse (one the caller may use) and its items named by the request; 404 for what is not there. */
  async function resolveItems(
    tx: Transaction,
    actor: TActor,
    warehouseName: string,
    wanted: readonly { item?: string | undefined; item_id?: number | null | undefined }[],
  ) {
    const warehouse = await createStockScope(tx).warehouses.requireByName(actor, warehouseName);
    const found = await createItemsRepository(tx).findManyInWarehouse(
      actor.tenantId,
      warehouse.warehouse_id,
      wanted.flatMap((line) => (line.item_id ? [line.item_id] : [])),
      wanted.flatMap((line) => (line.item_id || line.item === undefined ? [] : [line.item])),
    );
    const itemIds = wanted.map((line) => {
      const item = line.item_id
        ? found.find((candidate) => candidate.item_id === line.item_id)
        : found.find((candidate) => candidate.item_name.toLowerCase() === line.item?.trim().toLowerCase());
      if (!item) throw notFound(`Item ${line.item ?? line.item_id} not found in ${warehouse.warehouse_name}`);
      return item.item_id;
    });
    return { warehouse, itemIds };
  }

  /** An employee decides, remarks on and deletes only requisitions from warehouses open to them (else 404). */
  async function assertWarehouseOpen(tx: Transaction, actor: TActor, warehouseId: number) {
    if (actor.role === 'md') return;
    if (!(await createStockScope(tx).warehouseIds(actor)).includes(warehouseId))
      throw notFound(REQUISITION_MESSAGES.notFound);
  }

  async function requireRow(tx: Transaction, actor: TActor, id: number) {
    const row = await createRequisitionsRepository(tx).find(actor.tenantId, id);
    if (!row || (!seesAll(actor) && row.employeeId !== actor.userId && row.userId !== actor.userId))
      throw notFound(REQUISITION_MESSAGES.notFound);
    return row;
  }

  async function create(actor: TActor, input: TRequisitionBatchRequest, key: TIdempotencyKey | null) {
    const signatureFileId = await storeSignature(actor, input.signature_base64);
    return runIdempotent(
      deps.db,
      { tenantId: actor.tenantId, key, route: 'requisitions.create' },
      async (tx) => {
        const { warehouse, itemIds } = await resolveItems(tx, actor, input.warehouse_name, input.items);
        const employeeId = await requirePerson(tx, actor, input.employee_id);
        const requestRef = input.public_id ?? randomUUID();
        const requisitions = createRequisitionsRepository(tx);
        const ids = await refusePublicIdTaken('requisition', 'requisitions_public_id_uq', () =>
          requisitions.insertMany(
            input.items.map((line, index) => ({
              tenantId: actor.tenantId,
              ...(index === 0 && input.public_id ? { publicId: input.public_id } : {}),
              requestRef,
              warehouseId: warehouse.warehouse_id,
              itemId: itemIds[index]!,
              quantity: line.quantity,
              reason: input.reason,
              employeeId,
              signatureFileId,
              userId: actor.userId,
            })),
          ),
        );
        const views = (await requisitions.findMany(actor.tenantId, ids)).map(requisitionView);
        await writeAudit(
          tx,
          actor,
          ...views.map((view) => ({
            kind: 'requisition.created' as const,
            recordType: 'requisition' as const,
            recordId: view.requisition_id,
            after: view,
          })),
        );
        const officers = await createOfficersRepository(tx).list(actor.tenantId);
        const email = requestEmail(views, actor.username);
        const outbox = createOutboxRepository(tx);
        // One e-mail per address, whatever its case: officers added before the check may share one.
        const addresses = new Map(officers.map((officer) => [officer.officer_email.toLowerCase(), officer]));
        for (const officer of addresses.values())
          await outbox.enqueue({
            tenantId: actor.tenantId,
            kind: 'requisition',
            to: officer.officer_email,
            ...email,
          });
        return {
          status: 201,
          body: {
            msg:
              officers.length > 0
                ? 'Requisition submitted and the inventory officer notified'
                : `Requisition submitted. ${REQUISITION_MESSAGES.noOfficer}`,
            email_sent: officers.length > 0,
            officer_email_configured: officers.length > 0,
            requisitions: views,
          },
        };
      },
    );
  }

  /**
   * Changes a pending requisition: only its requester (or the MD) may. An approver who could edit another's
   * request could set its items and quantities and then approve them, so approval would check nothing (403);
   * one of a warehouse closed to them is not there for them (404), as for the other actions.
   */
  async function update(actor: TActor, id: number, input: TRequisitionRequest) {
    const signatureFileId = await storeSignature(actor, input.signature_base64);
    return deps.db.transaction(async (tx) => {
      const requisitions = createRequisitionsRepository(tx);
      const before = await requireRow(tx, actor, id);
      if (actor.role !== 'md' && before.userId !== actor.userId) {
        await assertWarehouseOpen(tx, actor, before.warehouseId);
        throw new AppError('forbidden', REQUISITION_MESSAGES.editOwn);
      }
      const locked = await requisitions.lock(actor.tenantId, id);
      if (!locked) throw notFound(REQUISITION_MESSAGES.notFound);
      if (locked.status !== 'Pending')
        throw new AppError('conflict', 'Only a pending requisition can be edited');
      const { warehouse, itemIds } = await resolveItems(tx, actor, input.warehouse_name, [input]);
      await requisitions.update(actor.tenantId, id, {
        warehouseId: warehouse.warehouse_id,
        itemId: itemIds[0]!,
        quantity: input.quantity,
        reason: input.reason,
        ...(input.employee_id
          ? { employeeId: await requirePerson(tx, actor, input.employee_id, before.employeeId) }
          : {}),
        ...(signatureFileId ? { signatureFileId } : {}),
      });
      const after = requisitionView((await requisitions.find(actor.tenantId, id))!);
      await writeAudit(tx, actor, {
        kind: 'requisition.updated',
        recordType: 'requisition',
        recordId: id,
        before: requisitionView(before),
        after,
      });
      return { msg: 'Requisition updated', requisition: remarkShownTo(actor)(after) };
    });
  }

  /** Approves (issuing the stock through the ledger today) or rejects a pending requisition; 409 otherwise. */
  async function decide(actor: TActor, id: number, status: Exclude<TRequisitionStatus, 'Pending'>) {
    return deps.db.transaction(async (tx) => {
      const requisitions = createRequisitionsRepository(tx);
      const locked = await requisitions.lock(actor.tenantId, id);
      if (!locked) throw notFound(REQUISITION_MESSAGES.notFound);
      await assertWarehouseOpen(tx, actor, locked.warehouseId);
      const verb = status === 'Approved' ? 'approved' : 'rejected';
      if (locked.status !== 'Pending')
        throw new AppError(
          'conflict',
          `This requisition is already ${locked.status.toLowerCase()}: only a pending one can be ${verb}`,
        );
      const before = requisitionView((await requisitions.find(actor.tenantId, id))!);
      const today = businessDate();
      if (status === 'Approved')
        await createLedger(tx).postAll([
          {
            tenantId: actor.tenantId,
            itemId: locked.itemId,
            businessDate: today,
            kind: 'stock_out',
            quantity: locked.quantity,
            sourceType: 'requisition',
            sourceId: id,
            userId: actor.userId,
          },
        ]);
      await requisitions.update(actor.tenantId, id, {
        status,
        decidedAt: new Date(),
        decidedBy: actor.userId,
        ...(status === 'Approved' ? { issuedDate: today } : {}),
      });
      const after = requisitionView((await requisitions.find(actor.tenantId, id))!);
      await writeAudit(tx, actor, {
        kind: status === 'Approved' ? 'requisition.approved' : 'requisition.rejected',
        recordType: 'requisition',
        recordId: id,
        before,
        after,
      });
      return { msg: `Requisition ${verb}`, requisition: after };
    });
  }

  async function remark(actor: TActor, id: number, text: string | null) {
    return deps.db.transaction(async (tx) => {
      const requisitions = createRequisitionsRepository(tx);
      const locked = await requisitions.lock(actor.tenantId, id);
      if (!locked) throw notFound(REQUISITION_MESSAGES.notFound);
      await assertWarehouseOpen(tx, actor, locked.warehouseId);
      const before = requisitionView((await requisitions.find(actor.tenantId, id))!);
      await requisitions.update(actor.tenantId, id, { remark: text });
      const after = requisitionView((await requisitions.find(actor.tenantId, id))!);
      await writeAudit(tx, actor, {
        kind: 'requisition.remarked',
        recordType: 'requisition',
        recordId: id,
        before,
        after,
      });
      return { msg: 'Remark updated', requisition: after };
    });
  }

  /** Deletes a requisition; an approved one's stock goes back through the ledger on the day it was issued. */
  async function remove(actor: TActor, id: number) {
    await deps.db.transaction(async (tx) => {
      const requisitions = createRequisitionsRepository(tx);
      const locked = await requisitions.lock(actor.tenantId, id);
      if (!locked) throw notFound(REQUISITION_MESSAGES.notFound);
      await assertWarehouseOpen(tx, actor, locked.warehouseId);
      const before = requisitionView((await requisitions.find(actor.tenantId, id))!);
      if (locked.status === 'Approved' && locked.issuedDate)
        await createLedger(tx).postAll([
          {
            tenantId: actor.tenantId,
            itemId: locked.itemId,
            businessDate: locked.issuedDate,
            kind: 'stock_out',
            quantity: -locked.quantity,
            sourceType: 'requisition_deleted',
            sourceId: id,
            userId: actor.userId,
          },
        ]);
      await requisitions.update(actor.tenantId, id, { deletedAt: new Date(), deletedBy: actor.userId });
      await writeAudit(tx, actor, {
        kind: 'requisition.deleted',
        recordType: 'requisition',
        recordId: id,
        before,
      });
    });
    return { msg: 'Requisition deleted' };
  }

  async function filterOf(
    actor: TActor,
    query: Omit<TRequisitionListQuery, 'skip' | 'limit' | 'before' | 'count'>,
  ): Promise<TRequisitionFilter> {
    if (query.start_date && query.end_date && query.end_date < query.start_date)
      throw new AppError('bad_request', 'End date must be on or after the start date');
    return {
      personId: seesAll(actor) ? null : actor.userId,
      // An approver sees the requisitions of the warehouses open to them; a requester their own.
      warehouseIds:
        seesAll(actor) && actor.role !== 'md' ? await createStockScope(deps.db).warehouseIds(actor) : null,
      status: query.status ?? null,
      q: query.q ?? null,
      startAt: query.start_date ? businessDayStart(query.start_date) : null,
      endBefore: query.end_date ? businessDayStart(query.end_date, 1) : null,
    };
  }

  async function list(actor: TActor, query: TRequisitionListQuery) {
    const { rows, more, total } = await repo.list(actor.tenantId, await filterOf(actor, query), {
      limit: query.limit,
      offset: query.skip,
      before: query.before ?? null,
      count: query.count,
    });
    const last = rows[rows.length - 1];
    return {
      rows: rows.map(requisitionView).map(remarkShownTo(actor)),
      total,
      nextBefore: more && last ? last.id : null,
    };
  }

  /** Every requisition the filters match (up to EXPORT_LIMIT), newest first, for an export. */
  async function exportRows(
    actor: TActor,
    query: Omit<TRequisitionListQuery, 'skip' | 'limit' | 'before' | 'count'>,
  ) {
    const { rows } = await repo.list(actor.tenantId, await filterOf(actor, query), {
      limit: EXPORT_LIMIT,
      offset: 0,
      before: null,
      count: false,
    });
    return rows.map(requisitionView).map(remarkShownTo(actor));
  }

  return { create, update, decide, remark, remove, list, exportRows };
}

export type TRequisitionsService = ReturnType<typeof createRequisitionsService>;
