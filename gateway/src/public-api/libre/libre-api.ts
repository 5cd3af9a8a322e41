/**
 * The LibreTranslate-compatible API at the root (`/translate`, `/detect`, `/languages`,
 * `/translate_file`, `/download_file/...`, `/frontend/settings`, `/suggest`; ARCHITECTURE
 * conventions), so LibreTranslate's clients and its own web page work against this server
 * unchanged. One encapsulated plugin: its own error handler answers `{"error": "..."}` with
 * LibreTranslate's statuses (libre-errors.ts), also for what the root hooks throw on its routes
 * (the key check, the frequency limit). Bodies: JSON, urlencoded (@fastify/formbody, registered
 * here) and multipart forms (libre-form-parser.ts for the text calls; `/translate_file` streams).
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PublicApiDeps } from '../public-api-deps';
import { LibreError, libreErrorHandler } from './libre-errors';
import { libreFileRoutes } from './libre-file-routes';
import { parseSmallMultipartForms } from './libre-form-parser';
import { libreInfoRoutes } from './libre-info-routes';
import { libreTextRoutes } from './libre-text-routes';

export const libreApi: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  await app.register(formbody);
  app.setErrorHandler(libreErrorHandler);

  await app.register(async (text) => {
    parseSmallMultipartForms(text);
    await text.register(libreTextRoutes, { deps: deps.text });
    await text.register(libreInfoRoutes, { deps: deps.text, filesTranslation: deps.docs !== null });
  });

  const docs = deps.docs;
  if (docs) {
    await app.register(libreFileRoutes, { db: deps.db, accounts: deps.accounts, docs });
  } else {
    // No object storage: LibreTranslate's answer when files translation is off.
    app.post('/translate_file', { schema: { hide: true } }, async () => {
      throw new LibreError(403, 'filesUnavailable');
    });
  }
};
