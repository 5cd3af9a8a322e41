/**
 * Single-machine mode: the gateway serves the built web app. Unknown GET paths outside the API
 * answer index.html so the client-side router can show them; API paths answer the envelope 404.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sendCode } from './envelope';

export const webAppPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: opts.webDist, wildcard: false, index: ['index.html'] });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && request.url !== '/healthz';
    if (hasWeb && wantsPage) return reply.type('text/html').sendFile('index.html');
    return sendCode(request, reply, 'NOT_FOUND');
  });
});
