import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino from 'pino';

/** Logs never carry credentials or tokens (patient data stays out of logs too: bodies are not logged). */
export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
});

/**
 * The production logger: pino writing to `fd` (stdout) asynchronously, so a log line costs the
 * request a string append, not a write(2) (ADR 0022). Lines are gathered for up to LOG_FLUSH_MS
 * (or LOG_FLUSH_BYTES) and handed to pino's asynchronous destination (sonic-boom) as one chunk:
 * it writes through libuv's thread pool, and a round trip there per line (or per few lines), or
 * sonic-boom's own batching (which measures its whole buffer again on every line), cost more CPU
 * than the rest of a small request. `close` writes what is pending and is awaited on shutdown; a
 * process that exits another way (a crash included) writes it on 'exit'.
 */
const LOG_FLUSH_MS = 100;
const LOG_FLUSH_BYTES = 64 * 1024;

export function createLogger(level: string, fd = 1) {
  const destination = pino.destination({ dest: fd, sync: false });
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    destination.write(chunk);
  };
  const stream = {
    write(line: string) {
      pending += line;
      if (pending.length >= LOG_FLUSH_BYTES) drain();
      else timer ??= setTimeout(drain, LOG_FLUSH_MS).unref();
    },
  };
  const log = pino(loggerOptions(level) as pino.LoggerOptions, stream);
  let closed = false;
  // Runs after pino's own exit hook for the destination, so what was pending is written too.
  process.once('exit', () => {
    if (closed) return;
    try {
      drain();
      destination.flushSync();
    } catch {
      // nothing more can be done while the process exits
    }
  });
  return {
    log,
    close: () =>
      new Promise<void>((resolve) => {
        if (closed) return resolve();
        closed = true;
        drain();
        destination.once('close', () => resolve());
        destination.end();
      }),
  };
}

/** A URL with its query values taken out: they can carry phone numbers and names (search). */
export function urlWithoutQueryValues(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? pair : pair.slice(0, eq);
    })
    .filter((name) => name !== '');
  return names.length ? `${url.slice(0, q)}?${names.join('&')}` : url.slice(0, q);
}

/**
 * One line per request, written when the response is finished (Fastify's own logging writes
 * two, 'incoming request' and 'request completed', each serialising the whole request; on a
 * route with no database work that was about half the server's CPU, ADR 0022).
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = {
      method: request.method,
      url: urlWithoutQueryValues(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
      userId: request.user?.id,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
