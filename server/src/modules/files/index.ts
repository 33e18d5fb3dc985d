/** The files module's public face: what other modules may use (ESLint refuses the rest). */
export { fileUrl, ownFileId, FILE_NOT_FOUND } from './file-references.ts';
export { sniffDocumentType } from './file-types.ts';
export { createFilesRepository } from './files.repository.ts';
export { tooLargeInWordsOf, type TFilesService } from './files.service.ts';
export { assertUploadSpace } from './upload-space.ts';
