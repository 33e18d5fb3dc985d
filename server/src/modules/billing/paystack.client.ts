/**
 * Paystack's transaction API as this product uses it (initialize, verify, charge a saved card), and the
 * webhook signature. Two providers answer it: Paystack itself over HTTP when PAYSTACK_SECRET_KEY is set,
 * and the embedded sandbox (paystack-sandbox.ts) otherwise. Both answer in Paystack's documented shapes,
 * so the billing service reads them the same way.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A transaction as Paystack's verify and charge_authorization answer it (`data`), the fields we read. */
export type TPaystackTransaction = {
  id: number;
  status: string;
  reference: string;
  /** In kobo. */
  amount: number;
  currency: string;
  gateway_response: string | null;
  paid_at: string | null;
  created_at?: string | null;
  customer: { email: string; [field: string]: unknown } | null;
  authorization: { authorization_code: string; reusable: boolean; [field: string]: unknown } | null;
};

export type TPaystackInitialized = { authorization_url: string; access_code: string; reference: string };

export type TInitializeInput = {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
};

export type TChargeInput = {
  email: string;
  amountKobo: number;
  authorizationCode: string;
  reference: string;
  metadata: Record<string, unknown>;
};

export type TPaystackApi = {
  initialize(input: TInitializeInput): Promise<TPaystackInitialized>;
  verify(reference: string): Promise<TPaystackTransaction>;
  chargeAuthorization(input: TChargeInput): Promise<TPaystackTransaction>;
  /** The key webhooks are signed with. */
  webhookSecret: string;
};

/** Paystack answered `status: false`, an error status, or nothing usable. */
export class PaystackError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 20_000;

type TEnvelope<T> = { status: boolean; message: string; data?: T };

/** Paystack over HTTPS: `Authorization: Bearer <secret key>`, JSON `{status, message, data}` answers. */
export function createPaystackClient(options: { secretKey: string; baseUrl: string }): TPaystackApi {
  async function request<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new PaystackError('The card payment provider could not be reached', null);
    }
    const envelope = (await response.json().catch(() => null)) as TEnvelope<T> | null;
    if (!response.ok || !envelope || envelope.status !== true) {
      const message =
        envelope && typeof envelope.message === 'string' && envelope.message
          ? envelope.message
          : `The card payment provider answered ${response.status}`;
      throw new PaystackError(message, response.status);
    }
    // A success without its data (`data` missing or null) is nothing usable either.
    if (typeof envelope.data !== 'object' || envelope.data === null)
      throw new PaystackError('no data in its answer', response.status);
    return envelope.data;
  }

  return {
    webhookSecret: options.secretKey,
    initialize: (input) =>
      request<TPaystackInitialized>('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountKobo,
        currency: 'NGN',
        reference: input.reference,
        callback_url: input.callbackUrl,
        channels: ['card'],
        metadata: input.metadata,
      }),
    verify: (reference) =>
      request<TPaystackTransaction>('GET', `/transaction/verify/${encodeURIComponent(reference)}`),
    chargeAuthorization: (input) =>
      request<TPaystackTransaction>('POST', '/transaction/charge_authorization', {
        email: input.email,
        amount: input.amountKobo,
        currency: 'NGN',
        authorization_code: input.authorizationCode,
        reference: input.reference,
        metadata: input.metadata,
      }),
  };
}

/** The `x-paystack-signature` of a webhook body: HMAC-SHA512 of the raw bytes with the secret, in hex. */
export function webhookSignature(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/** Whether a webhook's signature header is the one its raw body and our secret give (constant time). */
export function isWebhookSignatureValid(
  rawBody: Buffer,
  header: string | string[] | undefined,
  secret: string,
): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(webhookSignature(rawBody, secret), 'hex');
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}
