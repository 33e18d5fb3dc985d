import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TSyncState } from '../lib/offline/sync-engine';
import { offlineSync } from '../lib/offline/offline-sync';
import { fetchRoutes } from '../test/fetch-routes';
import { fakeToken, jsonResponse, renderWithProviders, signInForTest } from '../test/render';
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

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const queueExpense = (name: string) =>
  offlineSync.enqueue({
    kind: 'expense',
    method: 'POST',
    path: '/expenses/json',
    body: { vendor_name: 'Ikeja Electric' },
    publicId: `p-${name}`,
    idempotencyKey: `k-${name}`,
    businessDate: '2026-11-26',
    recordedAt: '2026-11-26T09:00:00.000Z',
    summary: {},
    invalidates: [],
  });

/** An expense the server refuses, queued and sent once: it needs attention. */
async function refusedExpense() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  const detail = 'You do not have permission to access this resource';
  vi.stubGlobal('fetch', fetchRoutes({ 'POST /expenses/json': jsonResponse(403, { detail }) }).fetch);
  await queueExpense('refused');
  await offlineSync.syncNow(true);
  expect(offlineSync.getState().needsAttention).toBe(1);
  return detail;
}

describe('SyncStatus', () => {
  it('warns before a logout while records wait, and says the refused ones need attention', () => {
    expect(logoutWarning(state({}))).toBeNull();
    expect(logoutWarning(state({ waiting: 1 }))).toBe(
      '1 record is waiting to sync on this device; it will be kept for you and sent when you sign in again.',
    );
    expect(logoutWarning(state({ waiting: 2, needsAttention: 1 }))).toBe(
      '2 records are waiting to sync on this device; they will be kept for you and sent when you sign in again.\n' +
        '1 record was refused by the server and needs your attention; it stays on this device until you send ' +
        'it again or discard it.',
    );
  });

  it('says whether the device is online', async () => {
    renderWithProviders(
      <MemoryRouter>
        <SyncStatus />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Sync status: Online' })).toBeTruthy();
  });

  it('says when the device last synced, once it has', async () => {
    signInForTest();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      fetchRoutes({ 'POST /expenses/json': jsonResponse(201, { expense_id: 1 }) }).fetch,
    );
    await queueExpense('synced');
    await offlineSync.syncNow(true);
    const at = new Date(offlineSync.getState().lastSyncAt!).toLocaleTimeString('en-NG', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Africa/Lagos',
    });
    renderWithProviders(
      <MemoryRouter>
        <SyncStatus />
      </MemoryRouter>,
    );
    const button = await screen.findByRole('button', { name: `Sync status: Online · last sync ${at}` });
    expect(button.textContent).toContain(`synced ${at}`);
    // The time shows on a phone too: only the word "synced" is hidden below the sm breakpoint.
    const phoneHidden = [...button.querySelectorAll('[class*="visible-from"]')].map((e) => e.textContent);
    expect(phoneHidden.join('')).not.toContain(at);
  });

  it('names a refused record and where to deal with it', async () => {
    signInForTest('employee', ['expenses.page.access']);
    const detail = await refusedExpense();
    renderWithProviders(
      <MemoryRouter>
        <SyncStatus />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Sync status/ }));
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Expenses' }).getAttribute('href')).toBe(
      '/dashboard/expenses',
    );
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
    await offlineSync.discard(offlineSync.getState().records[0]!.seq);
  });

  it('lets a user whose screen was taken away discard a refused record there', async () => {
    signInForTest('employee', ['sales.page.access']);
    await refusedExpense();
    renderWithProviders(
      <MemoryRouter>
        <SyncStatus />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Sync status/ }));
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(offlineSync.getState().records).toEqual([]));
    expect(offlineSync.getState().needsAttention).toBe(0);
  });

  it('asks for a sign-in while the session is kept only for offline work', async () => {
    signInForTest('md', [], fakeToken({ sub: '7', exp: Math.floor(Date.now() / 1000) - 3600 }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    offlineSync.setOnline(false);
    await queueExpense('kept');
    renderWithProviders(
      <MemoryRouter>
        <SyncStatus />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Sync status: Offline · 1 waiting/ }));
    expect(await screen.findByText('Sign in again to send them')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync now' }).hasAttribute('disabled')).toBe(true);
    await offlineSync.discard(offlineSync.getState().records[0]!.seq);
    offlineSync.setOnline(true);
  });
});
