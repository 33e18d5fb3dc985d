import type {
  TReceiptEmailRequest,
  TReceiptPdfRequest,
  ZProformaPdfRequestSchema,
} from '@app/domain/schemas/sales';
import { printDate } from '@app/domain/dates/business-date';
import { CUSTOMER_EMAIL_LIMITS, customerEmailsPerDay } from '@app/domain/plans/plans';
import type { z } from 'zod';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { documents } from '../../platform/documents/pool.ts';
import { createOutboxRepository } from '../../platform/mail/outbox.repository.ts';
import type { TPageFormat } from '../../platform/pdf/pdf.ts';
import { hasPlanFeature } from '../../platform/tenancy/plan-features.ts';
import { createTenantsRepository } from '../../platform/tenancy/tenants.repository.ts';
import type { TCompanyService } from '../settings/index.ts';
import type { TProformasService } from './proformas.service.ts';
import { proformaDocument, receiptDocument } from './receipt-document.ts';
import { printReceiptPdf } from './receipt-layout.ts';
import type { TSalesService } from './sales.service.ts';
import { withReceivedMethods } from './received-methods.ts';

export const RECEIPT_EMAIL_KIND = 'receipt';
export const EMAIL_NOT_FOUND = 'E-mail not found';

/** "Adaeze Okafor" → "adaeze-okafor": safe in a file name and a Content-Disposition header. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'customer';

const pdfName = (stem: string, format: TPageFormat) => `${stem}${format === 'thermal' ? '_thermal' : ''}.pdf`;

/** Receipt and proforma PDFs (A4 and 80 mm thermal) and receipt e-mails through the outbox. */
export function createReceiptsService(deps: {
  db: Database;
  sales: TSalesService;
  proformas: TProformasService;
  company: TCompanyService;
}) {
  /**
   * Why a receipt e-mail to `to` must be held back (the business's daily e-mails on its plan, or this address's
   * daily e-mails, are used up), or null to send it.
   */
  async function customerEmailHold(tenantId: number, to: string): Promise<string | null> {
    const outbox = createOutboxRepository(deps.db);
    const since = new Date(Date.now() - 86_400_000);
    if (
      (await outbox.countQueued(tenantId, RECEIPT_EMAIL_KIND, since, to)) >=
      CUSTOMER_EMAIL_LIMITS.perAddressPerDay
    )
      return `${to} has already been sent ${CUSTOMER_EMAIL_LIMITS.perAddressPerDay} receipts today. Please try again tomorrow.`;
    const perDay = customerEmailsPerDay(await createTenantsRepository(deps.db).plan(tenantId), new Date());
    if ((await outbox.countQueued(tenantId, RECEIPT_EMAIL_KIND, since)) >= perDay)
      return `This business has sent its ${perDay} receipt e-mails for today. Please try again tomorrow.`;
    return null;
  }

  /** The business's header as a document prints it: its logo only on Pro Yearly (spec 1 §9). */
  async function printedCompany(actor: TActor) {
    const company = await deps.company.forPrint(actor);
    return (await hasPlanFeature(deps.db, actor.tenantId, 'receipt_logo'))
      ? company
      : { ...company, logo: null };
  }

  /** Holds one of the business's document slots from before the sales are read until the PDF is built. */
  async function receipt(
    actor: TActor,
    query: { customerName: string; date: string; format: TPageFormat; saleId?: number },
  ) {
    return documents.withSlot(actor.tenantId, async (slot) => {
      const found = await deps.sales.forReceipt(actor, {
        date: query.date,
        customerName: query.customerName,
        ...(query.saleId === undefined ? {} : { saleId: query.saleId }),
      });
      const sales = await withReceivedMethods(deps.db, actor.tenantId, found);
      if (sales.length === 0) throw notFound(`No sales found for ${query.customerName} on ${query.date}`);
      const company = await printedCompany(actor);
      const pdf = await printReceiptPdf(slot, receiptDocument(company, sales), query.format);
      const stem =
        sales.length === 1
          ? `receipt_${sales[0]!.sale_number}`
          : `receipt_${slug(query.customerName)}_${query.date}`;
      return { pdf, filename: pdfName(stem, query.format), company, sales };
    });
  }

  return {
    async receiptPdf(actor: TActor, request: TReceiptPdfRequest) {
      const { pdf, filename } = await receipt(actor, {
        customerName: request.customer_name,
        date: request.date_raw,
        format: request.pdf_format,
        ...(request.sale_id === undefined ? {} : { saleId: request.sale_id }),
      });
      return { pdf_base64: pdf.toString('base64'), filename };
    },

    /** Stores the e-mail with its PDF in the outbox first: the worker sends it and retries while SMTP is down. */
    async emailReceipt(actor: TActor, request: TReceiptEmailRequest) {
      const { pdf, filename, company, sales } = await receipt(actor, {
        customerName: request.customer_name,
        date: request.sale_date,
        format: request.pdf_format,
        ...(request.sale_id === undefined ? {} : { saleId: request.sale_id }),
      });
      const numbers = sales.map((sale) => `#${sale.sale_number}`).join(', ');
      const outbox = createOutboxRepository(deps.db);
      const heldBecause = await customerEmailHold(actor.tenantId, request.customer_email);
      const emailId = await outbox.enqueue(
        {
          tenantId: actor.tenantId,
          kind: RECEIPT_EMAIL_KIND,
          to: request.customer_email,
          subject: `Your receipt from ${company.name} (${printDate(request.sale_date)})`,
          text: [
            `Dear ${request.customer_name},`,
            '',
            `Thank you for your purchase. Your receipt for sale ${numbers} of ${printDate(request.sale_date)} is attached.`,
            '',
            company.name,
            ...[company.phone, company.address].filter((line): line is string => Boolean(line)),
          ].join('\n'),
          attachments: [{ filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
        },
        heldBecause === null ? {} : { heldBecause },
      );
      if (heldBecause !== null) throw new AppError('too_many_requests', heldBecause);
      return {
        success: true,
        message: `Receipt queued for ${request.customer_email}`,
        email_id: emailId,
        status: 'pending' as const,
      };
    },

    async emailStatus(actor: TActor, emailId: number) {
      const email = await createOutboxRepository(deps.db).findState(
        actor.tenantId,
        RECEIPT_EMAIL_KIND,
        emailId,
      );
      if (!email) throw notFound(EMAIL_NOT_FOUND);
      return {
        email_id: email.id,
        status: email.status,
        attempts: email.attempts,
        last_error: email.lastError,
        sent_at: email.sentAt?.toISOString() ?? null,
      };
    },

    async proformaPdf(actor: TActor, request: z.infer<typeof ZProformaPdfRequestSchema>) {
      return documents.withSlot(actor.tenantId, async (slot) => {
        const proforma = await deps.proformas.get(actor, request.proforma_id);
        const company = await printedCompany(actor);
        const pdf = await printReceiptPdf(slot, proformaDocument(company, proforma), request.format);
        return {
          pdf_base64: pdf.toString('base64'),
          filename: pdfName(`proforma_${proforma.proforma_number}`, request.format),
        };
      });
    },
  };
}

export type TReceiptsService = ReturnType<typeof createReceiptsService>;
