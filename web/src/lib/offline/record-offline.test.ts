import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes } from '../../test/fetch-routes';
import { jsonResponse, signInForTest } from '../../test/render';
import { recordsOf } from './db';
import { offlineDb } from './offline-sync';
import { recordOrQueue, submissionIds } from './record-offline';

const records = async () => recordsOf(await offlineDb(), 7);
const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

function input(idempotencyKey: string) {
  const ids = submissionIds(idempotencyKey);
  return {
    kind: 'expense' as const,
    path: '/expenses/json',
    body: { vendor_name: 'Ikeja Electric', total_amount: 4_500, ...ids },
    publicId: ids.public_id,
    idempotencyKey,
    businessDate: '2026-11-26',
    recordedAt: ids.recorded_at,
    summary: { vendor_name: 'Ikeja Electric' },
    invalidates: [['expenses']],
  };
}

beforeEach(async () => {
  signInForTest();
  localStorage.clear();
  await (await offlineDb()).clear('outbox');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('recordOrQueue', () => {
  it('keeps one public id and time per key until the record is sent or queued', () => {
    const first = submissionIds('key-1');
    expect(submissionIds('key-1')).toEqual(first);
    expect(submissionIds('key-2').public_id).not.toBe(first.public_id);
  });

  it('offline, or no answer: the same request waits in the outbox with its key', async () => {
    setOnline(false);
    const offline = await recordOrQueue(input('key-1'));
    expect(offline.queued).toBe(true);

    setOnline(true);
    const failing = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', failing);
    const sent = input('key-2');
    const unanswered = await recordOrQueue(sent);
    expect(unanswered.queued).toBe(true);
    expect(failing).toHaveBeenCalledOnce();
    expect((await records()).map((r) => [r.kind, r.idempotencyKey, r.body, r.status])).toEqual([
      ['expense', 'key-1', expect.objectContaining({ vendor_name: 'Ikeja Electric' }), 'waiting'],
      ['expense', 'key-2', sent.body, 'waiting'],
    ]);
    // Queued: the key's pair is forgotten, the next submission gets its own.
    expect(submissionIds('key-2').public_id).not.toBe(sent.publicId);
  });

  it('a record with a file the server must have first is queued at once, nothing sent', async () => {
    setOnline(true);
    const routes = fetchRoutes({ 'POST /expenses/json': jsonResponse(201, { expense_id: 9 }) });
    vi.stubGlobal('fetch', routes.fetch);
    const attachment = {
      path: '/expenses/upload-invoice',
      formField: 'invoice_file',
      fileName: 'bill.pdf',
      type: 'application/pdf',
      bytes: new ArrayBuffer(4),
      bodyField: 'invoice_file_url',
    };
    const outcome = await recordOrQueue({ ...input('key-5'), attachment });
    expect(outcome.queued).toBe(true);
    expect(routes.calls).toHaveLength(0);
    expect((await records())[0]!.attachment).toMatchObject({ fileName: 'bill.pdf' });
  });

  it('online: posts with its key and answers the server; a refusal is thrown and nothing is queued', async () => {
    setOnline(true);
    const routes = fetchRoutes({
      'POST /expenses/json': jsonResponse(201, { expense_id: 9 }),
      'POST /inventory/return-item': jsonResponse(403, { detail: 'Invalid access code' }),
    });
    vi.stubGlobal('fetch', routes.fetch);
    expect(await recordOrQueue(input('key-3'))).toEqual({ queued: false, answer: { expense_id: 9 } });
    expect(routes.calls[0]!.headers['Idempotency-Key']).toBe('key-3');
    await expect(
      recordOrQueue({ ...input('key-4'), kind: 'return', path: '/inventory/return-item' }),
    ).rejects.toThrow('Invalid access code');
    expect(await records()).toEqual([]);
  });
});
