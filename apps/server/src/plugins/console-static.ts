import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { declarePublic } from './public-scope';

/**
 * Serves the built console under /app. Unknown paths under /app get index.html so the SPA's
 * router can answer them (including its own not-found page). Hashed assets are cached for a
 * year; index.html is always revalidated so a deploy shows at once.
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
  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    wildcard: true,
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return reply.code(404).send({ detail: 'Not found.' });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
