/** The inventory module's public face: what other modules may use (ESLint refuses the rest). */
export { createItemsRepository, type TItem } from './items.repository.ts';
export {
  createLedger,
  LEDGER_WRITES,
  lockedItemsMember,
  NO_LEDGER_WRITES,
  type TLedgerWrites,
  type TLedger,
  type TLockedItem,
} from './ledger.repository.ts';
export { assertNotFuture, createStockScope } from './stock-scope.ts';
