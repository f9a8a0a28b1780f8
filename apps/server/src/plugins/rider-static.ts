import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { builtFiles } from './console-static';
import { declarePublic } from './public-scope';

/**
 * Serves the rider app (ADR 0063), built into the console's dist/rider, under /rider. Any other
 * path under /rider gets its index.html (the app's screens live in its history, but a rider may
 * open an old link). Hashed assets are cached for a year; the page, the manifest, the icons and
 * above all sw.js are revalidated every time, so a deploy reaches phones on their next open.
 */
export async function riderStatic(app: FastifyInstance, opts: { consoleDist: string }) {
  declarePublic(app);
  const root = path.join(opts.consoleDist, 'rider');
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.get('/*', async (_req, reply) =>
      reply
        .code(503)
        .type('text/plain')
        .send('The rider app is not built yet: run `npm run build`.'),
    );
    return;
  }
  await app.register(fastifyStatic, builtFiles(root));
  app.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return reply.code(404).send({ detail: 'Not found.' });
    // The service worker's scope is /rider/: the bare path would open the app outside it.
    if (req.url.split('?', 1)[0] === app.prefix) return reply.redirect(`${app.prefix}/`);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
