import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TSyncState } from '../lib/offline/sync-engine';
import { renderWithProviders } from '../test/render';
import { logoutWarning, SyncStatus } from './sync-status';

const state = (patch: Partial<TSyncState>): TSyncState => ({
  online: true,
  userId: 7,
  records: [],
  waiting: 0,
  needsAttention: 0,
  syncing: false,
  paused: false,
  lastSyncAt: null,
  ...patch,
});

describe('SyncStatus', () => {
  it('warns before a logout only while records wait, counting the refused ones too', () => {
    expect(logoutWarning(state({}))).toBeNull();
    expect(logoutWarning(state({ waiting: 1 }))).toBe(
      '1 record is waiting to sync on this device; they will be kept for you and sent when you sign in again.',
    );
    expect(logoutWarning(state({ waiting: 2, needsAttention: 1 }))).toMatch(/^3 records are waiting to sync/);
  });

  it('says whether the device is online', async () => {
    renderWithProviders(<SyncStatus />);
    expect(await screen.findByRole('button', { name: 'Sync status: Online' })).toBeTruthy();
  });
});
