import {
  ZInitializePaymentQuerySchema,
  ZInitializePaymentSchema,
  ZPaymentReferenceSchema,
  ZPlanPaymentSchema,
  ZPlanPaymentsQuerySchema,
  ZPlanRenewalRequestSchema,
  ZPlanRenewalSchema,
  ZPlansSchema,
  ZSubscriptionStatusSchema,
  ZVerifyPaymentQuerySchema,
  ZVerifyPaymentSchema,
  ZWebhookAckSchema,
} from '@app/domain/schemas/billing';
import { ZDetailSchema } from '@app/domain/schemas/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import { sendPage } from '../../platform/http/paging.ts';
import type { TBillingService } from './billing.service.ts';
import { webhookSignature } from './paystack.client.ts';
import { testCheckoutPath, type TPaystackSandbox } from './paystack-sandbox.ts';
import { testCheckoutPage } from './test-checkout.page.ts';

export const WEBHOOK_PATH = '/api/billing/paystack/webhook';
const ZReferenceParams = z.object({ reference: ZPaymentReferenceSchema });
const ZRedirectSchema = z.object({}).describe('303 See Other: back to /dashboard?reference=… to verify');
const TEST_CHECKOUT_PAGE = { contentType: 'text/html', description: 'The test checkout page, in HTML' };

/** The app's own address as the browser reached it: the checkout returns there. */
const appUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * The webhook reads its body as raw bytes (the signature is over them), so it lives in its own scope
 * whose JSON parser keeps the Buffer; every other route keeps the usual parser.
 */
function webhookRoute(billing: TBillingService): FastifyPluginAsyncZod {
  return async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      WEBHOOK_PATH,
      {
        config: { access: access.public() },
        schema: {
          summary: 'Card payment events from Paystack (signed with x-paystack-signature)',
          description:
            'The body is Paystack’s event JSON; `x-paystack-signature` must be the HMAC-SHA512 of the raw body with the secret key. A `charge.success` for one of our payments is verified with the provider and starts its plan once.',
          tags: ['billing'],
          response: { 200: ZWebhookAckSchema, 400: ZDetailSchema, 401: ZDetailSchema, 502: ZDetailSchema },
        },
      },
      async (request) =>
        billing.receiveWebhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          request.headers['x-paystack-signature'],
        ),
    );
  };
}

/** The embedded test checkout (no PAYSTACK_SECRET_KEY): the page, Pay (a signed webhook, then back) and Cancel. */
function testCheckoutRoutes(sandbox: TPaystackSandbox, app: FastifyInstance): FastifyPluginAsyncZod {
  return async (scope) => {
    scope.get(
      '/api/billing/test-checkout/:reference',
      {
        config: { access: access.public(), produces: TEST_CHECKOUT_PAGE },
        schema: {
          summary: 'The test checkout page (no card key configured)',
          tags: ['billing'],
          params: ZReferenceParams,
        },
      },
      async (request, reply) => {
        const checkout = await sandbox.checkout(request.params.reference);
        return reply
          .type('text/html; charset=utf-8')
          .send(testCheckoutPage(checkout, testCheckoutPath(checkout.reference)));
      },
    );

    scope.post(
      '/api/billing/test-checkout/:reference/pay',
      {
        config: { access: access.public() },
        schema: {
          summary:
            'Pay a test checkout: sends the signed charge.success webhook, then returns to the dashboard',
          tags: ['billing'],
          params: ZReferenceParams,
          response: { 303: ZRedirectSchema, 409: ZDetailSchema },
        },
      },
      async (request, reply) => {
        const { reference } = request.params;
        const event = await sandbox.pay(reference);
        const delivered = await app.inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: {
            'content-type': 'application/json',
            'x-paystack-signature': webhookSignature(event, sandbox.api.webhookSecret),
          },
          payload: event,
        });
        if (delivered.statusCode !== 200)
          request.log.warn({ reference, status: delivered.statusCode }, 'test checkout webhook refused');
        return reply.redirect(`/dashboard?reference=${encodeURIComponent(reference)}`, 303);
      },
    );

    scope.post(
      '/api/billing/test-checkout/:reference/cancel',
      {
        config: { access: access.public() },
        schema: {
          summary: 'Cancel a test checkout (abandoned) and return to the dashboard',
          tags: ['billing'],
          params: ZReferenceParams,
          response: { 303: ZRedirectSchema },
        },
      },
      async (request, reply) => {
        await sandbox.cancel(request.params.reference);
        return reply.redirect(`/dashboard?reference=${encodeURIComponent(request.params.reference)}`, 303);
      },
    );
  };
}

export const billingRoutes =
  (billing: TBillingService, sandbox: TPaystackSandbox | null): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard/subscription-status',
      {
        config: { access: access.signedIn() },
        schema: {
          summary: 'The business’s plan and what is left of it',
          tags: ['billing'],
          response: { 200: ZSubscriptionStatusSchema },
        },
      },
      async (request) => billing.subscriptionStatus(actorOf(request)),
    );

    app.get(
      '/api/dashboard/plans',
      {
        config: { access: access.signedIn() },
        schema: {
          summary: 'The plans and their prices',
          tags: ['billing'],
          response: { 200: ZPlansSchema },
        },
      },
      async () => billing.plans(),
    );

    app.post(
      '/api/dashboard/initialize-payment',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Start paying for a plan by card: answers the checkout’s authorization_url',
          tags: ['billing'],
          querystring: ZInitializePaymentQuerySchema,
          response: { 200: ZInitializePaymentSchema, 502: ZDetailSchema },
        },
      },
      async (request) =>
        billing.initializePayment(actorOf(request), request.query.plan_key, appUrlOf(request)),
    );

    app.get(
      '/api/dashboard/verify-payment',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Verify a plan payment on return from the checkout (starts the plan once)',
          tags: ['billing'],
          querystring: ZVerifyPaymentQuerySchema,
          response: { 200: ZVerifyPaymentSchema, 404: ZDetailSchema, 502: ZDetailSchema },
        },
      },
      async (request) => billing.verifyPayment(actorOf(request), request.query.reference),
    );

    app.get(
      '/api/billing/payments',
      {
        config: { access: access.md() },
        schema: {
          summary: 'The plan payments, newest first (keyset: before, limit; count=true → X-Total-Count)',
          tags: ['billing'],
          querystring: ZPlanPaymentsQuerySchema,
          response: { 200: z.array(ZPlanPaymentSchema) },
        },
      },
      async (request, reply) => {
        const page = await billing.payments(actorOf(request), request.query);
        return sendPage(reply, request.query, page);
      },
    );

    app.get(
      '/api/billing/renewal',
      {
        config: { access: access.md() },
        schema: {
          summary: 'How the Pro plan renews (auto-renewal, saved card, end)',
          tags: ['billing'],
          response: { 200: ZPlanRenewalSchema },
        },
      },
      async (request) => billing.renewal(actorOf(request)),
    );

    app.put(
      '/api/billing/renewal',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Cancel or resume automatic renewal of the Pro plan',
          tags: ['billing'],
          body: ZPlanRenewalRequestSchema,
          response: { 200: ZPlanRenewalSchema, 409: ZDetailSchema },
        },
      },
      async (request) => billing.setAutoRenew(actorOf(request), request.body.auto_renew),
    );

    await app.register(webhookRoute(billing));
    if (sandbox) await app.register(testCheckoutRoutes(sandbox, app));
  };
