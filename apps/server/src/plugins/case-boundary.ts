import { INPUT_MESSAGES } from '@dastak/core/messages';
import { isCleanText } from '@dastak/core/rules/text';
import { keysToCamel } from '@dastak/core/wire-case';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalid, notFound } from '../lib/domain-errors';

/** The dotted path of the first text (value or key) for which `bad` holds, or null. */
function findText(value: unknown, bad: (text: string) => boolean, path = ''): string | null {
  if (typeof value === 'string') return bad(value) ? path || '_' : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findText(value[i], bad, path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key;
    if (bad(key)) return at;
    const found = findText((value as Record<string, unknown>)[key], bad, at);
    if (found !== null) return found;
  }
  return null;
}

const hasNul = (text: string) => text.includes('\u0000');
const isUnclean = (text: string) => !isCleanText(text);

/**
 * The dotted path of the first text (value or key) holding a NUL character, or null. PostgreSQL
 * text cannot hold NUL ('invalid byte sequence for encoding UTF8: 0x00'), so no such text may
 * get past the boundary, whatever field carries it.
 */
export const findNul = (value: unknown) => findText(value, hasNul);

/**
 * Requests arrive snake_case (spec §7) and are camelCased here, before validation, so every
 * schema and service speaks camelCase. Responses are built camelCase and sent as they are.
 * Text with a NUL character is refused here for every route at once: 400 in a body or query,
 * 404 in a path (a path with one names nothing); so is text that breaks core's text rule.
 */
export const caseBoundaryPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: it runs on every request and never waits for anything (ADR 0022).
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.params && findNul(req.params) !== null) return done(notFound());
    if (req.body && typeof req.body === 'object') req.body = keysToCamel(req.body);
    if (req.query && typeof req.query === 'object')
      req.query = keysToCamel(req.query) as typeof req.query;
    const field = findNul(req.query) ?? findNul(req.body);
    if (field !== null) {
      return done(
        invalid(INPUT_MESSAGES.NUL_CHARACTER, { [field]: [INPUT_MESSAGES.NUL_CHARACTER] }),
      );
    }
    // The text rule (ADR 0050): no control, bidi-override or lone-surrogate character in any
    // text of any route; names add their own one-line and visible-text checks in core.
    const unclean = findText(req.query, isUnclean) ?? findText(req.body, isUnclean);
    if (unclean === null) return done();
    const message = INPUT_MESSAGES.TEXT_INVALID_CHARACTERS;
    done(invalid(message, { [unclean]: [message] }));
  });
});
