import { settingsKeys } from './settings-keys';

/** Query keys of Settings → Bank & POS. */
export const bankPosKeys = {
  all: () => [...settingsKeys.all, 'bank-pos'] as const,
  linkedAccounts: () => [...bankPosKeys.all(), 'linked-accounts'] as const,
  monoConfig: () => [...bankPosKeys.all(), 'mono-config'] as const,
  testBanks: () => [...bankPosKeys.all(), 'test-banks'] as const,
};
