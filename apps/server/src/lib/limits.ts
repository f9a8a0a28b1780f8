/**
 * Limits on what a request may carry (docs/decisions/0031-fuzzing-and-limits.md), in one place.
 *
 * BODY_LIMIT_BYTES: Fastify's bodyLimit for every route and content type; a larger body is
 * refused with 413 `{detail}` before it is parsed. The largest real bodies (an order with its
 * tests, a customer with addresses) are a few kB; 1 MiB leaves room and bounds memory.
 *
 * JSON_MAX_DEPTH: the deepest nesting of arrays and objects a JSON body may have. No route reads
 * more than a few levels; a body nested thousands deep overflowed the stack of the recursive
 * walks at the boundary (keysToCamel, findNul) and answered 500. Refused with 400 before parsing.
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const JSON_MAX_DEPTH = 32;

/** True when JSON text nests arrays and objects deeper than max (strings are skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}
