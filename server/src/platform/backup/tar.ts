/**
 * The few lines of POSIX tar (ustar) a backup needs: regular files with short names, written and read as
 * streams, so an archive of any size passes through a fixed amount of memory. `tar -tf` lists it.
 */
const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;

/** The archive could not be read: cut short, or not an archive of ours. */
export class TarError extends Error {}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** The 512-byte header of a regular file. */
export function tarHeader(name: string, size: number, mtime: Date = new Date()): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new TarError(`a name longer than 100 bytes: ${name}`);
  if (size > MAX_SIZE) throw new TarError(`${name} is larger than a tar entry holds`);
  const header = Buffer.alloc(BLOCK, 0);
  nameBytes.copy(header, 0);
  header.write(octal(0o600, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write('        ', 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/** The zeros that end an entry's data on a block boundary. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK, 0);

/** The two zero blocks that end an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(BLOCK * 2, 0);

/** Reads exactly what is asked from a stream of chunks. */
class ChunkReader {
  private buffered: Buffer[] = [];
  private length = 0;
  constructor(private readonly source: AsyncIterator<Buffer | Uint8Array | string>) {}

  private async fill(atLeast: number): Promise<boolean> {
    while (this.length < atLeast) {
      const next = await this.source.next();
      if (next.done) return false;
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      this.buffered.push(chunk);
      this.length += chunk.length;
    }
    return true;
  }

  /** Up to `max` bytes (at least one), or null at the end of the stream. */
  async some(max: number): Promise<Buffer | null> {
    if (!(await this.fill(1))) return null;
    const first = this.buffered[0]!;
    const part = first.subarray(0, Math.min(max, first.length));
    if (part.length === first.length) this.buffered.shift();
    else this.buffered[0] = first.subarray(part.length);
    this.length -= part.length;
    return part;
  }

  async exactly(size: number): Promise<Buffer | null> {
    if (!(await this.fill(size))) return null;
    const whole = Buffer.concat(this.buffered);
    this.buffered = whole.length > size ? [whole.subarray(size)] : [];
    this.length = whole.length - size;
    return whole.subarray(0, size);
  }
}

const field = (header: Buffer, start: number, width: number) =>
  header
    .subarray(start, start + width)
    .toString('utf8')
    .replace(/\0.*$/s, '')
    .trim();

export type TTarEntry = { name: string; size: number; body: AsyncIterable<Buffer> };

/**
 * The regular files of an archive, in order. Each entry's body must be read (or left) before asking for
 * the next; an archive cut short, or a header whose checksum is wrong, throws TarError.
 */
export async function* readTar(
  source: AsyncIterable<Buffer | Uint8Array | string>,
): AsyncGenerator<TTarEntry> {
  const reader = new ChunkReader(source[Symbol.asyncIterator]());
  for (;;) {
    const header = await reader.exactly(BLOCK);
    if (!header) throw new TarError('the archive ends without its last block: it was cut short');
    if (header.every((byte) => byte === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    if (parseInt(field(header, 148, 8), 8) !== sum)
      throw new TarError('the archive is damaged (a header checksum)');
    const name = field(header, 0, 100);
    const size = parseInt(field(header, 124, 12), 8);
    const type = field(header, 156, 1) || '0';
    let left = size;
    const body = async function* () {
      while (left > 0) {
        const chunk = await reader.some(left);
        if (!chunk) throw new TarError(`the archive was cut short inside ${name}`);
        left -= chunk.length;
        yield chunk;
      }
    };
    if (type === '0') yield { name, size, body: body() };
    // What the reader left of the body is skipped.
    if (left > 0) for await (const chunk of body()) void chunk;
    if (size % BLOCK !== 0 && !(await reader.exactly(BLOCK - (size % BLOCK))))
      throw new TarError(`the archive was cut short after ${name}`);
  }
}
