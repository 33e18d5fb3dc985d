import { z } from 'zod';
import { normaliseNigerianPhone } from '../phone/nigerian-phone.ts';
import { hasAtMostTwoDecimals, MAX_ID, optionalText, requiredText } from './common.ts';

/** Spec 3 §3: the categories of vendors and their products. */
export const VENDOR_CATEGORIES = [
  'Electronics',
  'Fashion',
  'Food & Beverages',
  'Health & Beauty',
  'Home & Garden',
  'Sports & Outdoors',
  'Toys & Games',
  'Automotive',
  'Books & Media',
  'Office Supplies',
  'Other',
] as const;

/** Spec 3 §3: where a seller is, the 36 Nigerian states plus FCT. */
export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;

export const DELIVERY_SCOPES = ['Within State', 'Anywhere in Nigeria'] as const;
export const DISCOUNT_TYPES = ['None', 'Percentage', 'Fixed'] as const;
export const VENDOR_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Spec 3 §9: each vendor image (document or product photo) at most 10 MB, a product video at most 15 MB. */
export const MAX_VENDOR_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VENDOR_VIDEO_BYTES = 15 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 2;
export const VENDOR_IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
export const VENDOR_VIDEO_ACCEPT = 'video/mp4,video/webm,.mp4,.webm';

/** Spec 3 §5, §8: the words of the vendor screens. */
export const VENDOR_MESSAGES = {
  termsRequired: 'You must accept the vendor terms and conditions',
  fileTooLarge: 'File size must be less than 10MB',
  imageRequired: 'At least one product image is required',
  tooManyImages: 'Maximum 2 images allowed',
  videoTooLarge: 'Video size must be less than 15MB',
  notAnImage: 'Please upload an image (PNG or JPG)',
  notAVideo: 'Please upload an MP4 or WebM video',
  registered: 'Vendor registration submitted successfully! Awaiting approval.',
  uploaded: 'Product uploaded successfully! Awaiting approval.',
  registerFailed: 'Failed to register vendor',
  uploadFailed: 'Failed to upload product',
  alreadyRegistered: 'This business is already registered as a vendor',
  noVendor: 'Register your business as a vendor before uploading products',
} as const;

/** '{name} is too large (max 10MB)': the message names the file (spec 3 §5). */
export const imageTooLarge = (fileName: string) => `${fileName} is too large (max 10MB)`;

/** The registration's documents: the form's file fields, which are required, and their labels. */
export const VENDOR_DOCUMENTS = [
  { field: 'gov_id', label: 'Government ID', required: true },
  { field: 'cac_cert', label: 'CAC Certificate', required: false },
  { field: 'location_proof', label: 'Location Proof', required: true },
  { field: 'bulk_proof', label: 'Bulk Purchase Invoice', required: true },
  { field: 'warehouse', label: 'Warehouse Photo', required: false },
] as const;
export type TVendorDocumentField = (typeof VENDOR_DOCUMENTS)[number]['field'];
export const documentRequired = (label: string) => `${label} is required`;

/** A multipart field is text: 'true'/'on' is true. A form sends a boolean. */
const ZFlagSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value === 'true' || value === 'on' : value),
  z.boolean(),
);

/** A number from the form, or its text in a multipart field ('' is left out). */
const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text === '') return undefined;
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
  }, schema);

/** A list from the form: an array, its JSON text, or comma-separated text; trimmed, blanks dropped. */
const ZTextListSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return [];
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return value;
      }
    }
    return text.split(',');
  },
  z
    .array(z.string().trim().max(50, { error: 'Each entry must be at most 50 characters' }), {
      error: 'Enter the entries separated by commas',
    })
    .max(30, { error: 'At most 30 entries' })
    .transform((list) => list.filter((entry) => entry !== '')),
);

const ZCountSchema = (label: string, min: number) =>
  numeric(
    z
      .number({ error: `${label} is required` })
      .int({ error: `${label} must be a whole number` })
      .min(min, { error: `${label} must be at least ${min}` })
      .max(100_000_000, { error: `${label} is too large` }),
  );

const ZUrlSchema = z
  .string()
  .trim()
  .max(300, { error: 'At most 300 characters' })
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value), {
    error: 'Contact link must be a valid URL (https://...)',
  });

/** One of a list: left out or empty is "required", anything else is not one of the list. */
const choiceOf = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? `${label} is required`
        : `Choose a ${label.toLowerCase()} from the list`,
  });

