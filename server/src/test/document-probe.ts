/** Document builders for the pool's tests: they hold their worker thread as a long document would. */
import os from 'node:os';
import { threadId } from 'node:worker_threads';

/** Holds its thread for `ms`, then answers "label@thread". */
export function holdThread(ms: number, label: string): Uint8Array {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  return Buffer.from(`${label}@${threadId}`);
}

/** The nice value of the thread that builds it (Linux: a thread's own), as text. */
export function threadNice(): Uint8Array {
  return Buffer.from(String(os.getPriority(0)));
}
