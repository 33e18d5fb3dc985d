import { koboToNaira, nairaToKobo } from '@app/domain/money/money';
import { whatsappUrl } from '@app/domain/phone/nigerian-phone';
import {
  MAX_PRODUCT_IMAGES,
  MAX_VENDOR_IMAGE_BYTES,
  MAX_VENDOR_VIDEO_BYTES,
  VENDOR_DOCUMENTS,
  VENDOR_MESSAGES,
  ZVendorProductRequestSchema,
  ZVendorRegistrationRequestSchema,
  discountedPriceKobo,
  documentRequired,
  imageTooLarge,
  type TMarketplaceProduct,
  type TMarketplaceQuery,
  type TVendor,
  type TVendorProductView,
} from '@app/domain/schemas/vendors';
import type { Readable } from 'node:stream';
import type { TActor } from '../../platform/auth/access.ts';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { parseFormValues } from '../../platform/http/multipart-form.ts';
import { runIdempotent, type TIdempotencyKey } from '../../platform/http/idempotency.ts';
import type { TFileStorage } from '../../platform/storage/file-storage.ts';
import { createFilesRepository, fileUrl } from '../files/index.ts';
import {
  sniffImage,
  sniffVideo,
  storeVendorFiles,
  type TCheckedFile,
  type TVendorFile,
  type TVendorForm,
} from './vendor-uploads.ts';
import {
  createVendorsRepository,
  type TKeysetQuery,
  type TVendorProductRow,
  type TVendorRow,
} from './vendors.repository.ts';

const DOCUMENT_PURPOSE = 'vendor_document';
const PRODUCT_IMAGE_PURPOSE = 'vendor_product_image';
const PRODUCT_VIDEO_PURPOSE = 'vendor_product_video';

/** An image within 10 MB judged by its content, or the refusal with the spec's words. */
function checkedImage(file: TVendorFile, tooLarge: string): TCheckedFile {
  if (file.truncated || file.content.length > MAX_VENDOR_IMAGE_BYTES)
    throw new AppError('too_large', tooLarge);
  const kind = sniffImage(file.content);
  if (!kind) throw new AppError('unsupported_media_type', `${file.filename}: ${VENDOR_MESSAGES.notAnImage}`);
  return { content: file.content, filename: file.filename, kind };
}

function checkedVideo(file: TVendorFile): TCheckedFile {
  if (file.truncated || file.content.length > MAX_VENDOR_VIDEO_BYTES)
    throw new AppError('too_large', VENDOR_MESSAGES.videoTooLarge);
  const kind = sniffVideo(file.content);
  if (!kind) throw new AppError('unsupported_media_type', VENDOR_MESSAGES.notAVideo);
  return { content: file.content, filename: file.filename, kind };
}

