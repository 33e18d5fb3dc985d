import { createHash, randomBytes } from 'node:crypto';
import { whatsappUrl, normaliseNigerianPhone } from '@app/domain/phone/nigerian-phone';
import type { TProforma, TSale } from '@app/domain/schemas/sales';
import {
  SHARED_DOCUMENT_NOT_FOUND,
  type TDocumentShare,
  type TDocumentShareRevoked,
  type TSharedDocument,
} from '@app/domain/schemas/shares';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { documents } from '../../platform/documents/pool.ts';
import { notFound } from '../../platform/errors.ts';
import { hasPlanFeature } from '../../platform/tenancy/plan-features.ts';
import type { TCompanyService } from '../settings/index.ts';
import { createDocumentSharesRepository, type TSharedDocumentType } from './document-shares.repository.ts';
import { PROFORMA_NOT_FOUND } from './proformas.service.ts';
import { createProformasRepository } from './proformas.repository.ts';
import { bankLine, proformaDocument, receiptDocument, type TPrintDocument } from './receipt-document.ts';
import { printReceiptPdf } from './receipt-layout.ts';
import { salesScope } from './sale-recording.ts';
import { SALE_NOT_FOUND } from './sales.service.ts';
import { createSalesRepository, type TSalesScope } from './sales.repository.ts';
import { withReceivedMethods } from './received-methods.ts';

/** The public page of a shared document (a route of the web app, outside the dashboard). */
export const SHARED_DOCUMENT_PATH = '/d/';

const TOKEN_BYTES = 32;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type TLoaded =
  | { type: 'receipt'; number: number; customerName: string; customerPhone: string | null; sale: TSale }
  | {
      type: 'proforma';
      number: number;
      customerName: string;
      customerPhone: string | null;
      proforma: TProforma;
    };

async function loadDocument(db: Executor, scope: TSalesScope, type: TSharedDocumentType, id: number) {
  if (type === 'receipt') {
    const found = await createSalesRepository(db).findSale(scope, id);
    if (!found) return null;
    const sale = (await withReceivedMethods(db, scope.tenantId, [found]))[0]!;
    return {
      type,
      number: sale.sale_number,
      customerName: sale.customer_name,
      customerPhone: sale.customer_phone,
      sale,
    } satisfies TLoaded;
  }
  const proforma = await createProformasRepository(db).find(scope, id);
  if (!proforma) return null;
  return {
    type,
    number: proforma.proforma_number,
    customerName: proforma.customer_name,
    customerPhone: proforma.customer_phone,
    proforma,
  } satisfies TLoaded;
}

const missing = (type: TSharedDocumentType) =>
  notFound(type === 'receipt' ? SALE_NOT_FOUND : PROFORMA_NOT_FOUND);

/** What reads a shared document for its public page: the whole business's scope, for reading only. */
const readerOf = (tenantId: number): TActor => ({
  userId: 0,
  tenantId,
  role: 'md',
  username: '',
  email: '',
  tenantName: '',
  sessionId: '',
  permissions: [],
  permissionCodes: [],
});

const imageDataUrl = (bytes: Buffer) =>
  `data:${bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) ? 'image/png' : 'image/jpeg'};base64,${bytes.toString('base64')}`;

const amounts = (list: TPrintDocument['details']) =>
  list.map((amount) => ({ label: amount.label, value: amount.value, strong: amount.strong ?? false }));

/**
 * Public links to one receipt (a sale) or proforma, sent on WhatsApp. The token is 32 random bytes
 * (base64url) handed out once; only its SHA-256 is stored, so the table cannot give a link back.
 */
