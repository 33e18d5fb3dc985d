import type { TLinkedAccount } from '@app/domain/schemas/bank';
import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { linkedAccounts } from '../../platform/db/schema/index.ts';

type TRow = typeof linkedAccounts.$inferSelect;

const view = (row: TRow): TLinkedAccount => ({
  account_id: row.id,
  bank_name: row.bankName,
  account_name: row.accountName,
  account_number: row.accountNumber,
  currency: row.currency,
  mono_account_id: row.providerAccountId,
  linked_at: row.createdAt.toISOString(),
});

export function createLinkedAccountsRepository(db: Executor) {
  const ofBusiness = (tenantId: number, id: number) =>
    and(eq(linkedAccounts.tenantId, tenantId), eq(linkedAccounts.id, id));
  return {
    async list(tenantId: number): Promise<TLinkedAccount[]> {
      const rows = await db
        .select()
        .from(linkedAccounts)
        .where(eq(linkedAccounts.tenantId, tenantId))
        .orderBy(asc(linkedAccounts.id));
      return rows.map(view);
    },

    async find(tenantId: number, id: number): Promise<TLinkedAccount | null> {
      const [row] = await db.select().from(linkedAccounts).where(ofBusiness(tenantId, id));
      return row ? view(row) : null;
    },

    /** Links the account, or refreshes its details when the business linked it before. */
    async upsert(account: {
      tenantId: number;
      providerAccountId: string;
      bankName: string;
      accountName: string;
      accountNumber: string;
      currency: string;
      userId: number;
    }): Promise<{ account: TLinkedAccount; relinked: boolean }> {
      const [row] = await db
        .insert(linkedAccounts)
        .values(account)
        .onConflictDoUpdate({
          target: [linkedAccounts.tenantId, linkedAccounts.providerAccountId],
          set: {
            bankName: account.bankName,
            accountName: account.accountName,
            accountNumber: account.accountNumber,
            currency: account.currency,
          },
        })
        .returning({ ...getTableColumns(linkedAccounts), inserted: sql<boolean>`(xmax = 0)` });
      const { inserted, ...saved } = row!;
      return { account: view(saved), relinked: !inserted };
    },

    /** Whether a linked account other than `exceptId` (of any business) is the same Mono account. */
    async sharedElsewhere(providerAccountId: string, exceptId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: linkedAccounts.id })
        .from(linkedAccounts)
        .where(and(eq(linkedAccounts.providerAccountId, providerAccountId), ne(linkedAccounts.id, exceptId)))
        .limit(1);
      return row !== undefined;
    },

    async remove(tenantId: number, id: number): Promise<TLinkedAccount | null> {
      const [row] = await db.delete(linkedAccounts).where(ofBusiness(tenantId, id)).returning();
      return row ? view(row) : null;
    },
  };
}
