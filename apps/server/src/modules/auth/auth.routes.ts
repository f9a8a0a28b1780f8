import { REFRESH_TOKEN_TTL_DAYS } from '@dastak/core/constants';
import {
  detailResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  riderLoginRequestSchema,
  sessionListSchema,
  userSchema,
} from '@dastak/core/entities/auth';
import { ROUTE_ACCESS } from '@dastak/core/permissions';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginAttempt } from '../../lib/rate-limits';
import { bearerToken, currentUser } from '../../plugins/auth';
import * as service from './auth.service';
import { auditAuthAttempts } from './auth-audit';

const REFRESH_COOKIE = 'dastak_refresh';
const cookieOptions = {
  httpOnly: true,
  sameSite: 'strict' as const,
  path: '/api/v1/auth',
  maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
};

function setRefreshCookie(reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    ...cookieOptions,
    secure: reply.request.protocol === 'https',
  });
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, tokens: app.tokens, publicUrl: app.config.PUBLIC_URL });
  app.addHook('onSend', auditAuthAttempts(app.db));

  // Counted per account and address, and per address across accounts (lib/rate-limits.ts):
  // answers slow down, then refuse with 429 and Retry-After (ADR 0052).
  app.post(
    '/login/',
    {
      config: { access: ROUTE_ACCESS.PUBLIC, rateLimit: 'login' },
      schema: {
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req, reply) => {
      const succeeded = await loginAttempt(app.limits, req.ip, req.body.email);
      const result = await service.login(deps(), req.body, req.headers['user-agent']);
      await succeeded();
      setRefreshCookie(reply, result.refreshToken);
      return result;
    },
  );

  // The rider app signs in by email or mobile number; the same limits, per what was typed.
  app.post(
    '/rider-login/',
    {
      config: { access: ROUTE_ACCESS.PUBLIC, rateLimit: 'login' },
      schema: {
        tags: ['auth'],
        body: riderLoginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req, reply) => {
      const succeeded = await loginAttempt(app.limits, req.ip, req.body.login);
      const result = await service.riderLogin(deps(), req.body, req.headers['user-agent']);
      await succeeded();
      setRefreshCookie(reply, result.refreshToken);
      return result;
    },
  );

  // The refresh token may come in the body (spec: refreshToken, email) or the HttpOnly cookie.
  app.post(
    '/refresh-token',
    {
      config: { access: ROUTE_ACCESS.PUBLIC },
      schema: {
        tags: ['auth'],
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema },
      },
      preValidation: async (req) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const cookie = req.cookies[REFRESH_COOKIE];
        if (!body.refreshToken && cookie)
          req.body = { ...body, refreshToken: cookie } as typeof req.body;
      },
    },
    async (req, reply) => {
      const result = await service.refresh(deps(), req.body);
      setRefreshCookie(reply, result.refreshToken);
      return result;
    },
  );

  // Public: presenting the refresh token is the proof; logging out must work with an expired access token.
  app.post(
    '/logout/',
    {
      config: { access: ROUTE_ACCESS.PUBLIC },
      schema: {
        tags: ['auth'],
        // No body at all arrives as null; an empty JSON body as none (empty-json-body.ts).
        body: logoutRequestSchema.nullish(),
        response: { 200: detailResponseSchema },
      },
    },
    async (req, reply) => {
      // The access token it came with names the session too (a client that kept no refresh token).
      const result = await service.logout(deps(), {
        refreshToken: req.body?.refreshToken ?? req.cookies[REFRESH_COOKIE],
        accessToken: bearerToken(req),
      });
      reply.clearCookie(REFRESH_COOKIE, { path: cookieOptions.path });
      return result;
    },
  );

  app.post(
    '/password-reset-request/',
    {
      config: {
        access: ROUTE_ACCESS.PUBLIC,
        rateLimit: 'password-reset',
      },
      schema: {
        tags: ['auth'],
        body: passwordResetRequestSchema,
        response: { 200: detailResponseSchema },
      },
    },
    async (req) => service.requestPasswordReset(deps(), req.body.email),
  );

  app.post(
    '/password-reset/',
    {
      config: { access: ROUTE_ACCESS.PUBLIC },
      schema: {
        tags: ['auth'],
        body: passwordResetSchema,
        response: { 200: detailResponseSchema },
      },
    },
    async (req) => service.resetPassword(deps(), req.body),
  );

  app.get(
    '/sessions/',
    {
      config: { access: ROUTE_ACCESS.SIGNED_IN },
      schema: {
        tags: ['auth'],
        summary: "The caller's signed-in sessions, most recently seen first",
        response: { 200: sessionListSchema },
      },
    },
    async (req) => service.listSessions(deps(), currentUser(req)),
  );

  // Every session of the caller ends, this one included: the console then signs in again.
  app.post(
    '/sessions/end-all/',
    {
      config: { access: ROUTE_ACCESS.SIGNED_IN },
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere',
        response: { 200: detailResponseSchema },
      },
    },
    async (req) => service.signOutEverywhere(deps(), currentUser(req).id),
  );

  app.get(
    '/me/',
    {
      config: { access: ROUTE_ACCESS.SIGNED_IN },
      schema: { tags: ['auth'], response: { 200: userSchema } },
    },
    async (req) => service.me(deps(), currentUser(req).id),
  );
};
