import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fetchRoutes } from '../../test/fetch-routes';
import { fakeToken, jsonResponse, signInForTest } from '../../test/render';
import { recordsOf } from './db';
import { api } from '../api-client';
import { offlineDb, offlineSync, startOfflineSync, withOfflineFallback } from './offline-sync';

const records = async () => recordsOf(await offlineDb(), 7);

const signInExpired = () =>
  signInForTest('md', [], fakeToken({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 }));

let stop: (() => void) | null = null;
beforeEach(async () => {
  signInForTest();
  await (await offlineDb()).clear('outbox');
  await offlineSync.resume();
});
afterEach(() => {
  stop?.();
  stop = null;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('an expired session', () => {
  it('keeps the queued records, sends nothing, and the next sign-in sends them once', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const routes = fetchRoutes({
      'POST /expenses/json': jsonResponse(201, { expense_id: 1 }),
      // The reference data the shell keeps fresh: refused here, which keeps nothing.
    });
    vi.stubGlobal('fetch', routes.fetch);
    signInExpired();
    await offlineSync.enqueue({
      kind: 'expense',
      method: 'POST',
      path: '/expenses/json',
      body: { vendor_name: 'Ikeja Electric' },
      publicId: 'p-1',
      idempotencyKey: 'k-1',
      businessDate: '2026-11-26',
      recordedAt: '2026-11-26T09:00:00.000Z',
      summary: {},
      invalidates: [],
    });
    await offlineSync.syncNow(true);
    expect(offlineSync.getState()).toMatchObject({ syncing: false, waiting: 1 });
    expect(routes.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect((await records()).map((record) => record.status)).toEqual(['waiting']);

    // The login screen is outside the shell: the user signs in again, then the shell starts.
    signInForTest();
    stop = startOfflineSync(new QueryClient());
    await vi.waitFor(async () => expect(await records()).toEqual([]));
    const posts = routes.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.headers['Idempotency-Key'])).toEqual(['k-1']);
    expect(offlineSync.getState()).toMatchObject({ paused: false, waiting: 0 });
  });
});

describe('the reference data for selling offline', () => {
  const referenceCalls = (calls: { method: string; url: URL }[]) =>
    calls.filter((call) => call.method === 'GET' && call.url.pathname.startsWith('/api/sales/'));

  it('is fetched for a user who may open the Sales screen', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const routes = fetchRoutes({ 'GET /sales/warehouses': jsonResponse(200, []) });
    vi.stubGlobal('fetch', routes.fetch);
    signInForTest('employee', ['sales.page.access']);
    stop = startOfflineSync(new QueryClient());
    await vi.waitFor(() =>
      expect(referenceCalls(routes.calls).map((call) => call.url.pathname)).toEqual([
        '/api/sales/warehouses',
        '/api/sales/customers',
        '/api/sales/company',
        '/api/sales/pending',
      ]),
    );
  });

  it('is not asked for by an employee without the Sales screen, whose every call would be refused', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const routes = fetchRoutes({});
    vi.stubGlobal('fetch', routes.fetch);
    signInForTest('employee', ['inventory.page.access']);
    stop = startOfflineSync(new QueryClient());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(referenceCalls(routes.calls)).toEqual([]);
  });
});

describe('whether the server can be reached', () => {
  it('follows the calls: a call with no answer means offline, an answered one online again', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/sales/company')).rejects.toThrow();
    expect(offlineSync.getState().online).toBe(false);

    // A refusal is an answer too.
    vi.stubGlobal('fetch', fetchRoutes({}).fetch);
    await expect(api.get('/sales/company')).rejects.toThrow();
    expect(offlineSync.getState().online).toBe(true);
  });

  it('counts a read left without an answer as a silent server, and its late answer as the server back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    offlineSync.setOnline(true);
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const read = (timeoutMs: number) =>
      withOfflineFallback(
        () => api.get<string[]>('/sales/warehouses'),
        async () => ['kept on the device'],
        timeoutMs,
      );
    await expect(read(50)).resolves.toEqual(['kept on the device']);
    expect(offlineSync.getState().online).toBe(false);

    // The next read does not wait for another silence.
    await expect(read(60_000)).resolves.toEqual(['kept on the device']);
    expect(fetch).toHaveBeenCalledTimes(1);

    answer(jsonResponse(200, []));
    await vi.waitFor(() => expect(offlineSync.getState().online).toBe(true));
  });

  it('is asked again every 30 s while the server was silent on a working network', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      offlineSync.setOnline(false);
      const routes = fetchRoutes({ 'GET /': jsonResponse(200, { status: 'ok' }) });
      vi.stubGlobal('fetch', routes.fetch);
      stop = startOfflineSync(new QueryClient());
      expect(offlineSync.getState().online).toBe(false);
      vi.advanceTimersByTime(30_000);
      await vi.waitFor(() => expect(offlineSync.getState().online).toBe(true));
      expect(routes.calls.some((call) => call.url.pathname === '/api/')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
