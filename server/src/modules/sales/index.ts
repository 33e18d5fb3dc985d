/** The sales module's public face: what other modules may use (ESLint refuses the rest). */
export type { TPrintCompany } from './receipt-document.ts';
