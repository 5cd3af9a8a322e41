/**
 * `POST /api/v1.0/open/token {app_id, app_secret}` (issue 20): the native API's access token and
 * its lifetime in seconds (API_TOKEN_TTL_S, default 7200). One valid token per app on every
 * replica: the token's hash lives on the key's row, so a new one retires the old. A missing field
 * answers 10001, a wrong pair (or a revoked key) 10003, a deactivated owner 10004. Registered by
 * native-api.ts inside its prefix, so its errors answer the native way.
 */
import { issueAppToken } from '@mtp/accounts';
import { AppError, AppTokenBody, AppTokenData, Reply } from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../plugins/envelope';
import type { PublicApiDeps } from '../public-api-deps';

export const tokenRoute: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  app.post(
    '/token',
    {
      // The credential is in the body; a user's bearer token means nothing here.
      config: { auth: 'ignore' },
      schema: {
        summary: 'Get an access token',
        description:
          'Trades an app key (app id and secret, from the user center) for an access token and its lifetime in seconds. ' +
          'Send it as `Authorization: Bearer <token>` on the other native calls. A new token retires the previous one.',
        body: AppTokenBody,
        response: { 200: Reply(AppTokenData) },
      },
    },
    async (req) => {
      const appId = req.body?.app_id?.trim();
      const appSecret = req.body?.app_secret?.trim();
      if (!appId || !appSecret) throw new AppError('API_PARAM_INCOMPLETE', !appId ? 'app_id' : 'app_secret');
      return ok(req, await issueAppToken(deps.db, { appId, appSecret, ttlSeconds: deps.apiTokenTtlSeconds }));
    },
  );
};
