import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { fileNameStem, stemFirstWord } from '@app/domain/files/similar-names';
import { EXPENSE_FILE_TOO_LARGE, FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from '@app/domain/files/uploads';
import { deniedMessage } from '@app/domain/permissions/denied';
import type { TActor } from '../../platform/auth/access.ts';
import type { Database } from '../../platform/db/client.ts';
import { actorHas } from '../../platform/auth/guard.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { TFileStorage } from '../../platform/storage/file-storage.ts';
import { fileUrl } from './file-references.ts';
import { sniffDocumentType } from './file-types.ts';
import { createFilesRepository } from './files.repository.ts';
import { assertUploadSpace } from './upload-space.ts';

export const UNSUPPORTED_FILE = 'Invalid file type. Please upload PNG, JPG, or PDF';

/** Who may open an uploaded file: the key of the screen its record is on (a logo is on every receipt). */
const READ_KEY_BY_PURPOSE: Record<string, string | undefined> = {
  sale_invoice: 'sales.page.access',
  proforma_invoice: 'sales.page.access',
  restock_invoice: 'restock.page.access',
  expense_invoice: 'expenses.page.access',
  requisition_signature: 'requisitions.page.access',
  company_logo: undefined,
};

/** A file's name as kept: no control characters (a NUL cannot be stored), at most 200 characters. */
const storedName = (name: string | null | undefined) =>
  [...(name ?? '')]
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);

/** How many stored names sharing the first word are compared: the check says "may", not "does". */
const SIMILAR_NAMES_READ = 500;

/** A file past 10 MB is refused in the words of the screen it was sent from. */
const TOO_LARGE_BY_PURPOSE: Record<string, string | undefined> = { expense_invoice: EXPENSE_FILE_TOO_LARGE };
export const fileTooLarge = (purpose: string) =>
  new AppError('too_large', TOO_LARGE_BY_PURPOSE[purpose] ?? FILE_TOO_LARGE);

/**
 * For the `.catch` of reading an upload: Fastify's multipart error for a file past the app's limit becomes the
 * purpose's own 413; any other error goes on as it was.
 */
export const tooLargeInWordsOf =
  (purpose: string) =>
  (error: unknown): never => {
    throw (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE'
      ? fileTooLarge(purpose)
      : error;
  };

export function createFilesService(deps: {
  db: Database;
  storage: TFileStorage;
  /** The warehouses open to an employee (the MD's every one): a file of another warehouse's record is hidden. */
  warehousesOpenTo?: (actor: TActor) => Promise<readonly number[]>;
}) {
  const repo = createFilesRepository(deps.db);

  /** Stores an uploaded document (judged by its content) for the actor's business; answers its URL. */
  async function storeDocument(
    actor: TActor,
    purpose: string,
    file: MultipartFile | undefined,
    desiredName?: string,
  ) {
    if (!file) throw new AppError('bad_request', 'Please choose a file to upload');
    const content = await file.toBuffer().catch(tooLargeInWordsOf(purpose));
    if (file.file.truncated) throw fileTooLarge(purpose);
    return storeContent(actor, purpose, content, desiredName || file.filename);
  }

  /** Stores a document's bytes (a camera capture sent as base64, a drawn signature) like an upload. */
  async function storeContent(actor: TActor, purpose: string, content: Buffer, name?: string | null) {
    if (content.length > MAX_UPLOAD_BYTES) throw fileTooLarge(purpose);
    if (content.length === 0) throw new AppError('bad_request', 'The file is empty');
    const type = sniffDocumentType(content);
    if (!type) throw new AppError('unsupported_media_type', UNSUPPORTED_FILE);
    await assertUploadSpace(deps.db, actor.tenantId, content.length);
    const id = randomUUID();
    await deps.storage.put(`${actor.tenantId}/${id}`, content);
    // Bytes without a row are never counted nor swept: they go when the row cannot be written.
    await repo
      .insert({
        id,
        tenantId: actor.tenantId,
        purpose,
        originalName: storedName(name) || `${purpose}.${type.extension}`,
        contentType: type.contentType,
        sizeBytes: content.length,
        userId: actor.userId,
      })
      .catch(async (error: unknown) => {
        await deps.storage.remove(`${actor.tenantId}/${id}`);
        throw error;
      });
    return { invoice_file_url: fileUrl(id), file_id: id, content_type: type.contentType };
  }

  /** Whether the file's records (if any) include one of a warehouse open to the actor. */
  async function isInOpenWarehouse(actor: TActor, id: string): Promise<boolean> {
    if (actor.role === 'md' || !deps.warehousesOpenTo) return true;
    const named = await repo.warehousesNaming(actor.tenantId, id);
    if (named.length === 0) return true;
    const open = new Set(await deps.warehousesOpenTo(actor));
    return named.some((warehouseId) => open.has(warehouseId));
  }

  async function open(actor: TActor, id: string) {
    const file = /^[0-9a-f-]{36}$/.test(id) ? await repo.find(actor.tenantId, id) : null;
    if (!file) throw notFound('File not found');
    const needs = READ_KEY_BY_PURPOSE[file.purpose];
    if (needs && !actorHas(actor, needs)) throw new AppError('forbidden', deniedMessage([needs]));
    if (!(await isInOpenWarehouse(actor, id))) throw notFound('File not found');
    const stream = await deps.storage.read(`${actor.tenantId}/${id}`);
    if (!stream) throw notFound('File not found');
    return { file, stream };
  }

  /**
   * Whether the business already stored a file of this purpose with a similar name (same stem: spec 3 §2.2).
   * Names are narrowed by the stem's first word from an index, then their stems compared.
   */
  async function hasSimilarName(actor: TActor, purpose: string, name: string) {
    const stem = fileNameStem(name);
    if (!stem) return false;
    const names = await repo.namesStartingWith(
      actor.tenantId,
      purpose,
      stemFirstWord(stem),
      SIMILAR_NAMES_READ,
    );
    return names.some((stored) => fileNameStem(stored) === stem);
  }

  /** A stored file's bytes (null when they are gone), for callers that checked who may read them. */
  const readStored = (tenantId: number, id: string) => deps.storage.read(`${tenantId}/${id}`);

  /** After a business is closed: every file it uploaded. */
  const removeBusinessFiles = (tenantId: number) => deps.storage.removeAll(String(tenantId));

  /** An imported business's file (business-import.ts), under the id its row will have. */
  const putStored = (tenantId: number, id: string, content: Buffer) =>
    deps.storage.put(`${tenantId}/${id}`, content);
  const removeStored = (tenantId: number, id: string) => deps.storage.remove(`${tenantId}/${id}`);

  return {
    storeDocument,
    storeContent,
    hasSimilarName,
    open,
    readStored,
    removeBusinessFiles,
    putStored,
    removeStored,
  };
}

export type TFilesService = ReturnType<typeof createFilesService>;
