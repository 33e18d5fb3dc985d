import {
  ZEmployeeLoginRequestSchema,
  ZLoginResponseSchema,
  ZMdLoginRequestSchema,
  ZMyPermissionsResponseSchema,
  ZRegisterRequestSchema,
  ZUserMeResponseSchema,
} from '@app/domain/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../platform/auth/access.ts';
import { actorOf } from '../../platform/auth/guard.ts';
import type { TAuthService, TClientInfo, TLoginResult } from './auth.service.ts';
import { TERMS_HTML } from './terms.ts';
import { TERMS_PAGE } from '../../platform/http/html-page.ts';

/** The browser's device cookie: it tells the server this browser has signed the account in before. */
export const DEVICE_COOKIE = 'nl_device';
const DEVICE_COOKIE_DAYS = 400;

const clientOf = (request: FastifyRequest): TClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  deviceToken: request.cookies[DEVICE_COOKIE] ?? null,
});

/** Answers a sign-in, keeping (or giving) the browser its device cookie. */
function signedIn(request: FastifyRequest, reply: FastifyReply, result: TLoginResult) {
  void reply.setCookie(DEVICE_COOKIE, result.deviceToken, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
  return result.answer;
}

export const authRoutes =
  (auth: TAuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/auth/register',
      {
        config: { access: access.public() },
        schema: {
          summary: 'Register a business and its MD',
          tags: ['auth'],
          body: ZRegisterRequestSchema,
          response: { 201: z.object({ msg: z.string() }) },
        },
      },
      async (request, reply) => reply.status(201).send(await auth.register(request.body)),
    );

    app.post(
      '/api/auth/token',
      {
        config: { access: access.public() },
        schema: {
          summary: 'Sign the MD in',
          tags: ['auth'],
          body: ZMdLoginRequestSchema,
          response: { 200: ZLoginResponseSchema },
        },
      },
      async (request, reply) =>
        signedIn(
          request,
          reply,
          await auth.login('md', request.body.username, request.body.password, clientOf(request)),
        ),
    );

    app.post(
      '/api/auth/employee/token',
      {
        config: { access: access.public() },
        schema: {
          summary: 'Sign an employee in',
          tags: ['auth'],
          body: ZEmployeeLoginRequestSchema,
          response: { 200: ZLoginResponseSchema },
        },
      },
      async (request, reply) =>
        signedIn(
          request,
          reply,
          await auth.login('employee', request.body.email, request.body.password, clientOf(request)),
        ),
    );

    app.post(
      '/api/auth/logout',
      {
        config: { access: access.signedIn() },
        schema: {
          summary: 'Sign out (ends this session)',
          response: { 200: z.object({ msg: z.string() }) },
          tags: ['auth'],
        },
      },
      async (request) => auth.logout(actorOf(request)),
    );

    app.get(
      '/api/auth/my-permissions',
      {
        config: { access: access.signedIn() },
        schema: {
          summary: 'The caller’s role and permission keys',
          tags: ['auth'],
          response: { 200: ZMyPermissionsResponseSchema },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return { permissions: [...actor.permissions], permission_codes: [...actor.permissionCodes] };
      },
    );

    const me = (request: FastifyRequest) => {
      const actor = actorOf(request);
      return {
        user_id: actor.userId,
        username: actor.username,
        email: actor.email,
        role: actor.role,
        tenant_id: actor.tenantId,
        tenant_name: actor.tenantName,
      };
    };

    app.get(
      '/api/users/me',
      {
        config: { access: access.signedIn() },
        schema: { summary: 'The caller’s account', tags: ['auth'], response: { 200: ZUserMeResponseSchema } },
      },
      async (request) => me(request),
    );

    app.get(
      '/api/auth/me',
      {
        config: { access: access.signedIn() },
        schema: {
          summary: 'The caller’s account (alias)',
          tags: ['auth'],
          description: 'The caller. The access code is stored hashed, so access_code is always null.',
          response: { 200: ZUserMeResponseSchema.extend({ access_code: z.null() }) },
        },
      },
      async (request) => ({ ...me(request), access_code: null }),
    );

    app.get(
      '/api/auth/terms',
      {
        config: { access: access.public(), produces: TERMS_PAGE },
        schema: { summary: 'The terms a new business accepts', tags: ['auth'] },
      },
      (_request, reply) => reply.type('text/html; charset=utf-8').send(TERMS_HTML),
    );
  };