function refuseUnknownFiles(files: TVendorFile[], known: readonly string[]) {
  const unknown = files.find((file) => !known.includes(file.field));
  if (unknown) throw new AppError('bad_request', `Unexpected file field: ${unknown.field.slice(0, 50)}`);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function vendorView(row: TVendorRow): TVendor {
  return {
    vendor_id: row.id,
    public_id: row.publicId,
    name: row.name,
    category: row.category,
    location: row.location,
    contact_link: row.contactLink,
    description: row.description,
    nin: row.nin,
    cac: row.cac,
    vendor_phone: row.vendorPhone,
    show_phone: row.showPhone,
    delivery_scope: row.deliveryScope,
    gov_id_url: fileUrl(row.govIdFileId),
    cac_url: fileUrl(row.cacCertFileId),
    location_proof_url: fileUrl(row.locationProofFileId),
    bulk_invoice_url: fileUrl(row.bulkProofFileId),
    warehouse_photo_url: fileUrl(row.warehouseFileId),
    status: row.status,
    rejection_reason: row.rejectionReason,
    created_at: row.createdAt.toISOString(),
    decided_at: iso(row.decidedAt),
  };
}

/** The product's public figures (naira, a percentage as 0–100), its images by `imageUrl`. */
function productFields(row: TVendorProductRow, imageUrl: (index: number, fileId: string) => string) {
  return {
    id: row.id,
    product_name: row.productName,
    product_description: row.productDescription,
    price: koboToNaira(row.priceKobo),
    category: row.category,
    stock_quantity: row.stockQuantity,
    seller_state: row.sellerState,
    within_state_fee: koboToNaira(row.withinStateFeeKobo),
    outside_state_fee: koboToNaira(row.outsideStateFeeKobo),
    min_order_quantity: row.minOrderQuantity,
    max_quantity: row.maxQuantity,
    discount_type: row.discountType,
    discount_value: row.discountType === 'Fixed' ? koboToNaira(row.discountValue) : row.discountValue / 100,
    final_price: koboToNaira(discountedPriceKobo(row.priceKobo, row.discountType, row.discountValue)),
    colors: row.colors,
    product_size: row.productSize,
    nafdac_number: row.nafdacNumber,
    product_weight: row.productWeight,
    product_images: row.imageFileIds.map((fileId, index) => imageUrl(index, fileId)),
  };
}

export function ownProductView(row: TVendorProductRow): TVendorProductView {
  return {
    ...productFields(row, (_index, fileId) => fileUrl(fileId)),
    public_id: row.publicId,
    video_url: fileUrl(row.videoFileId),
    status: row.status,
    rejection_reason: row.rejectionReason,
    created_at: row.createdAt.toISOString(),
    decided_at: iso(row.decidedAt),
    deleted: row.deletedAt !== null,
    deletion_reason: row.deletionReason,
  };
}

/** Where the marketplace serves a public product's image. */
export const marketplaceImageUrl = (productId: number, index: number) =>
  `/api/marketplace/products/${productId}/images/${index}`;

function marketplaceView(row: TVendorProductRow, vendor: TVendorRow): TMarketplaceProduct {
  const message = `Hello ${vendor.name}, I am interested in ${row.productName} on the marketplace.`;
  return {
    ...productFields(row, (index) => marketplaceImageUrl(row.id, index)),
    vendor: {
      name: vendor.name,
      location: vendor.location,
      delivery_scope: vendor.deliveryScope,
      phone: vendor.showPhone ? vendor.vendorPhone : null,
      contact_url: vendor.showPhone ? whatsappUrl(vendor.vendorPhone, message) : vendor.contactLink,
    },
  };
}

export function createVendorsService(deps: { db: Database; storage: TFileStorage }) {
  const { db, storage } = deps;
  const repo = createVendorsRepository(db);

  /**
   * Registers the business as a vendor, pending approval (spec 3 §2.5, §4). One profile per business: a
   * second registration is refused, except after a rejection, when the same profile is submitted again.
   */
  async function register(actor: TActor, form: TVendorForm) {
    const input = parseFormValues(ZVendorRegistrationRequestSchema, form.fields);
    refuseUnknownFiles(
      form.files,
      VENDOR_DOCUMENTS.map((document) => document.field),
    );
    const documents = new Map<string, TCheckedFile>();
    for (const document of VENDOR_DOCUMENTS) {
      const sent = form.files.filter((file) => file.field === document.field);
      if (sent.length > 1) throw new AppError('bad_request', `Send one ${document.label} file`);
      if (sent[0]) documents.set(document.field, checkedImage(sent[0], VENDOR_MESSAGES.fileTooLarge));
      else if (document.required) throw new AppError('unprocessable', documentRequired(document.label));
    }
    const existing = await repo.vendorOfTenant(actor.tenantId);
    if (existing && existing.status !== 'rejected')
      throw new AppError('conflict', VENDOR_MESSAGES.alreadyRegistered);

    const vendor = await db.transaction(async (tx) => {
      const stored = async (field: string) => {
        const file = documents.get(field);
        return file ? (await storeVendorFiles(tx, storage, actor, DOCUMENT_PURPOSE, [file]))[0]! : null;
      };
      const values = {
        name: input.name,
        category: input.category,
        location: input.location,
        contactLink: input.contact_link,
        description: input.description,
        nin: input.nin,
        cac: input.cac,
        vendorPhone: input.vendor_phone,
        showPhone: input.show_phone,
        deliveryScope: input.delivery_scope,
        acceptedTermsAt: new Date(),
        govIdFileId: await stored('gov_id'),
        cacCertFileId: await stored('cac_cert'),
        locationProofFileId: await stored('location_proof'),
        bulkProofFileId: await stored('bulk_proof'),
        warehouseFileId: await stored('warehouse'),
        userId: actor.userId,
      };
      const row = existing
        ? await repo.resubmitVendor(tx, existing.id, values)
        : await repo.insertVendor(tx, { ...values, tenantId: actor.tenantId });
      if (!row) throw new AppError('conflict', VENDOR_MESSAGES.alreadyRegistered);
      await writeAudit(tx, actor, {
        kind: 'vendor.registered',
        recordType: 'vendor',
        recordId: row.id,
        before: existing ? { status: existing.status, rejection_reason: existing.rejectionReason } : null,
        after: { name: row.name, category: row.category, location: row.location, status: row.status },
      });
      return row;
    });
    return { success: true, message: VENDOR_MESSAGES.registered, vendor: vendorView(vendor) };
  }

  async function ownVendor(actor: TActor) {
    const row = await repo.vendorOfTenant(actor.tenantId);
    return { vendor: row ? vendorView(row) : null };
  }

  /** Uploads a product under the business's own vendor profile, pending approval (spec 3 §2.5, §5). */
  async function uploadProduct(actor: TActor, form: TVendorForm, key: TIdempotencyKey | null) {
    const vendor = await repo.vendorOfTenant(actor.tenantId);
    if (!vendor) throw new AppError('conflict', VENDOR_MESSAGES.noVendor);
    const input = parseFormValues(ZVendorProductRequestSchema, form.fields);
    refuseUnknownFiles(form.files, ['images', 'video']);
    const sentImages = form.files.filter((file) => file.field === 'images');
    if (sentImages.length === 0) throw new AppError('unprocessable', VENDOR_MESSAGES.imageRequired);
    if (sentImages.length > MAX_PRODUCT_IMAGES)
      throw new AppError('unprocessable', VENDOR_MESSAGES.tooManyImages);
    const images = sentImages.map((file) => checkedImage(file, imageTooLarge(file.filename)));
    const sentVideos = form.files.filter((file) => file.field === 'video');
    if (sentVideos.length > 1) throw new AppError('bad_request', 'Send one video');
    const video = sentVideos[0] ? checkedVideo(sentVideos[0]) : null;

    const discountValue =
      input.discount_type === 'None'
        ? 0
        : input.discount_type === 'Percentage'
          ? Math.round(input.discount_value * 100)
          : nairaToKobo(input.discount_value);
    const reply = await runIdempotent(
      db,
      { tenantId: actor.tenantId, key, route: 'vendors.upload_product' },
      async (tx) => {
        const imageFileIds = await storeVendorFiles(tx, storage, actor, PRODUCT_IMAGE_PURPOSE, images);
        const videoFileId = video
          ? (await storeVendorFiles(tx, storage, actor, PRODUCT_VIDEO_PURPOSE, [video]))[0]!
          : null;
        const row = await repo.insertProduct(tx, {
          tenantId: actor.tenantId,
          vendorId: vendor.id,
          productName: input.product_name,
          productDescription: input.product_description,
          priceKobo: nairaToKobo(input.price),
          category: input.category,
          stockQuantity: input.stock_quantity,
          sellerState: input.seller_state,
          withinStateFeeKobo: nairaToKobo(input.within_state_fee),
          outsideStateFeeKobo: nairaToKobo(input.outside_state_fee),
          minOrderQuantity: input.min_order_quantity,
          maxQuantity: input.max_quantity,
          discountType: input.discount_type,
          discountValue,
          colors: input.colors,
          productSize: input.product_size,
          nafdacNumber: input.nafdac_number,
          productWeight: input.product_weight,
          imageFileIds,
          videoFileId,
          userId: actor.userId,
        });
        await writeAudit(tx, actor, {
          kind: 'vendor_product.uploaded',
          recordType: 'vendor_product',
          recordId: row.id,
          after: { product_name: row.productName, price: input.price, category: row.category },
        });
        return {
          status: 201,
          body: { success: true, message: VENDOR_MESSAGES.uploaded, product: ownProductView(row) },
        };
      },
    );
    return reply;
  }

  async function ownProducts(actor: TActor, query: TKeysetQuery) {
    const page = await repo.productsOfTenant(actor.tenantId, query);
    return { products: page.rows.map(ownProductView), next_before: page.nextBefore };
  }

  /** The public marketplace: approved products of approved vendors, never a private field. */
  async function marketplace(query: TMarketplaceQuery) {
    const page = await repo.marketplace(query);
    return {
      products: page.rows.map((row) => marketplaceView(row.product, row.vendor)),
      next_before: page.nextBefore,
    };
  }

  /** A public product's image (only while the product and its vendor are approved). */
  async function marketplaceImage(
    productId: number,
    index: number,
  ): Promise<{ contentType: string; stream: Readable }> {
    const product = await repo.publicProduct(productId);
    const fileId = product?.imageFileIds[index];
    const file = product && fileId ? await createFilesRepository(db).find(product.tenantId, fileId) : null;
    const stream = product && file ? await storage.read(`${product.tenantId}/${file.id}`) : null;
    if (!file || !stream) throw notFound('Image not found');
    return { contentType: file.contentType, stream };
  }

  return { register, ownVendor, uploadProduct, ownProducts, marketplace, marketplaceImage };
}

export type TVendorsService = ReturnType<typeof createVendorsService>;
