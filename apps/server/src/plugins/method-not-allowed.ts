import { ERRORS, HTTP_MESSAGES } from '@dastak/core/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A route path as a pattern: `:param` one segment, `*` the rest; a trailing slash optional. */
function pathPattern(url: string): RegExp {
  const body = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/**
 * A request for a path that exists, with a method it does not take, answers 405 with `Allow`
 * listing the methods it does take (RFC 9110 §15.5.6), not 404 (ADR 0050). Every
 * route's path is remembered as it is added (onRoute), so routes added later are covered; the
 * router finds no route for the method, and the not-found handler here looks the path up among
 * them: a path no route has is still 404.
 */
export const methodNotAllowedPlugin = fp(async (app: FastifyInstance) => {
  const byPath = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    const entry = byPath.get(route.url) ?? { pattern: pathPattern(route.url), methods: new Set() };
    for (const m of Array.isArray(route.method) ? route.method : [route.method]) {
      entry.methods.add(m);
    }
    byPath.set(route.url, entry);
  });

  /** The methods some route takes on this path (sorted), none when no route has it. */
  const allowedOn = (path: string) => {
    const allowed = new Set<string>();
    for (const { pattern, methods } of byPath.values()) {
      if (pattern.test(path)) for (const m of methods) allowed.add(m);
    }
    return [...allowed].sort();
  };
  app.decorate('allowedMethods', allowedOn);

  app.setNotFoundHandler((req, reply) => {
    const allowed = allowedOn(req.url.split('?', 1)[0] ?? '');
    if (allowed.length && !allowed.includes(req.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ detail: HTTP_MESSAGES.METHOD_NOT_ALLOWED });
    }
    return reply.code(404).send({ detail: ERRORS.NOT_FOUND });
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods routes take on a request path (method-not-allowed.ts). */
    allowedMethods: (path: string) => string[];
  }
}
