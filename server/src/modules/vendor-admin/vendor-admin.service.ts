import { randomInt } from 'node:crypto';
import { businessDate, businessDayStart } from '@app/domain/dates/business-date';
import { koboToNaira } from '@app/domain/money/money';
import {
  PRODUCT_NOT_FOUND,
  VENDOR_NOT_FOUND,
  type TDecisionDone,
  type TPendingProduct,
  type TPendingVendor,
  type TVendorAdminStats,
  type TVendorApproved,
} from '@app/domain/schemas/vendor-admin';
import type { TActor } from '../../platform/auth/access.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { createOutboxRepository } from '../../platform/mail/outbox.repository.ts';
import { createFilesRepository, type TFilesService } from '../files/index.ts';
import { createVendorsRepository, type TVendorProductRow, type TVendorRow } from '../vendors/index.ts';
import { createVendorAdminRepository } from './vendor-admin.repository.ts';

/** A file of a vendor or product, opened through the console only (never a public URL). */
const adminFileUrl = (id: string) => `/api/vendor-admin/files/${id}`;
const urlOf = (id: string | null) => (id ? adminFileUrl(id) : null);

/** Letters and digits without look-alikes (0/O, 1/I/L), for a code read aloud or typed from a toast. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newVendorCode = () =>
  `VND-${Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

function vendorView(vendor: TVendorRow, businessName: string): TPendingVendor {
  const documents = [
    ['Government ID', vendor.govIdFileId],
    ['CAC certificate', vendor.cacCertFileId],
    ['Proof of location', vendor.locationProofFileId],
    ['Bulk purchase invoice', vendor.bulkProofFileId],
    ['Warehouse photo', vendor.warehouseFileId],
  ] as const;
  return {
    vendor_id: vendor.id,
    business_name: businessName,
    name: vendor.name,
    category: vendor.category,
    location: vendor.location,
    contact_link: vendor.contactLink,
    description: vendor.description,
    nin: vendor.nin,
    cac: vendor.cac,
    vendor_phone: vendor.vendorPhone,
    delivery_scope: vendor.deliveryScope,
    accept_vendor_terms: true,
    status: vendor.status,
    created_at: vendor.createdAt.toISOString(),
    gov_id_url: urlOf(vendor.govIdFileId),
    cac_url: urlOf(vendor.cacCertFileId),
    location_proof_url: urlOf(vendor.locationProofFileId),
    bulk_invoice_url: urlOf(vendor.bulkProofFileId),
    warehouse_photo_url: urlOf(vendor.warehouseFileId),
    documents: documents.flatMap(([label, id]) => (id ? [{ label, url: adminFileUrl(id) }] : [])),
  };
}

function productView(product: TVendorProductRow, vendorName: string): TPendingProduct {
  return {
    id: product.id,
    vendor_id: product.vendorId,
    vendor_name: vendorName,
    product_name: product.productName,
    product_description: product.productDescription,
    price: koboToNaira(product.priceKobo),
    category: product.category,
    stock_quantity: product.stockQuantity,
    seller_state: product.sellerState,
    within_state_fee: koboToNaira(product.withinStateFeeKobo),
    outside_state_fee: koboToNaira(product.outsideStateFeeKobo),
    min_order_quantity: product.minOrderQuantity,
    max_quantity: product.maxQuantity,
    discount_type: product.discountType,
    // A percentage is kept in hundredths and a fixed discount in kobo: both read back divided by 100.
    discount_value: product.discountValue / 100,
    colors: product.colors,
    product_size: product.productSize,
    nafdac_number: product.nafdacNumber,
    product_weight: product.productWeight,
    product_images: product.imageFileIds.map(adminFileUrl),
    video_url: urlOf(product.videoFileId),
    status: product.status,
    created_at: product.createdAt.toISOString(),
  };
}

const auditAuthor = (admin: TActor) => ({
  tenantId: admin.tenantId,
  userId: admin.userId,
  username: admin.username,
});

/**
 * The platform operator's console (spec 3 §2.6): every business's pending vendors and products, decided by
 * an MD holding an admin grant (checked by the routes' plugin). Each decision is one transaction: the row
 * locked and checked still pending, the change, the vendor's e-mail queued, one audit entry in the admin's
 * own trail (docs/decisions.md).
 */
