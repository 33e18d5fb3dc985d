import { ZPathId } from '@app/domain/schemas/common';
import {
  ZLoginLogPageSchema,
  ZLoginLogQuerySchema,
  ZReviewEmployeeSchema,
  ZReviewFlagPageSchema,
  ZReviewListQuerySchema,
  ZReviewMarkRequestSchema,
  ZReviewMarkSchema,
  ZReviewRecordPageSchema,
  type TReviewRecordType,
} from '@app/domain/schemas/admin-review';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TAdminReviewService } from './admin-review.service.ts';

const REVIEW = access.permission('admin_review.page.access');
const TAGS = ['admin-review'];
/** The three unverified lists, each its own path (sales, expenses, goods bought). */
const UNVERIFIED_PATHS = [
  ['sale', 'sales'],
  ['expense', 'expenses'],
  ['purchase', 'purchases'],
] as const satisfies readonly (readonly [TReviewRecordType, string])[];
const ZFlagIdParams = z.object({ flag_id: ZPathId });

const counted = (reply: FastifyReply, total: number | null) => {
  if (total !== null) reply.header('X-Total-Count', String(total));
};

/** Admin review (spec 3 §2.7): its lists, verify and flag, and the MD resolving flags. */
export const adminReviewRoutes =
  (review: TAdminReviewService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin-review/login-logs',
      {
        config: { access: REVIEW },
        schema: {
          tags: TAGS,
          summary: "Every sign-in attempt of the business's accounts, newest first (keyset pages)",
          querystring: ZLoginLogQuerySchema,
          response: { 200: ZLoginLogPageSchema },
        },
      },
      async (request, reply) => {
        const page = await review.loginLogs(actorOf(request), request.query);
        counted(reply, page.total);
        return { entries: page.entries, next_before: page.nextBefore };
      },
    );

    for (const [recordType, path] of UNVERIFIED_PATHS)
      app.get(
        `/api/admin-review/unverified-${path}`,
        {
          config: { access: REVIEW },
          schema: {
            tags: TAGS,
            summary: `Live ${path} no reviewer has marked yet, newest first (keyset pages)`,
            querystring: ZReviewListQuerySchema,
            response: { 200: ZReviewRecordPageSchema },
          },
        },
        async (request, reply) => {
          const page = await review.unverified(actorOf(request), recordType, request.query);
          counted(reply, page.total);
          return { records: page.records, next_before: page.nextBefore };
        },
      );

    app.post(
      '/api/admin-review/marks',
      {
        config: { access: REVIEW },
        schema: {
          tags: TAGS,
          summary: 'Verify a record, or flag it with a note (the same mark again answers the kept one)',
          body: ZReviewMarkRequestSchema,
          response: { 200: ZReviewMarkSchema, 201: ZReviewMarkSchema },
        },
      },
      async (request, reply) => {
        const { created, mark } = await review.mark(actorOf(request), request.body);
        return reply.status(created ? 201 : 200).send(mark);
      },
    );

    app.get(
      '/api/admin-review/flags',
      {
        config: { access: REVIEW },
        schema: {
          tags: TAGS,
          summary: 'Flags not yet resolved, newest first, with their records (keyset pages)',
          querystring: ZReviewListQuerySchema,
          response: { 200: ZReviewFlagPageSchema },
        },
      },
      async (request, reply) => {
        const page = await review.flags(actorOf(request), request.query);
        counted(reply, page.total);
        return { flags: page.flags, next_before: page.nextBefore };
      },
    );

    app.put(
      '/api/admin-review/flags/:flag_id/resolve',
      {
        config: { access: access.md() },
        schema: {
          tags: TAGS,
          summary: 'The MD resolves a flag (resolving it again changes nothing)',
          params: ZFlagIdParams,
          response: { 200: ZReviewMarkSchema },
        },
      },
      async (request) => review.resolve(actorOf(request), request.params.flag_id),
    );

    app.get(
      '/api/admin-review/employees',
      {
        config: { access: REVIEW },
        schema: {
          tags: TAGS,
          summary: "The business's employees: ID, name, e-mail, role and access choice",
          response: { 200: z.array(ZReviewEmployeeSchema) },
        },
      },
      async (request) => review.employees(actorOf(request)),
    );
  };
