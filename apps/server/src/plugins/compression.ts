import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Responses compressed for clients on mobile data (issue 31; ADR 0065). The built console,
 * customer pages and rider app are compressed once at build time (the .br and .gz files beside
 * each asset, served by @fastify/static's preCompressed); this compresses what the server makes:
 * API JSON, CSV exports, the pages' fallbacks, above a threshold below which the headers would
 * outweigh the saving. Brotli at a low quality: a 50 kB list page costs about a millisecond and
 * still comes out near gzip's best. The realtime stream (text/event-stream) is never buffered
 * behind a compressor: its type is not in the list.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes:
      /^(application\/(json|fhir\+json|javascript|manifest\+json)|text\/(html|css|csv|plain|javascript))/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
