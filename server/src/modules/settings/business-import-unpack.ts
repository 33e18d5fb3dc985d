/**
 * The business import's unzipping (business-import.ts), run on a document worker thread (platform/documents) so
 * that a large export never holds up the requests. It reads the uploaded zip from its temporary file entry by
 * entry (yauzl, through the zip's central directory), so memory holds one entry's chunks at a time, never the
 * whole zip: it checks the manifest, counts every byte it inflates against the size bound (the headers' sizes
 * can be edited), keeps the tables' bytes and writes each file to a temporary file of its own. It imports
 * nothing of the server, so a worker loads it quickly, and it answers a refusal as data (an error loses its
 * code between threads).
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openPromise, type Entry, type ZipFile } from 'yauzl';
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
/** A file of the export, unzipped to a temporary file of its own (removed by whoever asked for the unzipping). */
export type TUnpackedFile = { path: string; size: number };
/** What the zip holds: each table's JSON lines by its name, and the files by their exported id. */
export type TUnpackedExport = { tables: Map<string, Uint8Array>; files: Map<string, TUnpackedFile> };

class Refused extends Error {
  constructor(readonly refusal: TUnpackRefusal['refused']) {
    super(refusal.detail);
  }
}

const notAnExport = () => new Refused({ code: 'unprocessable', detail: NOT_AN_EXPORT });
const wanted = (name: string) =>
  name === 'data/manifest.json' || /^data\/[a-z0-9_]+\.jsonl$/.test(name) || name.startsWith('files/');

/** A writable that keeps what it is given, then hands it over as one fresh buffer (its own, so it can move). */
function collector() {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      length += chunk.length;
      done();
    },
  });
  const bytes = () => {
    const out = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  };
  return { sink, bytes };
}

async function unpack(
  zipPath: string,
  filesDir: string,
  maxUnzippedBytes: number,
  manifest: object,
): Promise<TUnpackedExport> {
  let zip: ZipFile;
  try {
    // Sizes are checked below as the bytes come, over all entries, not against each entry's own header.
    zip = await openPromise(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: false });
  } catch {
    throw notAnExport();
  }
  const tooLarge = () => new Refused({ code: 'too_large', detail: importUnzipsTooLarge(maxUnzippedBytes) });
  try {
    const entries = new Map<string, Entry>();
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        declared += entry.uncompressedSize;
        if (declared > maxUnzippedBytes) throw tooLarge();
        if (wanted(entry.fileName)) entries.set(entry.fileName, entry);
      }
    } catch (error) {
      if (error instanceof Refused) throw error;
      throw notAnExport();
    }

    let inflated = 0;
    /** Inflates one entry into `sink`, counting its bytes against the bound as they come. */
    const inflate = async (entry: Entry, sink: Writable) => {
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          inflated += chunk.length;
          done(inflated > maxUnzippedBytes ? tooLarge() : null, chunk);
        },
      });
      let source: Readable;
      try {
        source = await zip.openReadStreamPromise(entry);
      } catch {
        throw notAnExport();
      }
      try {
        await pipeline(source, counted, sink);
      } catch (error) {
        if (error instanceof Refused) throw error;
        // The disk failing to take a file is the server's trouble, not the zip's.
        if (typeof (error as { syscall?: unknown }).syscall === 'string') throw error;
        throw notAnExport();
      }
    };
    const bytesOf = async (entry: Entry) => {
      const { sink, bytes } = collector();
      await inflate(entry, sink);
      return bytes();
    };

    const found = entries.get('data/manifest.json');
    let format: unknown = null;
    if (found) {
      const text = new TextDecoder().decode(await bytesOf(found));
      try {
        format = JSON.parse(text);
      } catch {
        format = null;
      }
    }
    if (JSON.stringify(format) !== JSON.stringify(manifest)) throw notAnExport();

    const files = new Map<string, Entry>();
    const tables = new Map<string, Entry>();
    for (const [name, entry] of entries) {
      if (name.startsWith('files/')) {
        const id = /^files\/([0-9a-f-]{36})_/.exec(name)?.[1];
        if (!id)
          throw new Refused({
            code: 'unprocessable',
            detail: damaged(`${name} is not a file of the export`),
          });
        files.set(id, entry);
      } else if (name.endsWith('.jsonl')) tables.set(name.slice('data/'.length, -'.jsonl'.length), entry);
    }

    const unpacked: TUnpackedExport = { tables: new Map(), files: new Map() };
    for (const [name, entry] of tables) unpacked.tables.set(name, await bytesOf(entry));
    await mkdir(filesDir, { recursive: true });
    let n = 0;
    for (const [id, entry] of files) {
      const file = path.join(filesDir, String(++n));
      const before = inflated;
      await inflate(entry, createWriteStream(file));
      unpacked.files.set(id, { path: file, size: inflated - before });
    }
    return unpacked;
  } finally {
    zip.close();
  }
}

/**
 * The worker's task: the export's tables (their buffers move to the asking thread, not copied) and its files,
 * each written to a temporary file under `filesDir`; or why it is refused. `zipPath` is the uploaded zip,
 * `manifest` what data/manifest.json must hold. The caller removes `filesDir` whatever the answer.
 */
export async function unpackExport(
  zipPath: string,
  filesDir: string,
  maxUnzippedBytes: number,
  manifest: object,
): Promise<object> {
  try {
    const unpacked = await unpack(zipPath, filesDir, maxUnzippedBytes, manifest);
    return movable(
      unpacked,
      [...unpacked.tables.values()].map((bytes) => bytes.buffer),
    );
  } catch (error) {
    if (error instanceof Refused) return { refused: error.refusal } satisfies TUnpackRefusal;
    throw error;
  }
}

/** The pool's task that runs unpackExport on a worker (its answer: TUnpackedExport or TUnpackRefusal). */
export const unpackTask = (
  zipPath: string,
  filesDir: string,
  maxUnzippedBytes: number,
  manifest: object,
) => ({
  module: import.meta.url,
  name: 'unpackExport',
  args: [zipPath, filesDir, maxUnzippedBytes, manifest],
});
