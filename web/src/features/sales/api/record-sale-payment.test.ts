import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSalePaymentRequest } from '@app/domain/schemas/sales';
import { recordsOf } from '../../../lib/offline/db';
import { offlineDb } from '../../../lib/offline/offline-sync';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, signInForTest } from '../../../test/render';
import { PAYMENT_QUEUED_MESSAGE, recordSalePayment } from './record-sale-payment';

const BODY: TSalePaymentRequest = {
  amount: 5_000,
  payment_method: 'cash',
  payment_date: '2026-11-26',
  notes: null,
};
const records = async () => recordsOf(await offlineDb(), 7);

beforeEach(async () => {
  signInForTest();
  await (await offlineDb()).clear('outbox');
});
afterEach(() => vi.restoreAllMocks());

describe('recordSalePayment', () => {
  it('offline or without an answer: the payment waits in the outbox with its key', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = await recordSalePayment({ saleId: 12, body: BODY, idempotencyKey: 'pay-1' });
    expect(offline).toMatchObject({ message: PAYMENT_QUEUED_MESSAGE, sale: null });

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await recordSalePayment({ saleId: 13, body: BODY, idempotencyKey: 'pay-2' });
    expect((await records()).map((r) => [r.kind, r.path, r.idempotencyKey, r.body])).toEqual([
      ['sale_payment', '/sales/12/payments', 'pay-1', BODY],
      ['sale_payment', '/sales/13/payments', 'pay-2', BODY],
    ]);
  });

  it('online: posts with its key; a refusal is the form’s to show', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const routes = fetchRoutes({
      'POST /sales/12/payments': jsonResponse(200, { success: true, message: 'ok', sale: { sale_id: 12 } }),
      'POST /sales/13/payments': jsonResponse(422, { detail: 'Payment exceeds the outstanding balance' }),
    });
    vi.stubGlobal('fetch', routes.fetch);
    expect(await recordSalePayment({ saleId: 12, body: BODY, idempotencyKey: 'pay-3' })).toMatchObject({
      sale: { sale_id: 12 },
    });
    expect(routes.calls[0]!.headers['Idempotency-Key']).toBe('pay-3');
    await expect(recordSalePayment({ saleId: 13, body: BODY, idempotencyKey: 'pay-4' })).rejects.toThrow(
      'exceeds',
    );
    expect(await records()).toEqual([]);
  });
});
