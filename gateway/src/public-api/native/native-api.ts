/**
 * The native public API under /api/v1.0/open/ (issue 20; gateway README "Public API: native
 * calls"): the token call (token-route.ts), the text calls (native-text-routes.ts), the
 * document calls (native-doc-routes.ts) and the web page calls (native-web-routes.ts). An encapsulated plugin with its own error handler, so
 * every failure of these routes, including those thrown by the root hooks before them (the
 * caller's token in api-caller.ts, the frequency limit), answers the native way (native-errors.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PublicApiDeps } from '../public-api-deps';
import { nativeDocRoutes } from './native-doc-routes';
import { nativeErrorHandler } from './native-errors';
import { nativeTextRoutes } from './native-text-routes';
import { nativeWebRoutes } from './native-web-routes';
import { tokenRoute } from './token-route';

export const nativeApi: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  app.setErrorHandler(nativeErrorHandler);
  await app.register(tokenRoute, { deps });
  await app.register(nativeTextRoutes, { deps });
  await app.register(nativeDocRoutes, { deps });
  await app.register(nativeWebRoutes, { deps });
};
