import { z } from 'zod';
import { MAX_ID } from './common.ts';
import { VENDOR_PROFILE_FIELDS } from './vendors.ts';

/** Spec 3 §9: the pending vendor and product lists show 5 a page. */
export const VENDOR_ADMIN_PAGE_SIZE = 5;
/** How long an admin grant (the answer to the right admin code) lets the MD into the console. */
export const ADMIN_GRANT_MINUTES = 15;
/** The header every Vendor Admin call carries the grant in. */
export const ADMIN_GRANT_HEADER = 'x-admin-grant';

export const INVALID_ADMIN_CODE = 'Invalid access code';
export const ADMIN_ACCESS_GRANTED = 'Access granted. Welcome Admin';
export const VENDOR_ADMIN_CLOSED = 'Vendor Admin is closed: set ADMIN_ACCESS_CODE on the server to open it';
export const ADMIN_GRANT_REQUIRED = 'Admin access required: enter the admin access code first';
export const ADMIN_GRANT_EXPIRED = 'Admin access expired: enter the admin access code again';
export const TOO_MANY_ADMIN_CODES = 'Too many wrong access codes. Please wait 15 minutes and try again.';
/** Spec 3 §5: a reject and a delete each ask for their reason in their own words. */
export const REJECTION_REASON_REQUIRED = 'Please provide a rejection reason';
export const DELETION_REASON_REQUIRED = 'Please provide a reason for deletion';
export const VENDOR_NOT_FOUND = 'Vendor not found';
export const PRODUCT_NOT_FOUND = 'Product not found';

export const ZAdminUnlockRequestSchema = z.object({
  code: z
    .string({ error: 'Please enter the access code' })
    .trim()
    .min(1, { error: 'Please enter the access code' })
    .max(200, { error: INVALID_ADMIN_CODE }),
});
export type TAdminUnlockRequest = z.infer<typeof ZAdminUnlockRequestSchema>;

export const ZAdminGrantSchema = z.object({
  msg: z.string(),
  /** Sent back in the X-Admin-Grant header of every Vendor Admin call. */
  grant: z.string(),
  expires_at: z.string(),
});
export type TAdminGrant = z.infer<typeof ZAdminGrantSchema>;

/** The reason a reject or a delete asks for (multipart, form or JSON), refused when empty with `required`. */
export const decisionReasonSchema = (required: string) =>
  z.object({
    reason: z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .max(1000, { error: 'A reason can be at most 1000 characters' }),
  });
export const ZRejectionReasonSchema = decisionReasonSchema(REJECTION_REASON_REQUIRED);
export const ZDeletionReasonSchema = decisionReasonSchema(DELETION_REASON_REQUIRED);
export type TDecisionReason = z.infer<typeof ZRejectionReasonSchema>;

export const ZVendorIdParamsSchema = z.object({ vendor_id: z.coerce.number().int().min(1).max(MAX_ID) });
export const ZProductIdParamsSchema = z.object({ product_id: z.coerce.number().int().min(1).max(MAX_ID) });

/** A page of a pending list, newest first: `before` is the last id of the page already shown (X-Next-Before). */
export const ZPendingQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  before: z.coerce.number().int().min(1).max(MAX_ID).optional(),
});

const ZDocumentSchema = z.object({ label: z.string(), url: z.string() });

/** A vendor awaiting review (spec 3 §3), with its documents as Vendor Admin file URLs. */
export const ZPendingVendorSchema = z.object({
  vendor_id: z.number(),
  business_name: z.string(),
  ...VENDOR_PROFILE_FIELDS,
  accept_vendor_terms: z.boolean(),
  status: z.string(),
  created_at: z.string(),
  documents: z.array(ZDocumentSchema),
});
export type TPendingVendor = z.infer<typeof ZPendingVendorSchema>;

/** A product awaiting review (spec 3 §3): money in naira, images as Vendor Admin file URLs. */
export const ZPendingProductSchema = z.object({
  id: z.number(),
  vendor_id: z.number(),
  vendor_name: z.string(),
  product_name: z.string(),
  product_description: z.string(),
  price: z.number(),
  category: z.string(),
  stock_quantity: z.number(),
  seller_state: z.string(),
  within_state_fee: z.number(),
  outside_state_fee: z.number(),
  min_order_quantity: z.number(),
  max_quantity: z.number().nullable(),
  discount_type: z.string(),
  discount_value: z.number(),
  colors: z.array(z.string()),
  product_size: z.array(z.string()),
  nafdac_number: z.string().nullable(),
  product_weight: z.string().nullable(),
  product_images: z.array(z.string()),
  video_url: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export type TPendingProduct = z.infer<typeof ZPendingProductSchema>;

export const ZVendorAdminStatsSchema = z.object({
  pending_vendors: z.number(),
  pending_products: z.number(),
  approved_today: z.number(),
  rejected_today: z.number(),
});
export type TVendorAdminStats = z.infer<typeof ZVendorAdminStatsSchema>;

export const ZVendorApprovedSchema = z.object({
  msg: z.string(),
  /** The vendor's access code: shown once, only its hash is kept. */
  access_code: z.string(),
});
export type TVendorApproved = z.infer<typeof ZVendorApprovedSchema>;

export const ZDecisionDoneSchema = z.object({ msg: z.string() });
export type TDecisionDone = z.infer<typeof ZDecisionDoneSchema>;
