import { eq } from 'drizzle-orm';
import type { TCompanyRequest } from '@app/domain/schemas/sales';
import type { Executor } from '../../platform/db/client.ts';
import { companyProfiles, tenants } from '../../platform/db/schema/index.ts';

export type TCompanyRow = {
  tenantName: string;
  profile: typeof companyProfiles.$inferSelect | null;
};

export function createCompanyRepository(db: Executor) {
  return {
    async find(tenantId: number): Promise<TCompanyRow | null> {
      const [row] = await db
        .select({ tenantName: tenants.name, profile: companyProfiles })
        .from(tenants)
        .leftJoin(companyProfiles, eq(companyProfiles.tenantId, tenants.id))
        .where(eq(tenants.id, tenantId));
      return row ?? null;
    },

    async upsert(tenantId: number, details: TCompanyRequest): Promise<void> {
      const values = {
        displayName: details.tenant_name,
        phoneNumber: details.phone_number ?? null,
        address: details.address ?? null,
        accountNumber: details.account_number,
        bankName: details.bank_name ?? null,
        accountName: details.account_name ?? null,
        updatedAt: new Date(),
      };
      await db
        .insert(companyProfiles)
        .values({ tenantId, ...values })
        .onConflictDoUpdate({ target: companyProfiles.tenantId, set: values });
    },

    /** Sets the logo; a business without a profile yet gets one named after the business. */
    async setLogo(tenantId: number, defaultName: string, fileId: string): Promise<void> {
      await db
        .insert(companyProfiles)
        .values({ tenantId, displayName: defaultName, logoFileId: fileId })
        .onConflictDoUpdate({
          target: companyProfiles.tenantId,
          set: { logoFileId: fileId, updatedAt: new Date() },
        });
    },
  };
}
