import { z } from 'zod';

/** The largest file the server takes (invoices, logos): 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE = 'File too large. Maximum size is 10MB.';
/** The Expenses screen's words for the same limit (spec 3 §2.2). */
export const EXPENSE_FILE_TOO_LARGE = 'File size must be less than 10MB';

/** What the invoice pickers offer: PDF, PNG and JPEG (the server judges the content). */
export const INVOICE_ACCEPT = 'application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg';

/** What an upload answers: where the stored file is read (with the bearer token), its id and type. */
export const ZStoredFileSchema = z.object({
  invoice_file_url: z.string(),
  file_id: z.string(),
  content_type: z.string(),
});
export type TStoredFile = z.infer<typeof ZStoredFileSchema>;
