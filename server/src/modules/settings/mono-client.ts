/**
 * Mono's bank-data API (https://docs.mono.co, v2), the calls bank linking and transfer checks need:
 * POST /v2/accounts/auth (the Connect widget's code → the account id), GET /v2/accounts/{id} (the account's
 * details), GET /v2/accounts/{id}/transactions (credits in a date range, page by page) and POST
 * /v2/accounts/{id}/unlink (on disconnect). Amounts are kobo.
 * The client speaks to a transport: Mono over HTTP with the secret key, or the embedded test stand-in
 * (mono-sandbox.ts), which answers the same routes in the same shapes.
 */
import { z } from 'zod';

export type TMonoRequest = {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
};
export type TMonoResponse = { status: number; body: unknown };
export type TMonoTransport = (request: TMonoRequest) => Promise<TMonoResponse>;

/** A refused or failed call: `status` is Mono's HTTP status (0 when Mono could not be reached). */
export class MonoError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 15_000;

/** Mono over HTTP: every call carries the app's secret key in `mono-sec-key`. */
export function monoHttpTransport(options: {
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
}): TMonoTransport {
  return async (request) => {
    const url = new URL(`${options.baseUrl}${request.path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method,
        headers: {
          'mono-sec-key': options.secretKey,
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new MonoError(0, 'Mono could not be reached');
    }
    return { status: response.status, body: parsedJson(await response.text()) };
  };
}

/** A body as JSON, or null when it is not JSON (a proxy's error page). */
function parsedJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

const ZFailure = z.object({ message: z.string() }).partial();
const ZExchanged = z.object({ data: z.object({ id: z.string().min(1) }) });
const ZDetails = z.object({
  data: z.object({
    account: z.object({
      id: z.string().min(1),
      name: z.string(),
      currency: z.string().nullish(),
      account_number: z.string(),
      institution: z.object({ name: z.string(), bank_code: z.string().nullish() }),
    }),
  }),
});
const ZTransaction = z.object({
  id: z.string().optional(),
  _id: z.string().optional(),
  amount: z.number(),
  type: z.string(),
  narration: z.string().nullish(),
  date: z.string(),
});
const ZTransactions = z.object({
  data: z.array(ZTransaction),
  meta: z.object({ next: z.string().nullish() }).partial().nullish(),
});

export type TMonoAccount = {
  id: string;
  name: string;
  accountNumber: string;
  currency: string;
  bankName: string;
  bankCode: string | null;
};
export type TMonoCredit = { id: string; amountKobo: number; narration: string | null; date: Date };

/** The most transaction pages one look-up reads (a week of a busy shop's credits fits many times over). */
const MAX_PAGES = 20;
const PAGE_SIZE = 100;

/** dd-mm-yyyy, the date form Mono's transaction filters take. */
function monoDate(instant: Date): string {
  const iso = instant.toISOString().slice(0, 10);
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

export function createMonoClient(transport: TMonoTransport) {
  async function send<T>(request: TMonoRequest, shape: z.ZodType<T>): Promise<T> {
    const { status, body } = await transport(request);
    if (status < 200 || status >= 300) {
      const failure = ZFailure.safeParse(body);
      throw new MonoError(status, (failure.success && failure.data.message) || `Mono answered ${status}`);
    }
    const parsed = shape.safeParse(body);
    if (!parsed.success) throw new MonoError(502, 'Mono answered in an unexpected shape');
    return parsed.data;
  }

  return {
    /** The Connect widget's one-time code (valid 10 minutes) → the account's permanent id. */
    async exchangeCode(code: string): Promise<string> {
      const answer = await send({ method: 'POST', path: '/v2/accounts/auth', body: { code } }, ZExchanged);
      return answer.data.id;
    },

    async account(accountId: string): Promise<TMonoAccount> {
      const { data } = await send(
        { method: 'GET', path: `/v2/accounts/${encodeURIComponent(accountId)}` },
        ZDetails,
      );
      return {
        id: data.account.id,
        name: data.account.name,
        accountNumber: data.account.account_number,
        currency: data.account.currency ?? 'NGN',
        bankName: data.account.institution.name,
        bankCode: data.account.institution.bank_code ?? null,
      };
    },

    /** Ends Mono's access to the account (its data and authorisation there are deleted). */
    async unlink(accountId: string): Promise<void> {
      await send(
        { method: 'POST', path: `/v2/accounts/${encodeURIComponent(accountId)}/unlink` },
        z.unknown(),
      );
    },

    /**
     * The account's credits dated from `from` to `to` (inclusive): Mono filters by whole days, so the days
     * are asked for and the instants kept here; every page is read (up to MAX_PAGES).
     */
    async credits(accountId: string, range: { from: Date; to: Date }): Promise<TMonoCredit[]> {
      const credits: TMonoCredit[] = [];
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const answer = await send(
          {
            method: 'GET',
            path: `/v2/accounts/${encodeURIComponent(accountId)}/transactions`,
            query: {
              type: 'credit',
              start: monoDate(range.from),
              end: monoDate(range.to),
              paginate: 'true',
              limit: String(PAGE_SIZE),
              page: String(page),
            },
          },
          ZTransactions,
        );
        for (const row of answer.data) {
          const id = row.id ?? row._id;
          const date = new Date(row.date);
          if (!id || row.type !== 'credit' || Number.isNaN(date.getTime())) continue;
          if (date < range.from || date > range.to) continue;
          credits.push({ id, amountKobo: row.amount, narration: row.narration ?? null, date });
        }
        if (!answer.meta?.next || answer.data.length === 0) break;
      }
      return credits;
    },
  };
}

export type TMonoClient = ReturnType<typeof createMonoClient>;
