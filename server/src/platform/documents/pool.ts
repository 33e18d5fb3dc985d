import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../errors.ts';

/**
 * A document a worker builds: the export `name` of the module at `module` (a file URL: the builder's own
 * `import.meta.url`), called with `args` (structured-cloneable: a Buffer arrives as a Uint8Array), answering
 * the document's bytes.
 */
export type TDocumentTask = { module: string; name: string; args: unknown[] };

/** Documents one business may have being built at once in this process; one more is 429. */
export const DOCUMENTS_PER_TENANT = 2;
/** Documents waiting for a thread, over every business, before the next is 429. */
export const DOCUMENT_QUEUE_LIMIT = 64;
const RETRY_AFTER_SECONDS = 2;

export const tenantPrintingMessage = (limit: number) =>
  `This business is already printing ${limit} document${limit === 1 ? '' : 's'}. Please try again in a moment.`;
export const SERVER_PRINTING = 'The server is busy printing documents. Please try again in a moment.';

/** One thread per core but the one the requests run on, at least 1 and at most 4. */
export function documentThreads(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(cores - 1, 4));
}

/**
 * The worker's entry. The built server (server/dist, plain node) runs worker.js; the sources (vitest, tsx)
 * run dev-worker.mjs, which registers tsx before importing worker.ts, with the `source` condition so the
 * domain package resolves to its TypeScript too.
 */
function workerEntry(): { filename: string; execArgv?: string[] } {
  if (import.meta.url.endsWith('.js'))
    return { filename: fileURLToPath(new URL('./worker.js', import.meta.url)) };
  const execArgv = process.execArgv.includes('--conditions=source')
    ? process.execArgv
    : [...process.execArgv, '--conditions=source'];
  return { filename: fileURLToPath(new URL('./dev-worker.mjs', import.meta.url)), execArgv };
}

type TJob = { task: TDocumentTask; resolve: (bytes: Uint8Array) => void; reject: (error: unknown) => void };
/** A business's documents: those on a thread, those waiting, and when it was last given a thread. */
type TTenantQueue = { running: number; waiting: TJob[]; servedAt: number };

/**
 * Builds PDFs and spreadsheets on worker threads (piscina), so a long document never holds up the event
 * loop's requests. The threads start with the first document. A business may have `perTenant` documents
 * built or waiting at once (per process); past that, and past `maxQueue` documents waiting over all
 * businesses, the caller gets 429 with Retry-After. A free thread goes to the waiting business that was
 * given one longest ago, so a business printing many documents does not make the others wait behind all of
 * them.
 */
export function createDocumentPool(
  options: { threads?: number; perTenant?: number; maxQueue?: number } = {},
) {
  const threads = options.threads ?? documentThreads();
  const perTenant = options.perTenant ?? DOCUMENTS_PER_TENANT;
  const maxQueue = options.maxQueue ?? DOCUMENT_QUEUE_LIMIT;
  const tenants = new Map<number, TTenantQueue>();
  let pool: Piscina | null = null;
  let running = 0;
  let waiting = 0;
  let served = 0;
  let closed = false;

  const piscina = (): Piscina =>
    (pool ??= new Piscina({ ...workerEntry(), minThreads: 1, maxThreads: threads, idleTimeout: 60_000 }));

  function release(tenantId: number, queue: TTenantQueue): void {
    queue.running -= 1;
    running -= 1;
    if (queue.running === 0 && queue.waiting.length === 0) tenants.delete(tenantId);
    next();
  }

  /** Hands free threads to the waiting businesses, the one served longest ago first. */
  function next(): void {
    while (running < threads && waiting > 0) {
      let chosen: [number, TTenantQueue] | null = null;
      for (const entry of tenants)
        if (entry[1].waiting.length > 0 && (!chosen || entry[1].servedAt < chosen[1].servedAt))
          chosen = entry;
      if (!chosen) return;
      const [tenantId, queue] = chosen;
      const job = queue.waiting.shift()!;
      waiting -= 1;
      running += 1;
      queue.running += 1;
      queue.servedAt = ++served;
      piscina()
        .run(job.task)
        .then(job.resolve, job.reject)
        .finally(() => release(tenantId, queue));
    }
  }

  const busy = (detail: string) =>
    new AppError('too_many_requests', detail, { retryAfterSeconds: RETRY_AFTER_SECONDS });

  return {
    threads,
    perTenant,

    /** The document's bytes, built on a worker thread for `tenantId`. */
    async build(tenantId: number, task: TDocumentTask): Promise<Buffer> {
      if (closed || waiting >= maxQueue) throw busy(SERVER_PRINTING);
      const queue = tenants.get(tenantId) ?? { running: 0, waiting: [], servedAt: 0 };
      if (queue.running + queue.waiting.length >= perTenant) throw busy(tenantPrintingMessage(perTenant));
      tenants.set(tenantId, queue);
      const bytes = await new Promise<Uint8Array>((resolve, reject) => {
        queue.waiting.push({ task, resolve, reject });
        waiting += 1;
        next();
      });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    /** Documents being built or waiting for a thread for `tenantId` now. */
    buildingFor(tenantId: number): number {
      const queue = tenants.get(tenantId);
      return queue ? queue.running + queue.waiting.length : 0;
    },

    /** Refuses new documents, lets those already asked for finish, and stops the threads. */
    async close(): Promise<void> {
      closed = true;
      while (running + waiting > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await pool?.close();
    },
  };
}

export type TDocumentPool = ReturnType<typeof createDocumentPool>;

/** The process's one pool: main.ts closes it after the server has finished its requests. */
export const documents = createDocumentPool();
