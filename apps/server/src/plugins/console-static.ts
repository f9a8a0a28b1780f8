import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_PAGE_ROOTS } from '@dastak/core/states';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { declarePublic } from './public-scope';

const PUBLIC_ROOTS: ReadonlySet<string> = new Set(PUBLIC_PAGE_ROOTS);

/** The first path segment under the prefix: /app/order-review/abc?x -> 'order-review'. */
const pageRoot = (url: string, prefix: string) =>
  url.split('?', 1)[0]!.slice(prefix.length).split('/').find(Boolean) ?? '';

/**
 * @fastify/static's options for a Vite build: its hashed assets cached for a year, every other
 * file (the pages, a service worker, a manifest) revalidated on each request, so a deploy
 * shows at once. The console (/app) and the rider app (/rider) serve their builds with them.
 */
export function builtFiles(root: string) {
  return {
    root,
    prefix: '/',
    wildcard: true,
    // The .br and .gz the build wrote beside each file (apps/console/precompress.ts), chosen by
    // the request's Accept-Encoding; Vary says so to caches.
    preCompressed: true,
    // Off, or @fastify/static's own 'public, max-age=0' overwrites what setHeaders writes (and
    // the pages' no-cache): the caching below is ours alone.
    cacheControl: false,
    setHeaders: (res: { setHeader(name: string, value: string): unknown }, filePath: string) => {
      // The same URL is sent as br, gzip or plain (preCompressed): caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  };
}

/**
 * Serves the built console under /app. Unknown paths under /app get index.html so the SPA's
 * router can answer them (including its own not-found page), except the customer pages (spec
 * §2.1 public routes): they get customer.html, their own small entry that never loads the staff
 * console (ADR 0039). Hashed assets are cached for a year; the pages are always revalidated so
 * a deploy shows at once.
 */
export async function consoleStatic(app: FastifyInstance, opts: { root: string }) {
  declarePublic(app);
  const index = path.join(opts.root, 'index.html');
  if (!fs.existsSync(index)) {
    app.get('/*', async (_req, reply) =>
      reply.code(503).type('text/plain').send('The console is not built yet: run `npm run build`.'),
    );
    return;
  }
  await app.register(fastifyStatic, builtFiles(opts.root));
  const hasCustomerPages = fs.existsSync(path.join(opts.root, 'customer.html'));
  app.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return reply.code(404).send({ detail: 'Not found.' });
    const page =
      hasCustomerPages && PUBLIC_ROOTS.has(pageRoot(req.url, app.prefix))
        ? 'customer.html'
        : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
