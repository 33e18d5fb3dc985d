import { z } from 'zod';

/** Spec 3 §2.2: asked before an expense invoice is uploaded whose name is like one already stored. */
export const SIMILAR_FILE_QUESTION =
  'A file with similar name may already exist. Do you want to upload this file anyway?';

/** The marks a phone or a computer adds to a copy's name: "invoice (1)", "invoice copy 2", "invoice - Copy". */
const COPY_MARK = /(?:\s*\(\d{1,3}\)|[\s_-]*\bcopy(?:[\s_-]*\d{1,3})?)$/;

/**
 * What is left of a file name once its folder, extension, case, copy marks and separators are set aside:
 * two names with the same stem are similar ("Invoice_March.pdf", "invoice march (1).PDF").
 */
export function fileNameStem(name: string): string {
  let stem = (name.split(/[\\/]/).pop() ?? '').normalize('NFKC').toLowerCase().trim();
  stem = stem.replace(/\.[a-z0-9]{1,5}$/, '');
  for (let previous = ''; previous !== stem;) {
    previous = stem;
    stem = stem.replace(COPY_MARK, '').trim();
  }
  return stem.replace(/[\s_.-]+/g, ' ').trim();
}

/** The first word of a stem: stored names are narrowed by it before their stems are compared. */
export const stemFirstWord = (stem: string) => stem.split(' ')[0] ?? '';

export const ZSimilarFileQuerySchema = z.object({
  file_name: z.string().trim().min(1, 'Please give the file name').max(200),
});
export const ZSimilarFileSchema = z.object({ similar_exists: z.boolean() });
export type TSimilarFile = z.infer<typeof ZSimilarFileSchema>;