export function createVendorAdminService(deps: { db: Database; files: TFilesService }) {
  const vendorsRepo = createVendorsRepository(deps.db);
  const repo = createVendorAdminRepository(deps.db);

  async function tellVendor(tx: Executor, tenantId: number, subject: string, text: string) {
    const to = await createVendorAdminRepository(tx).mdEmail(tenantId);
    if (to)
      await createOutboxRepository(tx).enqueue({ tenantId, kind: 'vendor.decision', to, subject, text });
  }

  /** Decides a pending vendor in `tx`: 404 when there is none, 409 when it was decided already. */
  async function decideVendor(
    tx: Executor,
    vendorId: number,
    decision: Parameters<typeof vendorsRepo.decideVendor>[2],
  ) {
    const inTx = createVendorsRepository(tx);
    const vendor = await inTx.vendorById(vendorId);
    if (!vendor) throw notFound(VENDOR_NOT_FOUND);
    const decided = await inTx.decideVendor(tx, vendorId, decision);
    if (!decided) throw new AppError('conflict', `This vendor has already been ${vendor.status}`);
    const businessName =
      (await createVendorAdminRepository(tx).businessNames([vendor.tenantId])).get(vendor.tenantId) ?? '';
    return { vendor: decided, businessName };
  }

  async function decideProduct(
    tx: Executor,
    productId: number,
    decision: Parameters<typeof vendorsRepo.decideProduct>[2],
  ) {
    const inTx = createVendorsRepository(tx);
    const product = await inTx.productById(productId);
    if (!product || product.deletedAt) throw notFound(PRODUCT_NOT_FOUND);
    const decided = await inTx.decideProduct(tx, productId, decision);
    if (!decided) throw new AppError('conflict', `This product has already been ${product.status}`);
    const vendor = await inTx.vendorById(product.vendorId);
    return { product: decided, vendorName: vendor?.name ?? '' };
  }

  return {
    async stats(): Promise<TVendorAdminStats> {
      const s = await vendorsRepo.counts(businessDayStart(businessDate()));
      return {
        pending_vendors: s.pendingVendors,
        pending_products: s.pendingProducts,
        approved_today: s.approvedToday,
        rejected_today: s.rejectedToday,
      };
    },

    async pendingVendors(query: { search?: string | undefined; limit: number; before?: number | undefined }) {
      const search = query.search || undefined;
      const [page, total] = await Promise.all([
        vendorsRepo.pendingVendors({ search, limit: query.limit, before: query.before }),
        repo.pendingCount('vendors', search),
      ]);
      const names = await repo.businessNames(page.rows.map((v) => v.tenantId));
      return {
        rows: page.rows.map((v) => vendorView(v, names.get(v.tenantId) ?? '')),
        nextBefore: page.nextBefore,
        total,
      };
    },

    async pendingProducts(query: {
      search?: string | undefined;
      limit: number;
      before?: number | undefined;
    }) {
      const search = query.search || undefined;
      const [page, total] = await Promise.all([
        vendorsRepo.pendingProducts({ search, limit: query.limit, before: query.before }),
        repo.pendingCount('products', search),
      ]);
      return { rows: page.rows.map((p) => productView(p, p.vendorName)), nextBefore: page.nextBefore, total };
    },

    async approveVendor(admin: TActor, vendorId: number): Promise<TVendorApproved> {
      const accessCode = newVendorCode();
      const accessCodeHash = await hashPassword(accessCode);
      await deps.db.transaction(async (tx) => {
        const { vendor, businessName } = await decideVendor(tx, vendorId, {
          status: 'approved',
          accessCodeHash,
        });
        await tellVendor(
          tx,
          vendor.tenantId,
          'Your vendor registration was approved',
          `Good news: ${vendor.name} (${businessName}) is approved as a vendor on the marketplace.\n` +
            'The administrator who approved it will give you your vendor access code.',
        );
        await writeAudit(tx, auditAuthor(admin), {
          kind: 'vendor.approved',
          recordType: 'vendor',
          recordId: vendorId,
          before: { status: 'pending' },
          after: { status: 'approved', vendor: vendor.name, business: businessName },
        });
      });
      return { msg: `Vendor approved! Access code: ${accessCode}`, access_code: accessCode };
    },

    async rejectVendor(admin: TActor, vendorId: number, reason: string): Promise<TDecisionDone> {
      await deps.db.transaction(async (tx) => {
        const { vendor, businessName } = await decideVendor(tx, vendorId, { status: 'rejected', reason });
        await tellVendor(
          tx,
          vendor.tenantId,
          'Your vendor registration was not approved',
          `${vendor.name} (${businessName}) was not approved as a vendor.\nReason: ${reason}`,
        );
        await writeAudit(tx, auditAuthor(admin), {
          kind: 'vendor.rejected',
          recordType: 'vendor',
          recordId: vendorId,
          before: { status: 'pending' },
          after: { status: 'rejected', vendor: vendor.name, business: businessName, reason },
        });
      });
      return { msg: 'Vendor rejected' };
    },

    async approveProduct(admin: TActor, productId: number): Promise<TDecisionDone> {
      await deps.db.transaction(async (tx) => {
        const { product, vendorName } = await decideProduct(tx, productId, { status: 'approved' });
        await tellVendor(
          tx,
          product.tenantId,
          `Your product ${product.productName} was approved`,
          `${product.productName} (${vendorName}) is approved and can now appear on the marketplace.`,
        );
        await writeAudit(tx, auditAuthor(admin), {
          kind: 'vendor_product.approved',
          recordType: 'vendor_product',
          recordId: productId,
          before: { status: 'pending' },
          after: { status: 'approved', product: product.productName, vendor: vendorName },
        });
      });
      return { msg: 'Product approved successfully' };
    },

    async rejectProduct(admin: TActor, productId: number, reason: string): Promise<TDecisionDone> {
      await deps.db.transaction(async (tx) => {
        const { product, vendorName } = await decideProduct(tx, productId, { status: 'rejected', reason });
        await tellVendor(
          tx,
          product.tenantId,
          `Your product ${product.productName} was not approved`,
          `${product.productName} (${vendorName}) was not approved.\nReason: ${reason}`,
        );
        await writeAudit(tx, auditAuthor(admin), {
          kind: 'vendor_product.rejected',
          recordType: 'vendor_product',
          recordId: productId,
          before: { status: 'pending' },
          after: { status: 'rejected', product: product.productName, vendor: vendorName, reason },
        });
      });
      return { msg: 'Product rejected' };
    },

    async deleteProduct(admin: TActor, productId: number, reason: string): Promise<TDecisionDone> {
      await deps.db.transaction(async (tx) => {
        const inTx = createVendorsRepository(tx);
        const product = await inTx.deleteProduct(tx, productId, reason);
        if (!product) throw notFound(PRODUCT_NOT_FOUND);
        const vendorName = (await inTx.vendorById(product.vendorId))?.name ?? '';
        await tellVendor(
          tx,
          product.tenantId,
          `Your product ${product.productName} was removed`,
          `${product.productName} (${vendorName}) was removed from the marketplace.\nReason: ${reason}`,
        );
        await writeAudit(tx, auditAuthor(admin), {
          kind: 'vendor_product.deleted',
          recordType: 'vendor_product',
          recordId: productId,
          before: { status: product.status, product: product.productName, vendor: vendorName },
          after: { deleted: true, reason },
        });
      });
      return { msg: 'Product deleted successfully' };
    },

    /** A vendor's document or a product's image or video; any other file (a sale's invoice) is not found. */
    async openFile(fileId: string) {
      const tenantId = /^[0-9a-f-]{36}$/.test(fileId) ? await repo.vendorFileOwner(fileId) : null;
      const file = tenantId === null ? null : await createFilesRepository(deps.db).find(tenantId, fileId);
      const stream = file && tenantId !== null ? await deps.files.readStored(tenantId, fileId) : null;
      if (!file || !stream) throw notFound('File not found');
      return { file, stream };
    },
  };
}

export type TVendorAdminService = ReturnType<typeof createVendorAdminService>;
