/**
 * A document worker thread (see pool.ts): imports the module a task names and answers the bytes of its
 * builder. The builders are pure (layout data in, bytes out): no database, no request.
 */
import type { TDocumentTask } from './pool.ts';

export default async function buildDocument(task: TDocumentTask): Promise<Uint8Array> {
  if (!task.module.startsWith('file:')) throw new Error(`not a module of this server: ${task.module}`);
  const loaded = (await import(task.module)) as Record<string, unknown>;
  const builder = loaded[task.name];
  if (typeof builder !== 'function') throw new Error(`${task.module} has no document builder ${task.name}`);
  return await (builder as (...args: unknown[]) => Promise<Uint8Array> | Uint8Array)(...task.args);
}
