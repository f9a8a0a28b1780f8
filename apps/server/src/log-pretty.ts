/**
 * Log lines for a person at a terminal (`npm start` in a shell): pino's JSON line turned into
 * 'HH:MM:SS LEVEL message key=value ...'. Log shippers read stdout when it is not a terminal and
 * get the JSON line as it is. The fields are the JSON line's own, so nothing a JSON line leaves
 * out (credentials, query values: logger.ts) can appear here.
 */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields shown in their own places (or, like pid and hostname, not at all). */
const PLACED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);
/** The request line's own fields (logger.ts RequestLogController). */
const REQUEST = new Set([...PLACED, 'method', 'url', 'statusCode', 'responseTime']);

const clock = (ms: unknown) =>
  typeof ms === 'number' ? new Date(ms).toISOString().slice(11, 19) : '--:--:--';

function value(v: unknown): string {
  if (typeof v === 'string') return /[\s"=]/.test(v) ? JSON.stringify(v) : v;
  if (v !== null && typeof v === 'object') {
    const err = v as { message?: unknown; stack?: unknown };
    // An error: its message on the line, its stack below it.
    if (typeof err.message === 'string' && typeof err.stack === 'string')
      return `${JSON.stringify(err.message)}\n${err.stack}`;
    return JSON.stringify(v);
  }
  return String(v);
}

/** One JSON line (newline-terminated) as a readable line; a line that is not JSON as it came. */
export function prettyLogLine(line: string): string {
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    return line;
  }
  if (o === null || typeof o !== 'object' || Array.isArray(o)) return line;
  const f = o as Record<string, unknown>;
  const level = LEVELS[f.level as number] ?? String(f.level);
  const isRequest = f.msg === 'request';
  const head = isRequest
    ? `${clock(f.time)} ${level} ${f.method} ${f.url} ${f.statusCode} ${f.responseTime} ms`
    : `${clock(f.time)} ${level} ${f.msg ?? ''}`;
  const placed = isRequest ? REQUEST : PLACED;
  const rest = Object.entries(f)
    .filter(([k]) => !placed.has(k))
    .map(([k, v]) => `${k}=${value(v)}`);
  if (f.reqId !== undefined) rest.push(`reqId=${value(f.reqId)}`);
  return `${[head, ...rest].join(' ')}\n`;
}
