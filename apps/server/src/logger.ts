import { isatty } from 'node:tty';
import { PUBLIC_PAGE_ROOTS } from '@dastak/core/states';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import { prettyLogLine } from './log-pretty';
import { safeErrSerializer } from './log-redact';

/**
 * Logs never carry credentials or tokens, nor patient data: bodies are not logged, query values
 * are taken out of URLs (urlWithoutQueryValues), and a failed statement's values out of errors
 * (log-redact.ts).
 */
export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  serializers: { err: safeErrSerializer },
});

/**
 * The production logger: pino writing to `fd` (stdout) asynchronously, so a log line costs the
 * request a string append, not a write(2) (ADR 0022). Lines are gathered for up to LOG_FLUSH_MS
 * (or LOG_FLUSH_BYTES) and handed to pino's asynchronous destination (sonic-boom) as one chunk:
 * it writes through libuv's thread pool, and a round trip there per line (or per few lines), or
 * sonic-boom's own batching (which measures its whole buffer again on every line), cost more CPU
 * than the rest of a small request. `close` writes what is pending and is awaited on shutdown; a
 * process that exits another way (a crash included) writes it on 'exit'. On a terminal the
 * lines are readable ones (log-pretty.ts), JSON otherwise.
 */
const LOG_FLUSH_MS = 100;
const LOG_FLUSH_BYTES = 64 * 1024;

