// The document worker when the server runs from its TypeScript sources (vitest, tsx): tsx compiles
// worker.ts and the builders it imports. The built server runs worker.js directly (see pool.ts).
import { register } from 'tsx/esm/api';

register();
const { default: buildDocument } = await import('./worker.ts');

export default buildDocument;
