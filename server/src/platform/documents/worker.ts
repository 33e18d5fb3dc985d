/**
 * A document worker thread (see pool.ts): imports the module a task names and answers what its export
 * answers: a document's bytes, or (the business import's unzipping) a structured answer, whose buffers the
 * export may hand over with `movable` (transfer.ts) instead of having them copied. The modules are pure (data
 * in, data out): no database, no request.
 */
import os from 'node:os';
import { DOCUMENT_THREAD_NICE } from './limits.ts';
import type { TDocumentTask } from './pool.ts';

// On Linux a thread's priority is its own; elsewhere this would lower the whole process. A sandbox that
// refuses it leaves the thread at the usual priority: documents still build.
if (process.platform === 'linux') {
  try {
    os.setPriority(0, DOCUMENT_THREAD_NICE);
  } catch {
    // keeps the usual priority
  }
}

export default async function buildDocument(task: TDocumentTask): Promise<unknown> {
  if (!task.module.startsWith('file:')) throw new Error(`not a module of this server: ${task.module}`);
  const loaded = (await import(task.module)) as Record<string, unknown>;
  const builder = loaded[task.name];
  if (typeof builder !== 'function') throw new Error(`${task.module} has no document builder ${task.name}`);
  return await (builder as (...args: unknown[]) => unknown)(...task.args);
}
