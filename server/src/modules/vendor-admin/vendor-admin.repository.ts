import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { tenants, users, vendorProducts, vendors } from '../../platform/db/schema/index.ts';
import { containsText } from '../../platform/db/search.ts';

/**
 * Vendor Admin's own SQL, beside the vendors module's repository (lists and decisions). Platform-wide on
 * purpose: the platform operator reviews every business's vendors, so these queries are not scoped by one
 * tenant (docs/architecture.md).
 */
export function createVendorAdminRepository(db: Executor) {
  return {
    /** How many rows the pending list with this search holds (the vendors module's filters: name only). */
    async pendingCount(list: 'vendors' | 'products', search: string | undefined): Promise<number> {
      const [row] =
        list === 'vendors'
          ? await db
              .select({ n: count() })
              .from(vendors)
              .where(
                and(eq(vendors.status, 'pending'), search ? containsText(vendors.name, search) : undefined),
              )
          : await db
              .select({ n: count() })
              .from(vendorProducts)
              .where(
                and(
                  eq(vendorProducts.status, 'pending'),
                  isNull(vendorProducts.deletedAt),
                  search ? containsText(vendorProducts.productName, search) : undefined,
                ),
              );
      return Number(row?.n ?? 0);
    },

    /** The registering businesses' names, by tenant id. */
    async businessNames(tenantIds: readonly number[]): Promise<Map<number, string>> {
      if (tenantIds.length === 0) return new Map();
      const rows = await db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(inArray(tenants.id, [...new Set(tenantIds)]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Where the vendor's business is told of decisions: its MD's e-mail. */
    async mdEmail(tenantId: number): Promise<string | null> {
      const [row] = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.role, 'md')))
        .orderBy(users.id)
        .limit(1);
      return row?.email ?? null;
    },

    /** The business whose vendor document, product image or video the stored file is; null for any other file. */
    async vendorFileOwner(fileId: string): Promise<number | null> {
      const [asDocument] = await db
        .select({ tenantId: vendors.tenantId })
        .from(vendors)
        .where(
          or(
            eq(vendors.govIdFileId, fileId),
            eq(vendors.cacCertFileId, fileId),
            eq(vendors.locationProofFileId, fileId),
            eq(vendors.bulkProofFileId, fileId),
            eq(vendors.warehouseFileId, fileId),
          ),
        )
        .limit(1);
      if (asDocument) return asDocument.tenantId;
      const [asMedia] = await db
        .select({ tenantId: vendorProducts.tenantId })
        .from(vendorProducts)
        .where(
          or(
            eq(vendorProducts.videoFileId, fileId),
            sql`${vendorProducts.imageFileIds} @> ${JSON.stringify([fileId])}::jsonb`,
          ),
        )
        .limit(1);
      return asMedia?.tenantId ?? null;
    },
  };
}