/** POST /api/vendors/register: the fields beside the documents (spec 3 §3, §5). */
export const ZVendorRegistrationRequestSchema = z.object({
  name: requiredText('Business name', 200),
  category: choiceOf(VENDOR_CATEGORIES, 'Category'),
  vendor_phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, { error: 'Phone is required', abort: true })
    .refine((value) => normaliseNigerianPhone(value) !== null, {
      error: 'Enter a valid Nigerian phone number',
    }),
  show_phone: ZFlagSchema.default(false),
  location: requiredText('Location', 300),
  delivery_scope: choiceOf(DELIVERY_SCOPES, 'Delivery scope'),
  description: requiredText('Description', 2000),
  contact_link: ZUrlSchema,
  nin: optionalText(20).refine((value) => value === null || /^\d{11}$/.test(value), {
    error: 'NIN must be 11 digits',
  }),
  cac: optionalText(30),
  // Left out, the terms were not accepted: the same words as for 'false'.
  accept_vendor_terms: z
    .preprocess((value) => value ?? false, ZFlagSchema)
    .refine((accepted) => accepted, { error: VENDOR_MESSAGES.termsRequired }),
});
export type TVendorRegistrationRequest = z.input<typeof ZVendorRegistrationRequestSchema>;
export type TVendorRegistration = z.output<typeof ZVendorRegistrationRequestSchema>;

/** An amount in naira (at least 0, two decimals at most), required. */
const ZFeeSchema = (label: string) =>
  numeric(
    z
      .number({ error: `${label} is required` })
      .min(0, { error: `${label} cannot be negative` })
      .max(1_000_000_000, { error: `${label} is too large` })
      .refine(hasAtMostTwoDecimals, {
        error: `${label} can have at most two decimals`,
      }),
  );

/** POST /api/vendors/products: the fields beside the images and video (spec 3 §3, §5). */
export const ZVendorProductRequestSchema = z
  .object({
    product_name: requiredText('Product name', 200),
    product_description: requiredText('Product description', 4000),
    price: ZFeeSchema('Price'),
    category: choiceOf(VENDOR_CATEGORIES, 'Category'),
    stock_quantity: ZCountSchema('Stock quantity', 0),
    seller_state: choiceOf(NIGERIAN_STATES, 'Seller state'),
    within_state_fee: ZFeeSchema('Within-state delivery fee'),
    outside_state_fee: ZFeeSchema('Outside-state delivery fee'),
    min_order_quantity: ZCountSchema('Minimum order quantity', 1).default(1),
    max_quantity: ZCountSchema('Maximum quantity', 1),
    discount_type: z.enum(DISCOUNT_TYPES, { error: 'Choose None, Percentage or Fixed' }).default('None'),
    discount_value: ZFeeSchema('Discount value').default(0),
    colors: ZTextListSchema,
    product_size: ZTextListSchema,
    nafdac_number: optionalText(50),
    product_weight: optionalText(50),
  })
  .superRefine((value, ctx) => {
    if (value.max_quantity < value.min_order_quantity)
      ctx.addIssue({
        code: 'custom',
        path: ['max_quantity'],
        message: 'Maximum quantity cannot be less than the minimum order quantity',
      });
    if (value.discount_type === 'Percentage' && value.discount_value > 100)
      ctx.addIssue({
        code: 'custom',
        path: ['discount_value'],
        message: 'A percentage discount must be between 0 and 100',
      });
    if (value.discount_type === 'Fixed' && value.discount_value > value.price)
      ctx.addIssue({
        code: 'custom',
        path: ['discount_value'],
        message: 'The discount cannot be more than the price',
      });
  });
export type TVendorProductRequest = z.input<typeof ZVendorProductRequestSchema>;
export type TVendorProduct = z.output<typeof ZVendorProductRequestSchema>;

/** The price after its discount, in kobo (a percentage is kept in hundredths of a percent). */
export function discountedPriceKobo(
  priceKobo: number,
  discountType: (typeof DISCOUNT_TYPES)[number],
  discountValue: number,
): number {
  if (discountType === 'Percentage') return Math.round((priceKobo * (10_000 - discountValue)) / 10_000);
  if (discountType === 'Fixed') return Math.max(0, priceKobo - discountValue);
  return priceKobo;
}