export function createDocumentSharesService(deps: {
  db: Database;
  company: TCompanyService;
  publicUrl: string;
}) {
  const { db } = deps;

  async function share(
    actor: TActor,
    type: TSharedDocumentType,
    documentId: number,
  ): Promise<TDocumentShare> {
    const document = await loadDocument(db, await salesScope(db, actor), type, documentId);
    if (!document) throw missing(type);
    const { tenant_name: businessName } = await deps.company.get(actor);
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const created = await db.transaction(async (tx) => {
      const row = await createDocumentSharesRepository(tx).insert({
        tenantId: actor.tenantId,
        tokenHash: hashOf(token),
        documentType: type,
        documentId,
        createdBy: actor.userId,
      });
      await writeAudit(tx, actor, {
        kind: 'document_share.created',
        recordType: 'document_share',
        recordId: row.id,
        after: { document_type: type, document_id: documentId, number: document.number },
      });
      return row;
    });
    const url = `${deps.publicUrl}${SHARED_DOCUMENT_PATH}${token}`;
    const what = type === 'receipt' ? `receipt #${document.number}` : `proforma invoice #${document.number}`;
    const greeting = document.customerName ? `Hello ${document.customerName}, here` : 'Here';
    const message = `${greeting} is your ${what} from ${businessName}: ${url}`;
    return {
      share_id: created.id,
      document_type: type,
      document_id: documentId,
      url,
      whatsapp_url: whatsappUrl(document.customerPhone, message),
      phone: normaliseNigerianPhone(document.customerPhone),
      created_at: created.createdAt.toISOString(),
    };
  }

  async function revoke(
    actor: TActor,
    type: TSharedDocumentType,
    documentId: number,
  ): Promise<TDocumentShareRevoked> {
    return db.transaction(async (tx) => {
      if (!(await loadDocument(tx, await salesScope(tx, actor), type, documentId))) throw missing(type);
      const revoked = await createDocumentSharesRepository(tx).revokeAll(actor.tenantId, type, documentId);
      if (revoked.length > 0)
        await writeAudit(
          tx,
          actor,
          ...revoked.map((id) => ({
            kind: 'document_share.revoked' as const,
            recordType: 'document_share' as const,
            recordId: id,
            before: { document_type: type, document_id: documentId },
          })),
        );
      return { revoked: revoked.length };
    });
  }

  /** The document behind a live token, as printed; an unknown, revoked or deleted one is the same 404. */
  async function printed(token: string) {
    const shared = await createDocumentSharesRepository(db).findLive(hashOf(token));
    const scope = shared && { tenantId: shared.tenantId, warehouseIds: null };
    const document =
      shared && scope && (await loadDocument(db, scope, shared.documentType, shared.documentId));
    if (!shared || !document) throw notFound(SHARED_DOCUMENT_NOT_FOUND);
    const printed = await deps.company.forPrint(readerOf(shared.tenantId));
    // The logo as the business's own receipts print it: only on Pro Yearly (spec 1 §9).
    const company = (await hasPlanFeature(db, shared.tenantId, 'receipt_logo'))
      ? printed
      : { ...printed, logo: null };
    return {
      tenantId: shared.tenantId,
      company,
      print:
        document.type === 'receipt'
          ? receiptDocument(company, [document.sale])
          : proformaDocument(company, document.proforma),
      filename: `${document.type}_${document.number}.pdf`,
    };
  }

  async function publicView(token: string): Promise<TSharedDocument> {
    const { company, print, filename } = await printed(token);
    return {
      title: print.title,
      company: {
        name: company.name,
        phone: company.phone,
        address: company.address,
        bank_line: bankLine(company),
        logo_data_url: company.logo ? imageDataUrl(company.logo) : null,
      },
      details: amounts(print.details),
      sections: print.sections.map((section) => ({
        heading: section.heading,
        lines: section.lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          unit_price: line.unitPrice,
          total: line.total,
        })),
        totals: amounts(section.totals),
      })),
      summary: print.summary && amounts(print.summary),
      notes: print.notes,
      closing: print.closing,
      pdf_filename: filename,
    };
  }

  async function publicPdf(token: string) {
    const { tenantId, print, filename } = await printed(token);
    const pdf = await documents.withSlot(tenantId, (slot) => printReceiptPdf(slot, print, 'A4'));
    return { pdf, filename };
  }

  return { share, revoke, publicView, publicPdf };
}

export type TDocumentSharesService = ReturnType<typeof createDocumentSharesService>;
