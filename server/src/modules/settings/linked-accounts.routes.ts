import { ZPathId } from '@app/domain/schemas/common';
import {
  ZLinkedAccountSchema,
  ZMonoConfigSchema,
  ZMonoLinkedSchema,
  ZMonoLinkRequestSchema,
  ZTestBankSchema,
  ZTestCodeRequestSchema,
  ZTestCodeSchema,
  ZTestCreditRequestSchema,
  ZTestCreditSchema,
} from '@app/domain/schemas/bank';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TLinkedAccountsService } from './linked-accounts.service.ts';

const URL = '/api/settings/linked-accounts';
const ZAccountParams = z.object({ account_id: ZPathId });

/** Settings → Bank & POS: the MD's alone (spec 1 §6 "Only the MD … links bank accounts"). */
export const linkedAccountsRoutes =
  (accounts: TLinkedAccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      URL,
      {
        config: { access: access.md() },
        schema: {
          summary: 'Bank accounts linked through Mono',
          tags: ['settings'],
          response: { 200: z.array(ZLinkedAccountSchema) },
        },
      },
      async (request) => accounts.list(actorOf(request)),
    );

    app.post(
      '/api/settings/mono/link',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Link a bank account with the code Mono Connect handed over (Pro; needs the access code)',
          tags: ['settings'],
          body: ZMonoLinkRequestSchema,
          response: { 200: ZMonoLinkedSchema },
        },
      },
      async (request) => accounts.link(actorOf(request), request.body),
    );

    app.get(
      '/api/settings/mono/config',
      {
        config: { access: access.md() },
        schema: {
          summary: 'How the Bank & POS tab connects a bank: Mono Connect (live) or the test widget',
          tags: ['settings'],
          response: { 200: ZMonoConfigSchema },
        },
      },
      async () => accounts.config(),
    );

    app.get(
      '/api/settings/mono/test-banks',
      {
        config: { access: access.md() },
        schema: {
          summary: 'The test widget’s banks and accounts (test mode only)',
          tags: ['settings'],
          response: { 200: z.array(ZTestBankSchema) },
        },
      },
      async (request) => accounts.testBanks(actorOf(request)),
    );

    app.post(
      '/api/settings/mono/test-code',
      {
        config: { access: access.md() },
        schema: {
          summary: 'The code the test widget hands back for a test account (test mode only)',
          tags: ['settings'],
          body: ZTestCodeRequestSchema,
          response: { 200: ZTestCodeSchema },
        },
      },
      async (request) => accounts.testCode(actorOf(request), request.body.test_account_key),
    );

    app.post(
      '/api/settings/mono/test-credits',
      {
        config: { access: access.md() },
        schema: {
          summary: 'Send a test transfer into a linked test account (test mode only)',
          tags: ['settings'],
          body: ZTestCreditRequestSchema,
          response: { 201: ZTestCreditSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await accounts.testCredit(actorOf(request), request.body)),
    );

    app.delete(
      `${URL}/:account_id`,
      {
        config: { access: access.md() },
        schema: {
          summary: 'Disconnect a linked bank account',
          tags: ['settings'],
          params: ZAccountParams,
          response: { 200: z.object({ msg: z.string() }) },
        },
      },
      async (request) => accounts.remove(actorOf(request), request.params.account_id),
    );
  };
