import { z } from 'zod';

/** POST …/share: a new public link to a receipt or proforma, and the WhatsApp link that sends it. */
export const ZDocumentShareSchema = z.object({
  share_id: z.number(),
  document_type: z.enum(['receipt', 'proforma']),
  document_id: z.number(),
  url: z.string(),
  whatsapp_url: z.string(),
  /** The customer's number as +234…, or null when the document has none the normaliser reads. */
  phone: z.string().nullable(),
  created_at: z.string(),
});
export type TDocumentShare = z.infer<typeof ZDocumentShareSchema>;

/** DELETE …/share: how many live links of the document stopped working. */
export const ZDocumentShareRevokedSchema = z.object({ revoked: z.number() });
export type TDocumentShareRevoked = z.infer<typeof ZDocumentShareRevokedSchema>;

const ZPrintAmountSchema = z.object({ label: z.string(), value: z.string(), strong: z.boolean() });

/**
 * GET /api/public/documents/{token}: the document as printed (every amount already in naira text), with the
 * business's name, contact and logo as on the receipt, and nothing else of the business.
 */
export const ZSharedDocumentSchema = z.object({
  title: z.enum(['RECEIPT', 'PROFORMA INVOICE']),
  company: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    bank_line: z.string().nullable(),
    /** The logo as a data: URL (PNG or JPEG), or null. */
    logo_data_url: z.string().nullable(),
  }),
  details: z.array(ZPrintAmountSchema),
  sections: z.array(
    z.object({
      heading: z.string().nullable(),
      lines: z.array(
        z.object({ name: z.string(), quantity: z.string(), unit_price: z.string(), total: z.string() }),
      ),
      totals: z.array(ZPrintAmountSchema),
    }),
  ),
  summary: z.array(ZPrintAmountSchema).nullable(),
  notes: z.string().nullable(),
  closing: z.string(),
  pdf_filename: z.string(),
});
export type TSharedDocument = z.infer<typeof ZSharedDocumentSchema>;

export const SHARED_DOCUMENT_NOT_FOUND = 'This link is not valid. Ask the business for a new one.';
