import { z } from 'zod';
import { ZOptionalBusinessDateSchema } from './stock.ts';
import { countFlag, MAX_ID } from './common.ts';

/** Every kind of change the audit trail records, `<record>.<what happened>`. */
export const AUDIT_KINDS = [
  'business.registered',
  'employee.created',
  'employee.permissions_changed',
  'employee.warehouses_changed',
  'employee.removed',
  'access_code.changed',
  'account.password_changed',
  'warehouse.created',
  'warehouse.access_changed',
  'company.updated',
  'company.logo_changed',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'item.created',
  'item.price_changed',
  'item.deleted',
  'stock.returned',
  'stock.corrected',
  'purchase.created',
  'purchase.payment_added',
  'purchase.deleted',
  'sale.created',
  'sale.payment_added',
  'sale.deleted',
  'sale.transfer_checked',
  'proforma.created',
  'proforma.converted',
  'proforma.deleted',
  'expense.created',
  'expense.updated',
  'expense.payment_added',
  'expense.deleted',
  'officer.created',
  'officer.updated',
  'officer.deleted',
  'requisition.created',
  'requisition.updated',
  'requisition.approved',
  'requisition.rejected',
  'requisition.remarked',
  'requisition.deleted',
  'movement.recorded',
  'linked_account.linked',
  'linked_account.disconnected',
  'plan.activated',
  'plan.renewal_cancelled',
  'plan.renewal_resumed',
  'plan.checkout_abandoned',
  'alert_settings.changed',
  'business.exported',
  'business.imported',
  'price_limits.changed',
  'document_share.created',
  'document_share.revoked',
  'vendor.registered',
  'vendor_product.uploaded',
  'vendor.approved',
  'vendor.rejected',
  'vendor_product.approved',
  'vendor_product.rejected',
  'vendor_product.deleted',
  'review.verified',
  'review.flagged',
  'review.resolved',
] as const;
export type TAuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_RECORD_TYPES = [
  'business',
  'employee',
  'access_code',
  'account',
  'warehouse',
  'company',
  'customer',
  'item',
  'purchase',
  'sale',
  'proforma',
  'expense',
  'officer',
  'requisition',
  'movement',
  'linked_account',
  'plan',
  'alert_settings',
  'price_limits',
  'document_share',
  'vendor',
  'vendor_product',
] as const;
export type TAuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** GET /api/audit: newest first, `limit` at a time; `before` is the last id of the page already shown. */
export const ZAuditQuerySchema = z.object({
  kind: z.enum(AUDIT_KINDS, { error: 'Unknown kind of change' }).optional(),
  record_type: z.enum(AUDIT_RECORD_TYPES, { error: 'Unknown kind of record' }).optional(),
  record_id: z.string().trim().min(1).max(64).optional(),
  user_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  from: ZOptionalBusinessDateSchema,
  to: ZOptionalBusinessDateSchema,
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  count: countFlag('false'),
});
export type TAuditQuery = z.infer<typeof ZAuditQuerySchema>;

/** GET /api/audit/export: the list's filters, every matching entry. */
export const ZAuditExportQuerySchema = ZAuditQuerySchema.omit({ before: true, limit: true, count: true });
export type TAuditExportQuery = z.infer<typeof ZAuditExportQuerySchema>;

export const ZAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  kind: z.string(),
  record_type: z.string(),
  record_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

export const ZAuditPageSchema = z.object({
  entries: z.array(ZAuditEntrySchema),
  /** Pass as `before` for the next page; null on the last one. */
  next_before: z.number().int().nullable(),
});
export type TAuditPage = z.infer<typeof ZAuditPageSchema>;
