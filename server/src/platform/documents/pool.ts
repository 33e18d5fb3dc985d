import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../errors.ts';

/**
 * A document a worker builds: the export `name` of the module at `module` (a file URL: the builder's own
 * `import.meta.url`), called with `args` (structured-cloneable: a Buffer arrives as a Uint8Array), answering
 * the document's bytes (`build`), or any structured-cloneable answer (`run`: the business import's unzipping).
 */
export type TDocumentTask = { module: string; name: string; args: unknown[] };

/** Documents one business may have being prepared and built at once in this process; one more is 429. */
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

type TJob = { task: TDocumentTask; resolve: (answer: unknown) => void; reject: (error: unknown) => void };
/**
 * A business's documents: the slots it holds (a request that prints holds one from before it reads its data
 * until its document is built), its documents on a thread and waiting for one, and when it was last given one.
 */
type TTenantQueue = { held: number; running: number; waiting: TJob[]; servedAt: number };

/** One document's place: taken before its data is read, so a refusal costs no database work. */
export type TDocumentSlot = {
  /** The document's bytes, built on a worker thread. */
  build: (task: TDocumentTask) => Promise<Buffer>;
  /** The task's answer as its worker gave it (`T` is what the module's export answers). */
  run: <T>(task: TDocumentTask) => Promise<T>;
  /** Gives the place back (after the document is built, or when the request fails before). */
  release: () => void;
};

/**
 * Builds PDFs and spreadsheets on worker threads (piscina), so a long document never holds up the event
 * loop's requests. The threads start with the first document. A business may hold `perTenant` slots at once
 * (per process); past that, and past `maxQueue` documents waiting for a thread over all businesses, the
 * caller gets 429 with Retry-After. A free thread goes to the waiting business that was given one longest
 * ago, so a business printing many documents does not make the others wait behind all of them.
 */
export function createDocumentPool(
  options: { threads?: number; perTenant?: number; maxQueue?: number } = {},
) {
  const threads = options.threads ?? documentThreads();
  const perTenant = options.perTenant ?? DOCUMENTS_PER_TENANT;
  const maxQueue = options.maxQueue ?? DOCUMENT_QUEUE_LIMIT;
  const tenants = new Map<number, TTenantQueue>();
  let pool: Piscina | null = null;
  let held = 0;
  let running = 0;
  let served = 0;
  let closed = false;

  const piscina = (): Piscina =>
    (pool ??= new Piscina({ ...workerEntry(), minThreads: 1, maxThreads: threads, idleTimeout: 60_000 }));

  function forget(tenantId: number, queue: TTenantQueue): void {
    if (queue.held === 0 && queue.running === 0 && queue.waiting.length === 0) tenants.delete(tenantId);
  }

  /** Hands free threads to the waiting businesses, the one served longest ago first. */
  function next(): void {
    while (running < threads) {
      let chosen: [number, TTenantQueue] | null = null;
      for (const entry of tenants)
        if (entry[1].waiting.length > 0 && (!chosen || entry[1].servedAt < chosen[1].servedAt))
          chosen = entry;
      if (!chosen) return;
      const [tenantId, queue] = chosen;
      const job = queue.waiting.shift()!;
      running += 1;
      queue.running += 1;
      queue.servedAt = ++served;
      piscina()
        .run(job.task)
        .then(job.resolve, job.reject)
        .finally(() => {
          queue.running -= 1;
          running -= 1;
          forget(tenantId, queue);
          next();
        });
    }
  }

  const busy = (detail: string) =>
    new AppError('too_many_requests', detail, { retryAfterSeconds: RETRY_AFTER_SECONDS });

  /** `busyDetail`: the 429's words for work that is not printing (the import). */
  function slot(tenantId: number, busyDetail?: string): TDocumentSlot {
    if (closed || held - running >= maxQueue) throw busy(busyDetail ?? SERVER_PRINTING);
    const queue = tenants.get(tenantId) ?? { held: 0, running: 0, waiting: [], servedAt: 0 };
    if (queue.held >= perTenant) throw busy(busyDetail ?? tenantPrintingMessage(perTenant));
    tenants.set(tenantId, queue);
    queue.held += 1;
    held += 1;
    let released = false;
    const run = <T>(task: TDocumentTask) =>
      new Promise<T>((resolve, reject) => {
        queue.waiting.push({ task, resolve: (answer) => resolve(answer as T), reject });
        next();
      });
    return {
      async build(task) {
        const bytes = await run<Uint8Array>(task);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      },
      run,
      release() {
        if (released) return;
        released = true;
        queue.held -= 1;
        held -= 1;
        forget(tenantId, queue);
      },
    };
  }

  /** Runs `work` (read the document's data, then build it) holding one of the business's slots. */
  async function withSlot<T>(
    tenantId: number,
    work: (slot: TDocumentSlot) => Promise<T>,
    busyDetail?: string,
  ): Promise<T> {
    const place = slot(tenantId, busyDetail);
    try {
      return await work(place);
    } finally {
      place.release();
    }
  }

  return {
    threads,
    perTenant,
    slot,
    withSlot,

    /** The document's bytes, built on a worker thread for `tenantId` in a slot of its own. */
    build(tenantId: number, task: TDocumentTask): Promise<Buffer> {
      return withSlot(tenantId, (place) => place.build(task));
    },

    /** The task's answer, run on a worker thread for `tenantId` in a slot of its own (`busyDetail`: see slot). */
    run<T>(tenantId: number, task: TDocumentTask, busyDetail?: string): Promise<T> {
      return withSlot(tenantId, (place) => place.run<T>(task), busyDetail);
    },

    /** Slots `tenantId` holds now: documents being prepared, built or waiting for a thread. */
    buildingFor(tenantId: number): number {
      return tenants.get(tenantId)?.held ?? 0;
    },

    /** Refuses new documents, lets those already asked for finish, and stops the threads. */
    async close(): Promise<void> {
      closed = true;
      while (held > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await pool?.close();
    },
  };
}

export type TDocumentPool = ReturnType<typeof createDocumentPool>;

/** The process's one pool: main.ts closes it after the server has finished its requests. */
export const documents = createDocumentPool();