export function createLogger(level: string, fd = 1, pretty = isatty(fd)) {
  const destination = pino.destination({ dest: fd, sync: false });
  // Lines are kept in an array and joined once: appending each to one string made V8 flatten
  // the growing string again and again (about 1 µs a request in the profile, ADR 0022).
  let pending: string[] = [];
  let pendingLength = 0;
  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    pendingLength = 0;
    destination.write(chunk);
  };
  const stream = {
    write(json: string) {
      // A terminal gets readable lines; a pipe or file (a log shipper) the JSON lines.
      const line = pretty ? prettyLogLine(json) : json;
      pending.push(line);
      pendingLength += line.length;
      if (pendingLength >= LOG_FLUSH_BYTES) drain();
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

/**
 * Paths whose next segment is a secret: a customer link id (it opens a patient's order for 48
 * hours or until pickup) or a password-reset token. The log keeps the route, not the secret.
 */
const SECRET_SEGMENT = new RegExp(
  `^(/app/(?:${[...PUBLIC_PAGE_ROOTS, 'password-reset'].join('|')})/|/api/v1/(?:feedback/(?:order_review|physical_visit|cro-feedback)|location/rider-live-location)/)[^/?]+`,
);

/**
 * A URL as logged: query values taken out (they can carry phone numbers and names: search) and
 * a secret path segment replaced by ':id'.
 */
export function urlWithoutQueryValues(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_SEGMENT, '$1:id');
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

const {
  chindingsSym,
  endSym,
  formattersSym,
  hooksSym,
  lsCacheSym,
  messageKeySym,
  mixinSym,
  streamSym,
  timeSym,
} = pino.symbols;

/** What of a pino logger's internals a request line needs (read on every line: they can change). */
interface PlainPino {
  levelPrefix: (level: number) => string;
  time: () => string;
  chindings: () => string;
  end: () => string;
  write: (line: string) => void;
}

const plainPinos = new WeakMap<object, PlainPino | null>();

/**
 * The pino logger `log` when it writes plain lines (no mixin, no log formatter, no write hook, the
 * message under `msg`), so a line can be put together here the way pino does it; else null.
 */
function plainPino(log: FastifyBaseLogger): PlainPino | null {
  let found = plainPinos.get(log);
  if (found !== undefined) return found;
  const p = log as unknown as Record<symbol, unknown>;
  const formatters = p[formattersSym] as { log?: unknown } | undefined;
  const hooks = p[hooksSym] as { streamWrite?: unknown } | undefined;
  const plain =
    typeof p[timeSym] === 'function' &&
    typeof p[lsCacheSym] === 'object' &&
    typeof (p[streamSym] as { write?: unknown } | undefined)?.write === 'function' &&
    !p[mixinSym] &&
    !formatters?.log &&
    !hooks?.streamWrite &&
    p[messageKeySym] === 'msg';
  found = plain
    ? {
        levelPrefix: (level) => (p[lsCacheSym] as Record<number, string>)[level] as string,
        time: () => (p[timeSym] as () => string)(),
        chindings: () => p[chindingsSym] as string,
        end: () => p[endSym] as string,
        write: (line) => (p[streamSym] as { write(line: string): void }).write(line),
      }
    : null;
  plainPinos.set(log, found);
  return found;
}

const INFO = 30;

/**
 * The logger a request gets (`req.log`, `reply.log`): pino's child with the request id bound,
 * made on first use. Making a pino child for every request cost about 1.5 µs, and most requests
 * log nothing but their one request line, which `RequestLogController` writes through the parent
 * with the id in it (ADR 0022, third pass). Methods live on the prototype: nothing but this small
 * object is made per request.
 */
export class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
  ) {}

  get #log(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  /** The child for a line at `level`, or undefined when that level is off (no child made). */
  #at(level: pino.Level): FastifyBaseLogger | undefined {
    if (this.#child) return this.#child;
    if ((this.parent as Partial<pino.Logger>).isLevelEnabled?.(level) === false) return undefined;
    return this.#log;
  }

  get level() {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#log.level = level;
  }

  fatal(...args: Parameters<pino.LogFn>) {
    this.#at('fatal')?.fatal(...args);
  }
  error(...args: Parameters<pino.LogFn>) {
    this.#at('error')?.error(...args);
  }
  warn(...args: Parameters<pino.LogFn>) {
    this.#at('warn')?.warn(...args);
  }
  info(...args: Parameters<pino.LogFn>) {
    this.#at('info')?.info(...args);
  }
  debug(...args: Parameters<pino.LogFn>) {
    this.#at('debug')?.debug(...args);
  }
  trace(...args: Parameters<pino.LogFn>) {
    this.#at('trace')?.trace(...args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#log.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a `RequestLogger`, or pino's child at once when the route sets
 * its own log level or serializers (none does today).
 */
export function requestChildLogger(
  this: unknown,
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  return new RequestLogger(logger, bindings);
}

/**
 * One line per request, written when the response is finished (Fastify's own logging writes
 * two, 'incoming request' and 'request completed', each serialising the whole request; on a
 * route with no database work that was about half the server's CPU, ADR 0022). The line is put
 * together here, field by field, when the logger is a plain pino one: pino's generic path walks
 * the object, looks up serializers and escapes key by key (ADR 0022, third pass). The result is
 * the line pino writes for `log.info({ reqId, ...line }, 'request')`.
 */
/** How often the count of quiet requests is logged at info. */
export const QUIET_SUMMARY_MS = 60_000;

export class RequestLogController extends LogController {
  /**
   * Requests of `logQuietly` routes (rider pings: 8.6 M lines a day at 1,000 riders) since the
   * last summary: written at debug one by one, and counted into one info line a minute.
   */
  private quiet = { count: 0, errors: 0, log: undefined as FastifyBaseLogger | undefined };
  private readonly summary = setInterval(() => this.summarizeQuiet(), QUIET_SUMMARY_MS).unref();

  override incomingRequest() {}

  private summarizeQuiet() {
    const { count, errors, log } = this.quiet;
    if (count === 0 || !log) return;
    log.info({ requests: count, failed: errors, perMs: QUIET_SUMMARY_MS }, 'quiet requests');
    this.quiet = { count: 0, errors: 0, log };
  }

  /** Stops the summary timer (the app's onClose), with a last summary. */
  close() {
    clearInterval(this.summary);
    this.summarizeQuiet();
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const responseTime = Math.round(reply.elapsedTime * 100) / 100;
    const url = urlWithoutQueryValues(request.url);
    const userId = request.user?.id;
    const log = reply.log;
    const quiet = !error && request.routeOptions.config?.logQuietly === true;
    if (quiet) {
      const root = log instanceof RequestLogger ? log.parent : log;
      this.quiet.count += 1;
      if (reply.statusCode >= 400) this.quiet.errors += 1;
      this.quiet.log = root;
      root.debug(
        { method: request.method, url, statusCode: reply.statusCode, responseTime, userId },
        'request',
      );
      return;
    }
    if (!error && log instanceof RequestLogger) {
      const root = log.parent;
      if (!(root as pino.Logger).isLevelEnabled?.('info')) return;
      const p = plainPino(root);
      if (p) {
        p.write(
          `${p.levelPrefix(INFO)}${p.time()}${p.chindings()},${JSON.stringify(this.requestIdLogLabel)}:${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(url)},"statusCode":${reply.statusCode},"responseTime":${Number.isFinite(responseTime) ? responseTime : null}${userId === undefined ? '' : `,"userId":${userId}`},"msg":"request"${p.end()}`,
        );
        return;
      }
    }
    const line = {
      method: request.method,
      url,
      statusCode: reply.statusCode,
      responseTime,
      userId,
    };
    if (error) log.error({ ...line, err: error }, 'request errored');
    else log.info(line, 'request');
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requests logged at debug and counted in one info line a minute (RequestLogController). */
    logQuietly?: boolean;
  }
}
