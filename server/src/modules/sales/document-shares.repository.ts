import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { documentShares } from '../../platform/db/schema/index.ts';

export type TSharedDocumentType = (typeof documentShares.$inferSelect)['documentType'];

/** Public links to receipts and proformas; a link is found by the SHA-256 of its token only. */
export function createDocumentSharesRepository(db: Executor) {
  const ofDocument = (tenantId: number, type: TSharedDocumentType, documentId: number) =>
    and(
      eq(documentShares.tenantId, tenantId),
      eq(documentShares.documentType, type),
      eq(documentShares.documentId, documentId),
      isNull(documentShares.revokedAt),
    );

  return {
    async insert(share: {
      tenantId: number;
      tokenHash: string;
      documentType: TSharedDocumentType;
      documentId: number;
      createdBy: number;
    }) {
      const [row] = await db
        .insert(documentShares)
        .values(share)
        .returning({ id: documentShares.id, createdAt: documentShares.createdAt });
      return row!;
    },

    /** The live (not revoked) link with this token hash. */
    async findLive(tokenHash: string) {
      const [row] = await db
        .select({
          id: documentShares.id,
          tenantId: documentShares.tenantId,
          documentType: documentShares.documentType,
          documentId: documentShares.documentId,
        })
        .from(documentShares)
        .where(and(eq(documentShares.tokenHash, tokenHash), isNull(documentShares.revokedAt)));
      return row ?? null;
    },

    /** Revokes every live link of a document; answers the ids revoked. */
    async revokeAll(tenantId: number, type: TSharedDocumentType, documentId: number): Promise<number[]> {
      const rows = await db
        .update(documentShares)
        .set({ revokedAt: new Date() })
        .where(ofDocument(tenantId, type, documentId))
        .returning({ id: documentShares.id });
      return rows.map((row) => row.id);
    },
  };
}
