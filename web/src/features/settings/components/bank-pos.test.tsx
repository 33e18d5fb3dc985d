import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TLinkedAccount } from '@app/domain/schemas/bank';
import { fetchRoutes } from '../../../test/fetch-routes';
import { jsonResponse, renderWithProviders, signInForTest } from '../../../test/render';
import { BankPos } from './bank-pos';
import {
  loadMonoConnect,
  MONO_CONNECT_URLS,
  MONO_LOAD_FAILED,
  MONO_NOT_LOADED,
} from './bank-pos-mono-connect';

const gtb: TLinkedAccount = {
  account_id: 7,
  bank_name: 'GTBank (Test)',
  account_name: 'Ada Stores (Current)',
  account_number: '1100000042',
  currency: 'NGN',
  mono_account_id: 'sbx_42_gtb_1',
  linked_at: '2026-11-26T09:00:00.000Z',
};
const testBanks = [
  {
    bank_key: 'gtb',
    bank_name: 'GTBank (Test)',
    accounts: [
      { test_account_key: 'gtb-1', account_name: 'Ada Stores (Current)', account_number: '1100000042' },
    ],
  },
];

beforeEach(() => signInForTest('md'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings → Bank & POS', () => {
  it('says linking is Pro before the access code and the widget, on the free plan', async () => {
    vi.stubGlobal(
      'fetch',
      fetchRoutes({
        'GET /settings/mono/config': jsonResponse(200, { mode: 'test', public_key: null }),
        'GET /settings/linked-accounts': jsonResponse(200, []),
        'GET /dashboard/subscription-status': jsonResponse(200, {
          plan: 'free',
          is_active: true,
          expires_at: null,
          created_at: '2026-11-01T00:00:00Z',
          transaction_count: 2,
          transaction_limit: 10,
          transactions_remaining: 8,
        }),
      }).fetch,
    );
    renderWithProviders(<BankPos />);
    expect((await screen.findByRole('note')).textContent).toBe(
      'Bank and POS linking is a Pro feature. Upgrade to Pro to use it.',
    );
    const button = screen.getByRole('button', { name: 'Link a test bank account' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('asks for the access code, links through the TEST widget, and disconnects only after confirming', async () => {
    let accounts: TLinkedAccount[] = [];
    const server = fetchRoutes({
      'GET /settings/mono/config': jsonResponse(200, { mode: 'test', public_key: null }),
      'GET /settings/linked-accounts': () => jsonResponse(200, accounts),
      'GET /settings/mono/test-banks': jsonResponse(200, testBanks),
      'POST /settings/mono/test-code': jsonResponse(200, { code: 'test_code_abc.sig' }),
      'POST /settings/mono/link': () => {
        accounts = [gtb];
        return jsonResponse(200, { msg: 'Account linked successfully', account: gtb });
      },
      'DELETE /settings/linked-accounts/7': () => {
        accounts = [];
        return jsonResponse(200, { msg: 'Account disconnected' });
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<BankPos />);
    expect(await screen.findByText('No bank account linked yet.')).toBeTruthy();
    expect(screen.getByText('TEST MODE')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Link a test bank account' }));
    expect(await screen.findByText('Please enter your access code')).toBeTruthy();
    expect(server.calls.some((call) => call.url.pathname.includes('test-code'))).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Access code/), { target: { value: '4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link a test bank account' }));
    const widget = await screen.findByRole('dialog');
    expect(within(widget).getByText('TEST')).toBeTruthy();
    fireEvent.click(await within(widget).findByRole('radio', { name: /Ada Stores \(Current\)/ }));
    fireEvent.click(within(widget).getByRole('button', { name: 'Connect test account' }));
    expect(await screen.findByLabelText('GTBank (Test) 1100000042')).toBeTruthy();
    const link = server.calls.find((call) => call.url.pathname === '/api/settings/mono/link');
    expect(link?.body).toEqual({ code: 'test_code_abc.sig', access_code: '4321' });

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect GTBank (Test) 1100000042' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disconnect account' });
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(screen.getByText('No bank account linked yet.')).toBeTruthy());
  });

  it('is the MD’s alone', () => {
    signInForTest('employee', ['settings.page.access']);
    renderWithProviders(<BankPos />);
    expect(screen.getByText('Only the MD can link bank accounts.')).toBeTruthy();
  });
});

describe('loading Mono Connect', () => {
  it('tries both addresses and says the network failed when neither loads', async () => {
    const tried: string[] = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      const script = node as HTMLScriptElement;
      tried.push(script.src);
      queueMicrotask(() => script.onerror?.(new Event('error')));
      return node;
    });
    await expect(loadMonoConnect()).rejects.toThrow(MONO_LOAD_FAILED);
    expect(tried).toEqual([...MONO_CONNECT_URLS]);
  });

  it('says the script is not loaded when it loads but Mono Connect never appears within 10 s', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
        queueMicrotask(() => (node as HTMLScriptElement).onload?.(new Event('load')));
        return node;
      });
      const loading = loadMonoConnect();
      const outcome = expect(loading).rejects.toThrow(MONO_NOT_LOADED);
      await vi.advanceTimersByTimeAsync(10_100);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });
});
