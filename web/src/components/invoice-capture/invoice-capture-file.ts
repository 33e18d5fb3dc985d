import { MAX_UPLOAD_BYTES } from '@app/domain/files/uploads';

/** Spec 2 §5 Invoice file: PNG, JPG or PDF, at most 10 MB (a screen may word the size as its spec does). */
export const INVOICE_TYPE_MESSAGE = 'Invalid file type. Please upload PNG, JPG, or PDF';
export const INVOICE_SIZE_MESSAGE = 'File too large. Maximum size is 10MB.';
/** Spec 2 §9: camera photos are JPEG at quality 0.9. */
export const CAMERA_JPEG_QUALITY = 0.9;

const TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf']);

/** The message for a file the server would refuse, or null (the server checks the content again). */
export function invoiceFileProblem(file: File | null, sizeMessage = INVOICE_SIZE_MESSAGE): string | null {
  if (!file) return null;
  const typeOk = file.type ? TYPES.has(file.type) : /\.(pdf|png|jpe?g)$/i.test(file.name);
  if (!typeOk) return INVOICE_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return sizeMessage;
  return null;
}

/** "Failed to access camera: Permission denied" */
export function cameraErrorMessage(error: unknown): string {
  const reason =
    error instanceof Error ? error.message || error.name : typeof error === 'string' ? error : '';
  return `Failed to access camera: ${reason || 'the camera could not be started'}`;
}

/** A captured photo as a file named after the moment it was taken. */
export function photoFile(blob: Blob, now = new Date()): File {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return new File([blob], `invoice-photo-${stamp}.jpg`, { type: 'image/jpeg' });
}
