import { randomUUID } from 'node:crypto';
import { MAX_VENDOR_VIDEO_BYTES } from '@app/domain/schemas/vendors';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { TFileStorage } from '../../platform/storage/file-storage.ts';
import { assertUploadSpace, createFilesRepository, sniffDocumentType } from '../files/index.ts';

/** One uploaded file of a vendor form, read whole (up to the largest a vendor may send, plus one byte). */
export type TVendorFile = { field: string; filename: string; content: Buffer; truncated: boolean };
export type TVendorForm = { fields: Record<string, string>; files: TVendorFile[] };

/** More files than any vendor form takes (five documents; two images and a video) leaves room to refuse. */
const MAX_FILES = 8;

/**
 * A vendor form's fields and files. Files are read up to the video limit (15 MB) without Fastify's own 10 MB
 * refusal, so each field's own limit and message apply (spec 3 §5); a larger file is marked truncated.
 */
export async function readVendorForm(request: FastifyRequest): Promise<TVendorForm> {
  if (!request.isMultipart())
    throw new AppError('unsupported_media_type', 'Send the form as multipart/form-data');
  const form: TVendorForm = { fields: {}, files: [] };
  const options = {
    limits: { files: MAX_FILES, fields: 40, fieldSize: 20_000, fileSize: MAX_VENDOR_VIDEO_BYTES + 1 },
    /** Read on past the limit (marked truncated) instead of failing with Fastify's 10 MB message. */
    throwFileSizeLimit: false,
  };
  const parts = request.parts(options);
  for await (const part of parts) {
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.filename)
        form.files.push({
          field: part.fieldname,
          filename: part.filename,
          content: Buffer.concat(chunks),
          truncated: part.file.truncated,
        });
    } else {
      form.fields[part.fieldname] = String(part.value);
    }
  }
  return form;
}

export type TFileKind = { contentType: string; extension: string };

/** An image judged by its first bytes: PNG or JPEG (a PDF or anything else is not one). */
export function sniffImage(content: Buffer): TFileKind | null {
  const type = sniffDocumentType(content);
  return type && type.contentType.startsWith('image/') ? type : null;
}

/** A video judged by its first bytes: MP4 (an `ftyp` box) or WebM (the EBML header). */
export function sniffVideo(content: Buffer): TFileKind | null {
  if (content.length >= 12 && content.subarray(4, 8).toString('latin1') === 'ftyp')
    return { contentType: 'video/mp4', extension: 'mp4' };
  if (content.length >= 4 && content.readUInt32BE(0) === 0x1a45dfa3)
    return { contentType: 'video/webm', extension: 'webm' };
  return null;
}

/** A file checked and ready to store. */
export type TCheckedFile = { content: Buffer; filename: string; kind: TFileKind };

/**
 * Stores checked files for the business (bytes on disk, rows in the caller's transaction); answers their ids
 * in order.
 */
export async function storeVendorFiles(
  tx: Executor,
  storage: TFileStorage,
  owner: { tenantId: number; userId: number },
  purpose: string,
  files: TCheckedFile[],
): Promise<string[]> {
  const repo = createFilesRepository(tx);
  await assertUploadSpace(
    tx,
    owner.tenantId,
    files.reduce((sum, file) => sum + file.content.length, 0),
  );
  const ids: string[] = [];
  for (const file of files) {
    const id = randomUUID();
    await storage.put(`${owner.tenantId}/${id}`, file.content);
    await repo.insert({
      id,
      tenantId: owner.tenantId,
      purpose,
      originalName: file.filename.slice(0, 200),
      contentType: file.kind.contentType,
      sizeBytes: file.content.length,
      userId: owner.userId,
    });
    ids.push(id);
  }
  return ids;
}
