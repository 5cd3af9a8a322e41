/**
 * The DeepL-compatible API under /v2/ (issue 20; gateway/README.md "DeepL-compatible API"):
 * DeepL's own clients (deepl-node, deepl-python, ...) pointed at this server with
 * `serverUrl` work unchanged. Callers are app keys (`Authorization: DeepL-Auth-Key
 * <app_id>:<app_secret>`, read by api-caller.ts before the frequency limit); bodies are JSON or
 * forms (registered here, for this family only); errors answer DeepL's statuses and
 * `{"message": ...}` (deepl-errors.ts).
 */
import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PublicApiDeps } from '../public-api-deps';
import { deeplDocumentRoutes } from './deepl-document-routes';
import { useDeeplErrors } from './deepl-errors';
import { deeplGlossaryRoutes } from './deepl-glossary-routes';
import { deeplTextRoutes } from './deepl-text-routes';

export const deeplApi: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  await app.register(formbody);
  useDeeplErrors(app);
  // An unknown /v2/ path answers DeepL's way too.
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ message: req.lang === 'zh_CN' ? '接口不存在。' : 'Not found.' }));
  await app.register(deeplTextRoutes, { deps });
  await app.register(deeplGlossaryRoutes, { deps });
  await app.register(deeplDocumentRoutes, { deps });
};
