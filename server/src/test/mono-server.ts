import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Mono's bank-data API on loopback, as its reference documents it (docs.mono.co, v2): every call needs the
 * `mono-sec-key` header (401 without it); POST /v2/accounts/auth {code} → {status, message, timestamp,
 * data: {id}} (a code works once, for 10 minutes); GET /v2/accounts/{id} → data.account (id, name, currency,
 * type, account_number, balance, bvn, institution {name, bank_code, type}) and data.meta; GET
 * /v2/accounts/{id}/transactions?type&start&end (dd-mm-yyyy)&paginate&limit&page → data [{id, narration,
 * amount (kobo), type, balance, date, category}] and meta {total, page, previous, next}; POST
 * /v2/accounts/{id}/unlink → the account is gone.
 */
export type TFakeMonoAccount = {
  id: string;
  name: string;
  account_number: string;
  bank: string;
  bank_code: string;
};
export type TFakeMonoTransaction = {
  id: string;
  amount: number;
  type: 'credit' | 'debit';
  narration: string;
  date: string;
};

export async function startMonoServer(secretKey: string) {
  const accounts = new Map<string, TFakeMonoAccount>();
  const transactions = new Map<string, TFakeMonoTransaction[]>();
  const codes = new Map<string, { accountId: string; expiresAt: number }>();
  const requests: { method: string; url: string; key: string | undefined }[] = [];
  let failing = false;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const failed = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { status: 'failed', message, timestamp: new Date().toISOString(), data: null });
  const ok = (res: ServerResponse, message: string, data: unknown, extra: object = {}) =>
    send(res, 200, { status: 'successful', message, timestamp: new Date().toISOString(), data, ...extra });

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString() || 'null') as unknown;
    } catch {
      return null;
    }
  };

  const dayOf = (text: string | null, endOfDay: boolean) => {
    const match = text?.match(/^(\d{2})-(\d{2})-(\d{4})$/);
    if (!match) return null;
    return Date.parse(`${match[3]}-${match[2]}-${match[1]}T00:00:00Z`) + (endOfDay ? 86_399_999 : 0);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const key = req.headers['mono-sec-key'];
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      key: typeof key === 'string' ? key : undefined,
    });
    if (key !== secretKey) return failed(res, 401, 'No valid API key provided');
    if (failing) return failed(res, 503, 'Service unavailable');
    if (req.method === 'POST' && url.pathname === '/v2/accounts/auth') {
      const body = (await readBody(req)) as { code?: unknown } | null;
      const code = typeof body?.code === 'string' ? body.code : '';
      const issued = codes.get(code);
      if (!code) return failed(res, 400, 'code is required');
      if (!issued || issued.expiresAt < Date.now()) return failed(res, 400, 'Invalid or expired code');
      codes.delete(code);
      return ok(res, 'Request was succesfully completed', { id: issued.accountId });
    }
    const unlink = url.pathname.match(/^\/v2\/accounts\/([^/]+)\/unlink$/);
    if (req.method === 'POST' && unlink) {
      const id = decodeURIComponent(unlink[1]!);
      if (!accounts.delete(id)) return failed(res, 404, 'Account not found');
      return ok(res, 'Account unlinked successfully', null);
    }
    const path = url.pathname.match(/^\/v2\/accounts\/([^/]+)(\/transactions)?$/);
    const account = path ? accounts.get(decodeURIComponent(path[1]!)) : undefined;
    if (req.method !== 'GET' || !path) return failed(res, 404, 'Not found');
    if (!account) return failed(res, 404, 'Account not found');
    if (!path[2]) {
      return ok(res, 'Request was succesfully completed', {
        account: {
          id: account.id,
          name: account.name,
          currency: 'NGN',
          type: 'CURRENT ACCOUNT',
          account_number: account.account_number,
          balance: 333064,
          bvn: '0065',
          institution: { name: account.bank, bank_code: account.bank_code, type: 'BUSINESS_BANKING' },
        },
        customer: { id: 'cust_1' },
        meta: {
          data_status: 'AVAILABLE',
          auth_method: 'internet_banking',
          retrieved_data: ['balance', 'transactions'],
        },
      });
    }
    const query = url.searchParams;
    const start = dayOf(query.get('start'), false);
    const end = dayOf(query.get('end'), true);
    const type = query.get('type');
    const rows = (transactions.get(account.id) ?? [])
      .filter((t) => !type || t.type === type)
      .filter((t) => start === null || Date.parse(t.date) >= start)
      .filter((t) => end === null || Date.parse(t.date) <= end)
      .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    const paginate = query.get('paginate') !== 'false';
    const limit = paginate ? Math.max(1, Number(query.get('limit')) || 20) : rows.length || 1;
    const page = Math.max(1, Number(query.get('page')) || 1);
    const link = (n: number) => `http://127.0.0.1/v2/accounts/${account.id}/transactions?page=${n}`;
    return ok(
      res,
      'Transaction retrieved successfully',
      rows.slice((page - 1) * limit, page * limit).map((t) => ({ ...t, balance: 0, category: 'transfer' })),
      {
        meta: {
          total: rows.length,
          page,
          previous: page > 1 ? link(page - 1) : null,
          next: page * limit < rows.length ? link(page + 1) : null,
        },
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    addAccount(account: TFakeMonoAccount) {
      accounts.set(account.id, account);
      transactions.set(account.id, transactions.get(account.id) ?? []);
    },
    /** What Mono Connect's onSuccess hands the browser for this account. */
    issueCode(accountId: string, ttlMs = 10 * 60_000) {
      const code = `code_${Math.random().toString(36).slice(2)}`;
      codes.set(code, { accountId, expiresAt: Date.now() + ttlMs });
      return code;
    },
    addTransaction(accountId: string, transaction: TFakeMonoTransaction) {
      transactions.get(accountId)!.push(transaction);
    },
    setFailing(value: boolean) {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
