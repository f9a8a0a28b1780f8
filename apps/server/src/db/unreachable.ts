/**
 * What a failed database call says about the database itself: down or unreachable (the pool
 * cannot connect, the server is shutting down or starting), as opposed to a query's own fault.
 * The API answers the first with 503 and Retry-After, so clients retry (ADR 0064), and the
 * start prints it as one line that names the cause.
 */

/** node's socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** PostgreSQL's: shutting down, crashed, starting up, or out of connection slots. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own words for a connection lost or never made in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'Client has encountered a connection error',
];

/** The error and its causes (drizzle wraps the driver's as `cause` of 'Failed query: …'). */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnreachable(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** The URL with its password replaced, fit for a log line or a terminal. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not shown: it is not a valid URL)';
  }
}

/**
 * One line for an operator whose server could not reach its database at start: the cause in
 * words and the URL (password hidden), no stack. Undefined when the error is not about reaching
 * the database (then the stack is worth printing).
 */
export function describeStartFailure(err: unknown, url: string): string | undefined {
  const where = `DATABASE_URL=${redactDatabaseUrl(url)}`;
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    // The URL itself is not shown: one that does not parse may have its password anywhere.
    if (code === 'ERR_INVALID_URL' || (e instanceof TypeError && /url/i.test(message))) {
      return `Cannot start on the database: ${MALFORMED}`;
    }
    const cause = START_CAUSES[code];
    if (cause) return `Cannot start on the database: ${cause} (${where})`;
  }
  if (isDatabaseUnreachable(err)) {
    return `Cannot start on the database: the connection failed (${where})`;
  }
  return undefined;
}

const MALFORMED =
  'DATABASE_URL is not a valid postgres:// URL (check the port, and percent-encode @ : / in the password)';

const START_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'nothing is listening at that host and port (is PostgreSQL running?)',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be resolved (DNS did not answer)',
  ETIMEDOUT: 'the connection timed out (a firewall, or the wrong host?)',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  ECONNRESET: 'the server closed the connection (TLS required, or a pooler refusing?)',
  '3D000': 'the database does not exist (create it: createdb, or CREATE DATABASE)',
  '28000': 'the role does not exist or may not connect (create it: createuser)',
  '28P01': 'the password was refused',
  '57P03': 'PostgreSQL is starting up or shutting down; try again in a moment',
  '53300': 'PostgreSQL has no connection slots left (max_connections)',
  '42501': 'the role lacks a privilege the migrations need (it must own the database)',
};
