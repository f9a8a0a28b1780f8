import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../lib/domain-errors';
import {
  check,
  type LimitStore,
  passwordResetRules,
  publicLinkRules,
  type Rule,
} from '../lib/rate-limits';

/**
 * The limits a route declares by name in `config.rateLimit` (docs/decisions/0052-rate-limits.md).
 * 'login' is counted by the login route itself (it needs the body's account, and slows down
 * before it refuses); the others are checked here before the body is read.
 */
export type RateLimitName = 'login' | 'password-reset' | 'public-link';

const RULES: Record<Exclude<RateLimitName, 'login'>, (req: FastifyRequest) => Rule[]> = {
  'password-reset': (req) => passwordResetRules(req.ip),
  'public-link': (req) => publicLinkRules(req.ip, (req.params as { id?: string }).id),
};

export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { store: LimitStore }) => {
  app.decorate('limits', opts.store);
  // Only the routes that declare a limit get the hook; every other request pays nothing.
  app.addHook('onRoute', (route) => {
    const name = route.config?.rateLimit;
    if (!name || name === 'login') return;
    const rules = RULES[name];
    const limit = async (req: FastifyRequest) => {
      const verdict = await check(opts.store, rules(req));
      if (verdict.retryAfterSeconds) throw rateLimited(verdict.retryAfterSeconds);
    };
    route.onRequest = [limit, ...[route.onRequest ?? []].flat()];
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's rate limit (plugins/rate-limits.ts); documented as a 429. */
    rateLimit?: RateLimitName;
  }
  interface FastifyInstance {
    /** Rate-limit counters: shared rows on PostgreSQL, memory on PGlite. */
    limits: LimitStore;
  }
}
