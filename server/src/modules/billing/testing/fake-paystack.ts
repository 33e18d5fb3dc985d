/**
 * A Paystack API on 127.0.0.1 for tests: it checks `Authorization: Bearer <secret key>` and answers
 * initialize, verify and charge_authorization as Paystack's API reference documents them
 * (`{status, message, data}`; 401 for a wrong key; 400 "Transaction reference not found").
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeTransaction = {
  id: number;
  domain: 'test';
  status: string;
  reference: string;
  amount: number;
  currency: string;
  gateway_response: string;
  paid_at: string | null;
  created_at: string;
  channel: 'card';
  metadata: unknown;
  customer: { id: number; email: string; customer_code: string };
  authorization: Record<string, unknown> | null;
};

export type TFakeRequest = { method: string; path: string; authorization: string | undefined; body: unknown };

export type TFakePaystack = {
  baseUrl: string;
  requests: TFakeRequest[];
  transactions: Map<string, TFakeTransaction>;
  /**
   * How verify answers a reference instead of its transaction: `unreachable` drops the connection (a network
   * error), `no_data` answers `{status: true}` with `data: null`.
   */
  verifyTrouble: Map<string, 'unreachable' | 'no_data'>;
  /** What the next charge_authorization answers: approved, or declined with a gateway response. */
  chargeOutcome: { status: 'success' } | { status: 'failed'; gateway_response: string };
  /** Marks a transaction paid (as a customer paying on Paystack's page would), with overrides. */
  complete(reference: string, overrides?: Partial<TFakeTransaction>): TFakeTransaction;
  close(): Promise<void>;
};

let nextId = 4_099_260_000;

export const authorizationOf = (code: string) => ({
  authorization_code: code,
  bin: '408408',
  last4: '4081',
  exp_month: '12',
  exp_year: '2030',
  channel: 'card',
  card_type: 'visa',
  bank: 'TEST BANK',
  country_code: 'NG',
  brand: 'visa',
  reusable: true,
  signature: 'SIG_test',
  account_name: null,
});

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

export async function startFakePaystack(secretKey: string): Promise<TFakePaystack> {
  const requests: TFakeRequest[] = [];
  const transactions = new Map<string, TFakeTransaction>();
  const verifyTrouble: TFakePaystack['verifyTrouble'] = new Map();
  const fake = { chargeOutcome: { status: 'success' }, verifyTrouble } as TFakePaystack;

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const path = request.url ?? '/';
      requests.push({
        method: request.method ?? 'GET',
        path,
        authorization: request.headers.authorization,
        body,
      });
      const send = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`)
        return send(401, { status: false, message: 'Invalid key' });
      const input = (body ?? {}) as Record<string, unknown>;

      if (request.method === 'POST' && path === '/transaction/initialize') {
        const reference = String(input.reference);
        const accessCode = `ac_${reference.slice(-8)}`;
        transactions.set(reference, {
          id: (nextId += 1),
          domain: 'test',
          status: 'abandoned',
          reference,
          amount: Number(input.amount),
          currency: String(input.currency ?? 'NGN'),
          gateway_response: 'The transaction was not completed',
          paid_at: null,
          created_at: new Date().toISOString(),
          channel: 'card',
          metadata: input.metadata ?? '',
          customer: { id: 92312441, email: String(input.email), customer_code: 'CUS_test' },
          authorization: null,
        });
        return send(200, {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `https://checkout.paystack.com/${accessCode}`,
            access_code: accessCode,
            reference,
          },
        });
      }

      const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(path);
      if (request.method === 'GET' && verify) {
        const reference = decodeURIComponent(verify[1]!);
        const trouble = verifyTrouble.get(reference);
        if (trouble === 'unreachable') return void request.socket.destroy();
        if (trouble === 'no_data')
          return send(200, { status: true, message: 'Verification successful', data: null });
        const transaction = transactions.get(reference);
        if (!transaction) return send(400, { status: false, message: 'Transaction reference not found' });
        return send(200, { status: true, message: 'Verification successful', data: transaction });
      }

      if (request.method === 'POST' && path === '/transaction/charge_authorization') {
        const reference = String(input.reference);
        const approved = fake.chargeOutcome.status === 'success';
        const transaction: TFakeTransaction = {
          id: (nextId += 1),
          domain: 'test',
          status: fake.chargeOutcome.status,
          reference,
          amount: Number(input.amount),
          currency: String(input.currency ?? 'NGN'),
          gateway_response: approved
            ? 'Approved'
            : (fake.chargeOutcome as { gateway_response: string }).gateway_response,
          paid_at: approved ? new Date().toISOString() : null,
          created_at: new Date().toISOString(),
          channel: 'card',
          metadata: input.metadata ?? '',
          customer: { id: 92312441, email: String(input.email), customer_code: 'CUS_test' },
          authorization: authorizationOf(String(input.authorization_code)),
        };
        transactions.set(reference, transaction);
        return send(200, { status: true, message: 'Charge attempted', data: transaction });
      }
      return send(404, { status: false, message: 'Not found' });
    })().catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    transactions,
    complete(reference: string, overrides: Partial<TFakeTransaction> = {}) {
      const transaction = transactions.get(reference);
      if (!transaction) throw new Error(`no fake transaction ${reference}`);
      Object.assign(transaction, {
        status: 'success',
        gateway_response: 'Successful',
        paid_at: new Date().toISOString(),
        authorization: authorizationOf(`AUTH_${reference.slice(-10)}`),
        ...overrides,
      });
      return transaction;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
