/**
 * The business import's unzipping (business-import.ts), run on a document worker thread (platform/documents) so
 * that a large export never holds up the requests: it unzips the export within its size bound, checks its
 * manifest and sorts its entries into tables and files. Bytes in, bytes out; it imports nothing of the server,
 * so a worker loads it quickly, and it answers a refusal as data (an error loses its code between threads).
 */
import { strFromU8, unzipSync } from 'fflate';
import { movable } from '../../platform/documents/transfer.ts';

export const NOT_AN_EXPORT =
  'This file is not a business export of this app. Choose the zip from Your Data → Export.';
export const damaged = (why: string) => `The export cannot be imported: ${why}`;
const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB`;
export const importTooLarge = (zipBytes: number) =>
  `The export is larger than ${megabytes(zipBytes)}, the most an import takes`;
export const importUnzipsTooLarge = (unzippedBytes: number) =>
  damaged(`it holds more than ${megabytes(unzippedBytes)} once unzipped`);

/** Why the zip is refused, with the status code of the AppError the caller throws. */
export type TUnpackRefusal = { refused: { code: 'too_large' | 'unprocessable'; detail: string } };
/** What the zip holds: each table's JSON lines by its name, and the files by their exported id. */
export type TUnpackedExport = { tables: Map<string, Uint8Array>; files: Map<string, Uint8Array> };

class Refused extends Error {
  constructor(readonly refusal: TUnpackRefusal['refused']) {
    super(refusal.detail);
  }
}

function unpack(zipBytes: Uint8Array, maxUnzippedBytes: number, manifest: object): TUnpackedExport {
  let total = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(zipBytes, {
      filter: (file) => {
        total += file.originalSize;
        if (total > maxUnzippedBytes)
          throw new Refused({ code: 'too_large', detail: importUnzipsTooLarge(maxUnzippedBytes) });
        return (
          file.name === 'data/manifest.json' ||
          /^data\/[a-z0-9_]+\.jsonl$/.test(file.name) ||
          file.name.startsWith('files/')
        );
      },
    });
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused({ code: 'unprocessable', detail: NOT_AN_EXPORT });
  }
  const found = entries['data/manifest.json'];
  let format: unknown;
  try {
    format = found ? JSON.parse(strFromU8(found)) : null;
  } catch {
    format = null;
  }
  if (JSON.stringify(format) !== JSON.stringify(manifest))
    throw new Refused({ code: 'unprocessable', detail: NOT_AN_EXPORT });
  const tables = new Map<string, Uint8Array>();
  const files = new Map<string, Uint8Array>();
  for (const [name, content] of Object.entries(entries)) {
    if (name.startsWith('files/')) {
      const id = /^files\/([0-9a-f-]{36})_/.exec(name)?.[1];
      if (!id)
        throw new Refused({ code: 'unprocessable', detail: damaged(`${name} is not a file of the export`) });
      files.set(id, content);
    } else if (name.endsWith('.jsonl')) tables.set(name.slice('data/'.length, -'.jsonl'.length), content);
  }
  return { tables, files };
}

/**
 * The worker's task: the export's tables and files (their buffers move to the asking thread, not copied), or
 * why it is refused. `manifest` is what data/manifest.json must hold.
 */
export function unpackExport(zipBytes: Uint8Array, maxUnzippedBytes: number, manifest: object): object {
  try {
    const unpacked = unpack(zipBytes, maxUnzippedBytes, manifest);
    const buffers = [...unpacked.tables.values(), ...unpacked.files.values()].map((bytes) => bytes.buffer);
    return movable(unpacked, [...new Set(buffers)]);
  } catch (error) {
    if (error instanceof Refused) return { refused: error.refusal } satisfies TUnpackRefusal;
    throw error;
  }
}

/** The pool's task that runs unpackExport on a worker (its answer: TUnpackedExport or TUnpackRefusal). */
export const unpackTask = (zipBytes: Uint8Array, maxUnzippedBytes: number, manifest: object) => ({
  module: import.meta.url,
  name: 'unpackExport',
  args: [zipBytes, maxUnzippedBytes, manifest],
});
