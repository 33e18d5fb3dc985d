/** The document worker's entry (worker.ts) in a sandbox that refuses to lower a thread's priority. */
import type * as NodeOs from 'node:os';
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:os', async (importOriginal) => {
  const os = await importOriginal<typeof NodeOs>();
  const refused = () => {
    throw Object.assign(new Error('setpriority EACCES'), { code: 'EACCES' });
  };
  return { ...os, default: { ...os, setPriority: refused }, setPriority: refused };
});

describe('a document thread', () => {
  it.runIf(process.platform === 'linux')(
    'still builds documents when the sandbox refuses it a lower priority',
    async () => {
      const { default: buildDocument } = await import('./worker.ts');
      const built = await buildDocument({
        module: new URL('../../test/document-probe.ts', import.meta.url).href,
        name: 'holdThread',
        args: [1, 'receipt'],
      });
      expect(Buffer.from(built as Uint8Array).toString()).toMatch(/^receipt@/);
    },
  );
});
