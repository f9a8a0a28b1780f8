import { INPUT_MESSAGES } from '@dastak/core/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { keysToCamel } from '../lib/case';
import { badRequest, notFound } from '../lib/http-errors';

/**
 * The dotted path of the first text (value or key) holding a NUL character, or null. PostgreSQL
 * text cannot hold NUL ('invalid byte sequence for encoding UTF8: 0x00'), so no such text may
 * get past the boundary, whatever field carries it.
 */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = findNul((value as Record<string, unknown>)[key], at);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Requests arrive snake_case (spec §7) and are camelCased here, before validation, so every
 * schema and service speaks camelCase. Responses are built camelCase and sent as they are.
 * Text with a NUL character is refused here for every route at once: 400 in a body or query,
 * 404 in a path (a path with one names nothing).
 */
export const caseBoundaryPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: it runs on every request and never waits for anything (ADR 0022).
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.params && findNul(req.params) !== null) return done(notFound());
    if (req.body && typeof req.body === 'object') req.body = keysToCamel(req.body);
    if (req.query && typeof req.query === 'object')
      req.query = keysToCamel(req.query) as typeof req.query;
    const field = findNul(req.query) ?? findNul(req.body);
    if (field === null) return done();
    done(badRequest(INPUT_MESSAGES.NUL_CHARACTER, { [field]: [INPUT_MESSAGES.NUL_CHARACTER] }));
  });
});
