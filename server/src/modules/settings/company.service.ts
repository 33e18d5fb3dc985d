import type { MultipartFile } from '@fastify/multipart';
import type { TCompany, TCompanyRequest } from '@app/domain/schemas/sales';
import { writeAudit } from '../../platform/audit/audit-trail.ts';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { fileUrl, sniffDocumentType, type TFilesService } from '../files/index.ts';
import type { TPrintCompany } from '../sales/index.ts';
import { createCompanyRepository, type TCompanyRow } from './company.repository.ts';

export const LOGO_NOT_IMAGE = 'The logo must be a PNG or JPEG image';
/** Spec 1 §6: no logo file chosen. */
export const LOGO_REQUIRED = 'Please select a logo file';

function toCompany({ tenantName, profile }: TCompanyRow): TCompany {
  return {
    tenant_name: profile?.displayName ?? tenantName,
    phone_number: profile?.phoneNumber ?? null,
    address: profile?.address ?? null,
    account_number: profile?.accountNumber ?? null,
    bank_name: profile?.bankName ?? null,
    account_name: profile?.accountName ?? null,
    logo_url: profile?.logoFileId ? fileUrl(profile.logoFileId) : null,
  };
}

/** Settings → Company: the business's details printed on receipts and proformas. */
export function createCompanyService(deps: { db: Database; files: TFilesService }) {
  const repo = createCompanyRepository(deps.db);

  async function load(actor: TActor): Promise<TCompanyRow> {
    const row = await repo.find(actor.tenantId);
    if (!row) throw notFound('Business not found');
    return row;
  }

  async function logoBytes(actor: TActor, fileId: string): Promise<Buffer | null> {
    // A logo whose file is gone prints the receipt without it rather than failing the receipt.
    try {
      const { stream } = await deps.files.open(actor, fileId);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch {
      return null;
    }
  }

  return {
    get: async (actor: TActor): Promise<TCompany> => toCompany(await load(actor)),

    /** Saves the name and details printed on receipts; the business's sign-in name does not change. */
    async update(actor: TActor, details: TCompanyRequest): Promise<TCompany> {
      return deps.db.transaction(async (tx) => {
        const txRepo = createCompanyRepository(tx);
        const before = toCompany((await txRepo.find(actor.tenantId))!);
        await txRepo.upsert(actor.tenantId, details);
        const after = toCompany((await txRepo.find(actor.tenantId))!);
        await writeAudit(tx, actor, {
          kind: 'company.updated',
          recordType: 'company',
          recordId: actor.tenantId,
          before,
          after,
        });
        return after;
      });
    },

    async uploadLogo(actor: TActor, file: MultipartFile | undefined): Promise<TCompany> {
      if (!file || file.fieldname !== 'logo_file') throw new AppError('bad_request', LOGO_REQUIRED);
      const type = sniffDocumentType(await file.toBuffer())?.contentType;
      if (type !== 'image/png' && type !== 'image/jpeg')
        throw new AppError('unsupported_media_type', LOGO_NOT_IMAGE);
      const stored = await deps.files.storeDocument(actor, 'company_logo', file);
      return deps.db.transaction(async (tx) => {
        const txRepo = createCompanyRepository(tx);
        const before = (await txRepo.find(actor.tenantId))!;
        await txRepo.setLogo(actor.tenantId, before.tenantName, stored.file_id);
        const after = toCompany((await txRepo.find(actor.tenantId))!);
        await writeAudit(tx, actor, {
          kind: 'company.logo_changed',
          recordType: 'company',
          recordId: actor.tenantId,
          before: { logo_url: toCompany(before).logo_url },
          after: { logo_url: after.logo_url },
        });
        return after;
      });
    },

    /** What a receipt prints at its top and bottom, with the logo's bytes. */
    async forPrint(actor: TActor): Promise<TPrintCompany> {
      const { tenantName, profile } = await load(actor);
      return {
        name: profile?.displayName ?? tenantName,
        phone: profile?.phoneNumber ?? null,
        address: profile?.address ?? null,
        accountNumber: profile?.accountNumber ?? null,
        bankName: profile?.bankName ?? null,
        accountName: profile?.accountName ?? null,
        logo: profile?.logoFileId ? await logoBytes(actor, profile.logoFileId) : null,
      };
    },
  };
}

export type TCompanyService = ReturnType<typeof createCompanyService>;