const ZStatusFields = {
  status: z.enum(VENDOR_STATUSES),
  rejection_reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
};

/** What a vendor registered with, as its owner and Vendor Admin read it back (documents as file URLs). */
export const VENDOR_PROFILE_FIELDS = {
  name: z.string(),
  category: z.string(),
  location: z.string(),
  contact_link: z.string().nullable(),
  description: z.string().nullable(),
  nin: z.string().nullable(),
  cac: z.string().nullable(),
  vendor_phone: z.string(),
  delivery_scope: z.string(),
  gov_id_url: z.string().nullable(),
  cac_url: z.string().nullable(),
  location_proof_url: z.string().nullable(),
  bulk_invoice_url: z.string().nullable(),
  warehouse_photo_url: z.string().nullable(),
};

/** The business's own vendor profile (GET /api/vendors/me), documents as their file URLs. */
export const ZVendorSchema = z.object({
  vendor_id: z.number().int(),
  public_id: z.string(),
  show_phone: z.boolean(),
  ...VENDOR_PROFILE_FIELDS,
  ...ZStatusFields,
});
export type TVendor = z.infer<typeof ZVendorSchema>;

/** GET /api/vendors/me: the profile, or null before registering. */
export const ZOwnVendorSchema = z.object({ vendor: ZVendorSchema.nullable() });
export type TOwnVendor = z.infer<typeof ZOwnVendorSchema>;

const productFields = {
  id: z.number().int(),
  product_name: z.string(),
  product_description: z.string(),
  price: z.number(),
  category: z.string(),
  stock_quantity: z.number().int(),
  seller_state: z.string(),
  within_state_fee: z.number(),
  outside_state_fee: z.number(),
  min_order_quantity: z.number().int(),
  max_quantity: z.number().int().nullable(),
  discount_type: z.enum(DISCOUNT_TYPES),
  /** A percentage (0–100) or a naira amount, by discount_type. */
  discount_value: z.number(),
  /** The price after the discount. */
  final_price: z.number(),
  colors: z.array(z.string()),
  product_size: z.array(z.string()),
  nafdac_number: z.string().nullable(),
  product_weight: z.string().nullable(),
  product_images: z.array(z.string()),
};

/** One of the business's own products with its state (GET /api/vendors/products/mine). */
export const ZVendorProductSchema = z.object({
  ...productFields,
  public_id: z.string(),
  video_url: z.string().nullable(),
  ...ZStatusFields,
  deleted: z.boolean(),
  deletion_reason: z.string().nullable(),
});
export type TVendorProductView = z.infer<typeof ZVendorProductSchema>;

/** A product on the public marketplace: never a document, NIN, CAC, or the phone unless shown. */
export const ZMarketplaceProductSchema = z.object({
  ...productFields,
  vendor: z.object({
    name: z.string(),
    location: z.string(),
    delivery_scope: z.string(),
    phone: z.string().nullable(),
    contact_url: z.string().nullable(),
  }),
});
export type TMarketplaceProduct = z.infer<typeof ZMarketplaceProductSchema>;

const ZBeforeSchema = z.coerce.number().int().positive().max(MAX_ID).optional();

/** GET /api/vendors/products/mine: newest first, keyset pages. */
export const ZOwnProductsQuerySchema = z.object({
  before: ZBeforeSchema,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /api/marketplace/products: newest first; search, category and state; keyset pages. */
export const ZMarketplaceQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.enum(VENDOR_CATEGORIES, { error: 'Unknown category' }).optional(),
  state: z.enum(NIGERIAN_STATES, { error: 'Unknown state' }).optional(),
  before: ZBeforeSchema,
  limit: z.coerce.number().int().min(1).max(60).default(24),
});
export type TMarketplaceQuery = z.infer<typeof ZMarketplaceQuerySchema>;

/** A page of the marketplace; `next_before` is the cursor of the next page (null on the last). */
export const ZMarketplacePageSchema = z.object({
  products: z.array(ZMarketplaceProductSchema),
  next_before: z.number().int().nullable(),
});
export type TMarketplacePage = z.infer<typeof ZMarketplacePageSchema>;

export const ZOwnProductsPageSchema = z.object({
  products: z.array(ZVendorProductSchema),
  next_before: z.number().int().nullable(),
});
export type TOwnProductsPage = z.infer<typeof ZOwnProductsPageSchema>;
