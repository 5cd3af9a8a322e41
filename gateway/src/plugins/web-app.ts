/**
 * Single-machine mode: the gateway serves the built web app. Unknown GET paths outside the API
 * answer index.html so the client-side router can show them; API paths answer the envelope 404.
 *
 * Caching and compression (a first load is about 1.4 MB of scripts and styles uncompressed):
 * - `assets/` holds Vite's output with a content hash in every name, so a name never changes
 *   content: cached for a year as immutable, and a reload does not even revalidate them.
 * - everything else (index.html above all, which names the current hashes, and public files
 *   such as favicon.svg) is `no-cache`: kept, but revalidated with its ETag on every use, so a
 *   deploy is seen at once.
 * - the build writes brotli and gzip siblings (`x.js.br`, `x.js.gz`, web/vite.config.ts);
 *   `preCompressed` sends the best one the browser accepts, with no compression work per request.
 */
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sendCode } from './envelope';

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE_CACHE = 'no-cache';

function cacheHeaders(assetsDir: string) {
  return (res: SetHeadersResponse, filePath: string) => {
    res.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    // A URL answers brotli, gzip or plain bytes by Accept-Encoding: a shared cache must not hand
    // the brotli answer to a client that cannot read it.
    res.setHeader('vary', 'accept-encoding');
  };
}

export const webAppPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const root = path.resolve(opts.webDist);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      // Our own Cache-Control per file (setHeaders); send's would be `max-age=0` for all.
      cacheControl: false,
      setHeaders: cacheHeaders(path.join(root, 'assets') + path.sep),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (a page still open from before a deploy asking for an old chunk) is a
    // 404, not index.html: HTML as a script fails with a MIME error and would be cached a year.
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/') && request.url !== '/healthz';
    if (hasWeb && wantsPage) return reply.type('text/html').sendFile('index.html');
    return sendCode(request, reply, 'NOT_FOUND');
  });
});
