import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Db, DbHandle } from './db/client';
import { putSecretOnce } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createTokenService } from './modules/auth/tokens';
import { healthRoutes } from './modules/health/health.routes';
import { authPlugin } from './plugins/auth';
import { caseBoundaryPlugin } from './plugins/case-boundary';
import { consoleStatic } from './plugins/console-static';
import { errorsPlugin } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { swaggerPlugin } from './plugins/swagger';
import { apiRoutes } from './routes';

export interface BuildAppOptions {
  config: Config;
  dbHandle: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /** An existing pino logger (main.ts shares one between bootstrap and the app). */
  loggerInstance?: FastifyBaseLogger;
  /** Sends unhandled errors to the error-reporting service (Sentry when SENTRY_DSN is set). */
  reportError?: (err: unknown) => void;
}

/** Logs never carry credentials or tokens (patient data stays out of logs too: bodies are not logged). */
export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
});

/** Builds the whole app as a plugin tree; tests call this and use app.inject. */
export async function buildApp({
  config,
  dbHandle,
  logger,
  loggerInstance,
  reportError,
}: BuildAppOptions) {
  const app = Fastify({
    ...(loggerInstance
      ? { loggerInstance }
      : { logger: logger ?? loggerOptions(config.LOG_LEVEL) }),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('dbHandle', dbHandle);
  app.decorate('db', dbHandle.db);
  app.decorate('reportError', reportError);

  const jwtSecret =
    config.JWT_SECRET ??
    (await putSecretOnce(dbHandle.db, 'jwt_secret', randomBytes(48).toString('base64url')));

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(caseBoundaryPlugin);
  await app.register(authPlugin, {
    tokens: createTokenService(jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS),
  });
  await app.register(swaggerPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/v1/auth' });
  await app.register(apiRoutes, { prefix: '/api/v1' });
  await app.register(consoleStatic, { prefix: '/app', root: config.CONSOLE_DIST });
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_req, reply) =>
    reply.redirect('/app/'),
  );

  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    dbHandle: DbHandle;
    db: Db;
  }
}
