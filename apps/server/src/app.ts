import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/config';
import type { Db, DbHandle } from './db/client';
import { BODY_LIMIT_BYTES } from './lib/limits';
import { limitStoreFor } from './lib/rate-limits';
import { requestIdGenerator } from './lib/request-id';
import { loggerOptions, RequestLogController, requestChildLogger } from './logger';
import { apiKeyUsePlugin, loadApiKeyPrincipal } from './modules/api-keys/public';
import { putSecretOnce } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionStore } from './modules/auth/auth.service';
import { createTokenService } from './modules/auth/tokens';
import { fhirRoutes } from './modules/fhir/fhir.routes';
import { healthRoutes } from './modules/health/health.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { createMetrics, type Metrics } from './modules/metrics/metrics-registry';
import { authPlugin } from './plugins/auth';
import { caseBoundaryPlugin } from './plugins/case-boundary';
import { compressionPlugin } from './plugins/compression';
import { consoleStatic } from './plugins/console-static';
import { emptyJsonBodyPlugin } from './plugins/empty-json-body';
import { errorServerOptions, errorsPlugin } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limits';
import { riderStatic } from './plugins/rider-static';
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
  /** Sees every route as it is added: the route-table tests read the schemas from it. */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole app as a plugin tree; tests call this and use app.inject. */
export async function buildApp({
  config,
  dbHandle,
  logger,
  loggerInstance,
  reportError,
  onRoute,
}: BuildAppOptions) {
  const logController = new RequestLogController();
  const app = Fastify({
    ...(loggerInstance
      ? { loggerInstance }
      : { logger: logger ?? loggerOptions(config.LOG_LEVEL) }),
    // One line per request, on completion (ADR 0022).
    logController,
    // A request's child logger is made only when something logs through it (ADR 0022).
    childLoggerFactory: requestChildLogger,
    routerOptions: { ignoreTrailingSlash: true },
    // In every log line and in 5xx bodies, so a user's report finds its line (lib/request-id.ts).
    genReqId: requestIdGenerator(),
    trustProxy: config.TRUST_PROXY,
    // Bodies past this answer 413 `{detail}` (lib/limits.ts, ADR 0031).
    bodyLimit: BODY_LIMIT_BYTES,
    // Framework and HTTP-parser errors (431, bad URLs) answer `{detail}` like every other error.
    ...errorServerOptions,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('dbHandle', dbHandle);
  app.decorate('db', dbHandle.db);
  app.decorate('reportError', reportError);
  // Before the routes: its request hook then covers every route (none when not configured).
  const metrics = config.METRICS_TOKEN
    ? createMetrics(app, dbHandle, config.METRICS_TOKEN)
    : undefined;
  app.decorate('metrics', metrics);
  if (metrics) app.addHook('onClose', async () => metrics.stop());
  app.addHook('onClose', async () => logController.close());

  const jwtSecret =
    config.JWT_SECRET ??
    (await putSecretOnce(dbHandle.db, 'jwt_secret', randomBytes(48).toString('base64url')));

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(compressionPlugin);
  // Counters shared by every server on PostgreSQL, in memory on PGlite (ADR 0052).
  await app.register(rateLimitPlugin, { store: limitStoreFor(dbHandle) });
  await app.register(emptyJsonBodyPlugin);
  await app.register(caseBoundaryPlugin);
  await app.register(authPlugin, {
    tokens: createTokenService(
      jwtSecret,
      config.ACCESS_TOKEN_TTL_SECONDS,
      sessionStore(dbHandle.db),
      // `Authorization: Bearer dsk_live_…`: an API key (ADR 0066).
      { load: (key) => loadApiKeyPrincipal(dbHandle.db, key) },
    ),
  });
  // After auth (its hooks run after auth's): an API key's own budget, audit row and last use.
  await app.register(apiKeyUsePlugin);
  await app.register(swaggerPlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(metricsRoutes, { prefix: '/api' });
  // Cookies are read and set only under /auth (the refresh cookie, which is scoped to that path),
  // so the cookie plugin's two hooks run there and not on every other request (ADR 0022).
  await app.register(
    async (auth) => {
      await auth.register(cookie);
      await auth.register(authRoutes);
    },
    { prefix: '/api/v1/auth' },
  );
  await app.register(apiRoutes, { prefix: '/api/v1' });
  // The lab's systems' read-only FHIR R4 API, outside /api/v1 (ADR 0068).
  await app.register(fhirRoutes, { prefix: '/fhir' });
  await app.register(consoleStatic, { prefix: '/app', root: config.CONSOLE_DIST });
  await app.register(riderStatic, { prefix: '/rider', consoleDist: config.CONSOLE_DIST });
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
    /** Prometheus metrics, when METRICS_TOKEN is set. */
    metrics?: Metrics;
  }
}
