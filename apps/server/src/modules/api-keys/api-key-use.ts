import { RATE_LIMITS } from '@dastak/core/constants';
import type { AuditAction } from '@dastak/core/entities/audit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../../lib/domain-errors';
import { check } from '../../lib/rate-limits';
import { auditAgent, recordAuditQueued } from '../audit/public';
import * as repo from './api-keys.repository';

/**
 * What every request made with an API key costs (docs/decisions/0066-api-keys.md), in hooks
 * that run after the auth plugin's and only do work for a key:
 * - its own rate-limit budget (the key's requests a minute, counted like ADR 0052's limits: one
 *   counter per key, shared by every server on PostgreSQL), checked before the body is read;
 * - a row of the audit trail per use, refused ones included (queued off the request, ADR 0054);
 * - its last use, written at most once a minute per key and server.
 */

/** A last-used time is written at most this often per key and server. */
export const LAST_USED_EVERY_MS = 60_000;

const ACTIONS: Record<string, AuditAction> = {
  GET: 'R',
  HEAD: 'R',
  POST: 'C',
  PUT: 'U',
  PATCH: 'U',
  DELETE: 'D',
};

export const apiKeyUsePlugin = fp(async (app: FastifyInstance) => {
  const lastWritten = new Map<number, number>();

  // Callback hooks, not async ones: a request without a key (every console call) passes with no
  // promise made (ADR 0022).
  app.addHook('onRequest', (req, _reply, done) => {
    const key = req.user?.apiKey;
    if (!key) return done();
    check(app.limits, [
      {
        key: `api-key:${key.id}`,
        max: key.rateLimitPerMinute,
        windowMs: RATE_LIMITS.API_KEYS.WINDOW_MS,
      },
    ]).then(
      (verdict) =>
        done(verdict.retryAfterSeconds ? rateLimited(verdict.retryAfterSeconds) : undefined),
      (err: Error) => done(err),
    );
  });

  app.addHook('onResponse', (req, reply, done) => {
    if (!req.user?.apiKey) return done();
    recordUse(req, reply.statusCode).then(
      () => done(),
      (err: unknown) => {
        req.log.warn({ err }, 'api key: could not record its use');
        done();
      },
    );
  });

  async function recordUse(req: FastifyRequest, status: number) {
    const key = req.user?.apiKey;
    if (!key) return;
    await recordAuditQueued(app.db, auditAgent(req), {
      action: ACTIONS[req.method] ?? 'E',
      type: 'api-key',
      outcome: status < 400 ? '0' : '4',
      ...(status >= 400 ? { outcomeDesc: String(status) } : {}),
      entityType: 'ApiKey',
      entityId: key.id,
      ...queryOf(req),
      detail: {
        key: key.prefix,
        name: key.name,
        method: req.method,
        route: req.routeOptions.url ?? null,
        path: req.url.split('?')[0],
        status,
      },
    });
    // A refused request (scope, budget) is no use of the key's rights: only accepted ones count.
    if (status === 401 || status === 403 || status === 429) return;
    const now = Date.now();
    if (now - (lastWritten.get(key.id) ?? 0) < LAST_USED_EVERY_MS) return;
    lastWritten.set(key.id, now);
    try {
      await repo.touchLastUsed(app.db, key.id);
    } catch (err) {
      req.log.warn({ err }, 'api key: could not write its last use');
    }
  }
});

function queryOf(req: FastifyRequest) {
  const q = req.query;
  return q && typeof q === 'object' && Object.keys(q).length
    ? { query: q as Record<string, unknown> }
    : {};
}
