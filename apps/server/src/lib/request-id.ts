import { randomBytes } from 'node:crypto';

/**
 * Request ids for the log lines and 5xx bodies: a random tag of this process and a counter,
 * e.g. `3f9a1c2e-1b7`. Unique across restarts and instances (a counter alone restarts at 1), and
 * as cheap as the counter Fastify uses by default.
 */
export function requestIdGenerator(): () => string {
  const tag = randomBytes(4).toString('hex');
  let n = 0;
  return () => {
    n += 1;
    return `${tag}-${n.toString(36)}`;
  };
}
