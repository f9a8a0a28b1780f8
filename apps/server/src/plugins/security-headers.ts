import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response, worked out once at startup.
 *
 * Why not @fastify/helmet: it builds helmet's middleware again on every request (every
 * directive parsed and checked, in two hooks), about 0.05 ms of CPU a request on the hottest
 * routes (ADR 0018). These headers depend only on the options, never on the request, so helmet
 * runs once here against a recording response and each request gets the recorded headers.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const set: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      // Lower-cased once here: Fastify lower-cases every reply header name it is given.
      set[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete set[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return set;
}

/** Helmet's defaults with a content security policy for the console's own needs. */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      // Map tiles come from TILE_URL's host; everything else is same-origin.
      'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'connect-src': ["'self'"],
      'frame-src': ["'self'", 'https:'],
    },
  },
};

/**
 * The page options with the origins of the configured embeds (REPORTING_URL,
 * ISSUE_REPORTING_URL) added to frame-src, so a team's own tool on plain http (an
 * internal Metabase) can be framed too. Without any, the options above as they are.
 */
export function pageSecurityHeaderOptions(
  embedUrls: readonly (string | undefined)[],
): HelmetOptions {
  const origins = [...new Set(embedUrls.flatMap((u) => (u ? [new URL(u).origin] : [])))];
  if (origins.length === 0) return SECURITY_HEADER_OPTIONS;
  const csp = SECURITY_HEADER_OPTIONS.contentSecurityPolicy as {
    directives: Record<string, string[]>;
  };
  const frameSrc = csp.directives['frame-src'] ?? [];
  return {
    ...SECURITY_HEADER_OPTIONS,
    contentSecurityPolicy: {
      directives: { ...csp.directives, 'frame-src': [...frameSrc, ...origins] },
    },
  };
}

/**
 * JSON answers of the API are never rendered as pages, so most of the page headers above do
 * nothing for them, while their bytes cost on every answer (ADR 0022: the whole set roughly
 * doubled the kernel's share of a small answer). The API gets OWASP's REST set instead, which is
 * stricter where it matters: nothing may load or frame it, and patient data is never cached.
 */
export const API_SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** Paths that answer JSON (the API and health); /api/docs serves pages and keeps the page set. */
export const isApiPath = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The headers go on the reply (`reply.headers`), not on the raw response: Fastify hands its reply
 * headers to a single `writeHead` call, and Node writes an object given to `writeHead` as it is
 * when `setHeader` was never called. Twelve `res.setHeader` calls (each validated, lower-cased and
 * stored, then merged again by `writeHead`) cost about 6 µs a request (ADR 0022, third pass).
 * A handler that hijacks its response writes its own headers and takes these with
 * `reply.getHeaders()`. Helmet's removals (`x-powered-by`) need nothing here: neither Node nor
 * Fastify sets that header, and nothing is set yet when this hook runs.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const page = helmetHeaders(
      pageSecurityHeaderOptions([app.config.REPORTING_URL, app.config.ISSUE_REPORTING_URL]),
    );
    const api = { ...helmetHeaders(API_SECURITY_HEADER_OPTIONS), 'cache-control': 'no-store' };
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(isApiPath(req.url) ? api : page);
      done();
    });
  },
  { name: 'security-headers' },
);
