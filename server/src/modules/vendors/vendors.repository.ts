import { and, count, desc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { vendorProducts, vendors } from '../../platform/db/schema/index.ts';
import { containsText } from '../../platform/db/search.ts';

export type TVendorRow = typeof vendors.$inferSelect;
export type TVendorProductRow = typeof vendorProducts.$inferSelect;
export type TVendorStatus = TVendorRow['status'];

/** A page of a list, newest first by id: `before` is the last id of the page already shown. */
export type TKeysetQuery = { search?: string | undefined; limit: number; before?: number | undefined };
export type TKeysetPage<T> = { rows: T[]; nextBefore: number | null };

/** A decision on a pending vendor or product (approval, or rejection with its reason). */
export type TDecision = {
  status: 'approved' | 'rejected';
  reason?: string | null;
  /** On a vendor's approval: the hash of the access code given once. */
  accessCodeHash?: string | null;
};

/** The filters of the public marketplace: approved products of approved vendors, never deleted. */
export type TMarketplaceQuery = TKeysetQuery & { category?: string | undefined; state?: string | undefined };

function pageOf<T extends { id: number }>(rows: T[], limit: number): TKeysetPage<T> {
  const page = rows.slice(0, limit);
  return { rows: page, nextBefore: rows.length > limit ? page[page.length - 1]!.id : null };
}

const before = (column: typeof vendors.id | typeof vendorProducts.id, id: number | undefined) =>
  id === undefined ? undefined : lt(column, id);

/**
 * The only SQL of vendors and their products. Vendor Admin (another module) uses the platform-wide reads
 * and decisions (`pendingVendors`, `pendingProducts`, `vendorById`, `productById`, `decideVendor`,
 * `decideProduct`, `deleteProduct`, `counts`); the vendors module itself scopes by business.
 */
export function createVendorsRepository(db: Executor) {
  return {
    /** The business's own vendor profile, if any. */
    async vendorOfTenant(tenantId: number): Promise<TVendorRow | null> {
      const [row] = await db.select().from(vendors).where(eq(vendors.tenantId, tenantId));
      return row ?? null;
    },

    async insertVendor(tx: Executor, row: typeof vendors.$inferInsert): Promise<TVendorRow> {
      const [inserted] = await tx.insert(vendors).values(row).returning();
      return inserted!;
    },

    /** A rejected vendor registering again: its row takes the new details and is pending once more. */
    async resubmitVendor(tx: Executor, id: number, row: Partial<typeof vendors.$inferInsert>) {
      const [updated] = await tx
        .update(vendors)
        .set({ ...row, status: 'pending', rejectionReason: null, decidedAt: null })
        .where(and(eq(vendors.id, id), eq(vendors.status, 'rejected')))
        .returning();
      return updated ?? null;
    },

    async insertProduct(tx: Executor, row: typeof vendorProducts.$inferInsert): Promise<TVendorProductRow> {
      const [inserted] = await tx.insert(vendorProducts).values(row).returning();
      return inserted!;
    },

    /** The business's own products (deleted ones too, with their reason), newest first. */
    async productsOfTenant(tenantId: number, query: TKeysetQuery): Promise<TKeysetPage<TVendorProductRow>> {
      const rows = await db
        .select()
        .from(vendorProducts)
        .where(
          and(
            eq(vendorProducts.tenantId, tenantId),
            before(vendorProducts.id, query.before),
            query.search ? containsText(vendorProducts.productName, query.search) : undefined,
          ),
        )
        .orderBy(desc(vendorProducts.id))
        .limit(query.limit + 1);
      return pageOf(rows, query.limit);
    },

    /** Vendors awaiting a decision (every business), newest first; search on the name. */
    async pendingVendors(query: TKeysetQuery): Promise<TKeysetPage<TVendorRow>> {
      const rows = await db
        .select()
        .from(vendors)
        .where(
          and(
            eq(vendors.status, 'pending'),
            before(vendors.id, query.before),
            query.search ? containsText(vendors.name, query.search) : undefined,
          ),
        )
        .orderBy(desc(vendors.id))
        .limit(query.limit + 1);
      return pageOf(rows, query.limit);
    },

    /** Products awaiting a decision and not deleted (every business), newest first, with their vendor. */
    async pendingProducts(
      query: TKeysetQuery,
    ): Promise<TKeysetPage<TVendorProductRow & { vendorName: string; vendorStatus: TVendorStatus }>> {
      const rows = await db
        .select({ product: vendorProducts, vendorName: vendors.name, vendorStatus: vendors.status })
        .from(vendorProducts)
        .innerJoin(vendors, eq(vendors.id, vendorProducts.vendorId))
        .where(
          and(
            eq(vendorProducts.status, 'pending'),
            isNull(vendorProducts.deletedAt),
            before(vendorProducts.id, query.before),
            query.search ? containsText(vendorProducts.productName, query.search) : undefined,
          ),
        )
        .orderBy(desc(vendorProducts.id))
        .limit(query.limit + 1);
      return pageOf(
        rows.map((r) => ({ ...r.product, vendorName: r.vendorName, vendorStatus: r.vendorStatus })),
        query.limit,
      );
    },

    async vendorById(id: number): Promise<TVendorRow | null> {
      const [row] = await db.select().from(vendors).where(eq(vendors.id, id));
      return row ?? null;
    },

    async productById(id: number): Promise<TVendorProductRow | null> {
      const [row] = await db.select().from(vendorProducts).where(eq(vendorProducts.id, id));
      return row ?? null;
    },

    /** Approves or rejects a pending vendor; null when it is not pending (already decided or missing). */
    async decideVendor(tx: Executor, id: number, decision: TDecision): Promise<TVendorRow | null> {
      const [row] = await tx
        .update(vendors)
        .set({
          status: decision.status,
          rejectionReason: decision.status === 'rejected' ? (decision.reason ?? null) : null,
          accessCodeHash: decision.accessCodeHash ?? null,
          decidedAt: new Date(),
        })
        .where(and(eq(vendors.id, id), eq(vendors.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** Approves or rejects a pending, live product; null when it is not one. */
    async decideProduct(tx: Executor, id: number, decision: TDecision): Promise<TVendorProductRow | null> {
      const [row] = await tx
        .update(vendorProducts)
        .set({
          status: decision.status,
          rejectionReason: decision.status === 'rejected' ? (decision.reason ?? null) : null,
          decidedAt: new Date(),
        })
        .where(
          and(
            eq(vendorProducts.id, id),
            eq(vendorProducts.status, 'pending'),
            isNull(vendorProducts.deletedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Deletes a product (the row stays with its reason and leaves every list); null when already gone. */
    async deleteProduct(tx: Executor, id: number, reason: string): Promise<TVendorProductRow | null> {
      const [row] = await tx
        .update(vendorProducts)
        .set({ deletedAt: new Date(), deletionReason: reason })
        .where(and(eq(vendorProducts.id, id), isNull(vendorProducts.deletedAt)))
        .returning();
      return row ?? null;
    },

    /** Vendor Admin's stat cards: pending vendors and products, and decisions since `since`. */
    async counts(since: Date) {
      const decidedSince = (status: 'approved' | 'rejected') => [
        db
          .select({ n: count() })
          .from(vendors)
          .where(and(eq(vendors.status, status), gte(vendors.decidedAt, since))),
        db
          .select({ n: count() })
          .from(vendorProducts)
          .where(
            and(
              eq(vendorProducts.status, status),
              gte(vendorProducts.decidedAt, since),
              isNull(vendorProducts.deletedAt),
            ),
          ),
      ];
      const [pendingVendors, pendingProducts, ...decided] = await Promise.all([
        db.select({ n: count() }).from(vendors).where(eq(vendors.status, 'pending')),
        db
          .select({ n: count() })
          .from(vendorProducts)
          .where(and(eq(vendorProducts.status, 'pending'), isNull(vendorProducts.deletedAt))),
        ...decidedSince('approved'),
        ...decidedSince('rejected'),
      ]);
      const n = (rows: { n: number }[] | undefined) => Number(rows?.[0]?.n ?? 0);
      return {
        pendingVendors: n(pendingVendors),
        pendingProducts: n(pendingProducts),
        approvedToday: n(decided[0]) + n(decided[1]),
        rejectedToday: n(decided[2]) + n(decided[3]),
      };
    },

    /** The public marketplace: approved, live products of approved vendors, newest first, with the vendor. */
    async marketplace(query: TMarketplaceQuery) {
      const rows = await db
        .select({ product: vendorProducts, vendor: vendors })
        .from(vendorProducts)
        .innerJoin(vendors, eq(vendors.id, vendorProducts.vendorId))
        .where(and(...publicProduct(), ...marketplaceFilters(query)))
        .orderBy(desc(vendorProducts.id))
        .limit(query.limit + 1);
      return pageOf(
        rows.map((r) => ({ id: r.product.id, ...r })),
        query.limit,
      );
    },

    /** A product shown publicly (approved, live, its vendor approved), or null. */
    async publicProduct(id: number): Promise<TVendorProductRow | null> {
      const [row] = await db
        .select({ product: vendorProducts })
        .from(vendorProducts)
        .innerJoin(vendors, eq(vendors.id, vendorProducts.vendorId))
        .where(and(eq(vendorProducts.id, id), ...publicProduct()));
      return row?.product ?? null;
    },
  };
}

function publicProduct(): SQL[] {
  return [
    eq(vendorProducts.status, 'approved'),
    isNull(vendorProducts.deletedAt),
    eq(vendors.status, 'approved'),
  ];
}

function marketplaceFilters(query: TMarketplaceQuery): (SQL | undefined)[] {
  return [
    before(vendorProducts.id, query.before),
    query.search ? containsText(vendorProducts.productName, query.search) : undefined,
    query.category ? eq(vendorProducts.category, query.category) : undefined,
    query.state ? eq(vendorProducts.sellerState, query.state) : undefined,
  ];
}

export type TVendorsRepository = ReturnType<typeof createVendorsRepository>;

/** The stored file ids of a vendor's documents, by the registration's field name. */
export function vendorDocumentIds(vendor: TVendorRow) {
  return {
    gov_id: vendor.govIdFileId,
    cac_cert: vendor.cacCertFileId,
    location_proof: vendor.locationProofFileId,
    bulk_proof: vendor.bulkProofFileId,
    warehouse: vendor.warehouseFileId,
  };
}
