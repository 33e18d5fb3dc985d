/**
 * The embedded stand-in for Paystack when no PAYSTACK_SECRET_KEY is set: it keeps its transactions in
 * `sandbox_card_transactions` and answers initialize, verify and charge_authorization in Paystack's
 * shapes. Its checkout is a page of our own (test-checkout.page.ts): Pay completes the transaction and
 * produces the `charge.success` event Paystack would send, which the caller signs and posts to the one
 * webhook route; Cancel marks it abandoned. The billing service cannot tell it from Paystack.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.ts';
import { sandboxCardTransactions } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { PaystackError, type TPaystackApi, type TPaystackTransaction } from './paystack.client.ts';

type TSandboxRow = typeof sandboxCardTransactions.$inferSelect;

export type TSandboxCheckout = {
  reference: string;
  amountKobo: number;
  email: string;
  status: TSandboxRow['status'];
  planName: string | null;
};

/** The path of a sandbox transaction's checkout page (its authorization URL without the origin). */
export const testCheckoutPath = (reference: string) =>
  `/api/billing/test-checkout/${encodeURIComponent(reference)}`;

/** The sandbox's webhook secret, one per install: derived from the install's own JWT secret. */
export function sandboxWebhookSecret(installSecret: string): string {
  return createHmac('sha256', installSecret).update('paystack-sandbox-webhook').digest('hex');
}

function transactionOf(row: TSandboxRow): TPaystackTransaction & Record<string, unknown> {
  const paid = row.status === 'success';
  return {
    id: Math.floor(row.createdAt.getTime() / 1000),
    domain: 'test',
    status: row.status,
    reference: row.reference,
    amount: row.amountKobo,
    message: null,
    gateway_response: paid
      ? 'Successful'
      : row.status === 'abandoned'
        ? 'The transaction was not completed'
        : null,
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    channel: 'card',
    currency: row.currency,
    metadata: row.metadata ? (JSON.parse(row.metadata) as unknown) : '',
    fees: 0,
    customer: { email: row.email },
    authorization:
      paid && row.authorizationCode
        ? {
            authorization_code: row.authorizationCode,
            bin: '408408',
            last4: '4081',
            exp_month: '12',
            exp_year: '2030',
            channel: 'card',
            card_type: 'visa DEBIT',
            bank: 'TEST BANK',
            country_code: 'NG',
            brand: 'visa',
            reusable: true,
          }
        : null,
  };
}

export function createPaystackSandbox(deps: { db: Database; installSecret: string }) {
  const { db } = deps;

  async function find(reference: string): Promise<TSandboxRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxCardTransactions)
      .where(eq(sandboxCardTransactions.reference, reference));
    return row;
  }

  const api: TPaystackApi = {
    webhookSecret: sandboxWebhookSecret(deps.installSecret),

    async initialize(input) {
      await db.insert(sandboxCardTransactions).values({
        reference: input.reference,
        amountKobo: input.amountKobo,
        currency: 'NGN',
        email: input.email,
        metadata: JSON.stringify(input.metadata),
      });
      return {
        authorization_url: `${new URL(input.callbackUrl).origin}${testCheckoutPath(input.reference)}`,
        access_code: input.reference,
        reference: input.reference,
      };
    },

    async verify(reference) {
      const row = await find(reference);
      if (!row) throw new PaystackError('Transaction reference not found', 400);
      return transactionOf(row);
    },

    async chargeAuthorization(input) {
      const [card] = await db
        .select()
        .from(sandboxCardTransactions)
        .where(
          and(
            eq(sandboxCardTransactions.authorizationCode, input.authorizationCode),
            eq(sandboxCardTransactions.status, 'success'),
            sql`lower(${sandboxCardTransactions.email}) = lower(${input.email})`,
          ),
        )
        .limit(1);
      if (!card) throw new PaystackError('Invalid authorization code', 400);
      const [row] = await db
        .insert(sandboxCardTransactions)
        .values({
          reference: input.reference,
          amountKobo: input.amountKobo,
          currency: 'NGN',
          email: input.email,
          status: 'success',
          authorizationCode: input.authorizationCode,
          metadata: JSON.stringify(input.metadata),
          paidAt: new Date(),
        })
        .returning();
      return transactionOf(row!);
    },
  };

  /** What the checkout page shows; 404 for a reference the sandbox never issued. */
  async function checkout(reference: string): Promise<TSandboxCheckout> {
    const row = await find(reference);
    if (!row) throw new AppError('not_found', 'Test checkout not found');
    const metadata = row.metadata ? (JSON.parse(row.metadata) as { plan_name?: unknown }) : {};
    return {
      reference: row.reference,
      amountKobo: row.amountKobo,
      email: row.email,
      status: row.status,
      planName: typeof metadata.plan_name === 'string' ? metadata.plan_name : null,
    };
  }

  /**
   * Pay: the card is charged and the `charge.success` event Paystack would send is returned as its raw
   * JSON body (paying twice returns the same event again; a cancelled checkout cannot be paid).
   */
  async function pay(reference: string): Promise<string> {
    const row = await find(reference);
    if (!row) throw new AppError('not_found', 'Test checkout not found');
    if (row.status === 'abandoned' || row.status === 'failed')
      throw new AppError(
        'conflict',
        'This test payment was cancelled. Start a new payment from the dashboard.',
      );
    // Two presses at once: one completes the payment, the other sends the event of the completed one.
    const [paid] = await db
      .update(sandboxCardTransactions)
      .set({
        status: 'success',
        paidAt: new Date(),
        authorizationCode: `AUTH_test_${randomBytes(6).toString('hex')}`,
      })
      .where(
        and(eq(sandboxCardTransactions.reference, reference), eq(sandboxCardTransactions.status, 'ongoing')),
      )
      .returning();
    return JSON.stringify({ event: 'charge.success', data: transactionOf(paid ?? (await find(reference))!) });
  }

  /** Cancel: an unpaid checkout becomes abandoned; a paid one stays paid. */
  async function cancel(reference: string): Promise<void> {
    const row = await find(reference);
    if (!row) throw new AppError('not_found', 'Test checkout not found');
    await db
      .update(sandboxCardTransactions)
      .set({ status: 'abandoned' })
      .where(
        and(eq(sandboxCardTransactions.reference, reference), eq(sandboxCardTransactions.status, 'ongoing')),
      );
  }

  return { api, checkout, pay, cancel };
}

export type TPaystackSandbox = ReturnType<typeof createPaystackSandbox>;
