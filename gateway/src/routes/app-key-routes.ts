/**
 * App keys of the public API (issue 20, proto/src/app-keys.ts), under /api/v1.0:
 * - any signed-in user: `GET app/keys`, `POST app/keys {name}`, `DELETE app/keys/{app_id}`
 *   (their own keys; the secret is answered once, by the POST);
 * - staff: `GET admin/app_keys?keyword`, `DELETE admin/app_keys/{app_id}`: every key for the
 *   platform administrator, a manager's own site's users' keys (another key answers 44052 as if
 *   it did not exist). The admin-only hook answers 42000 to anyone else first.
 * Each create and revoke writes `app_key.create` / `app_key.revoke` to the system log in the
 * change's transaction (accounts' app-keys/).
 */
import { createAppKey, listAppKeys, revokeAppKey, staffCallerOf, type AppKeyRow } from '@mtp/accounts';
import {
  AdminAppKeysData,
  AdminAppKeysQuery,
  AppKeyCreateBody,
  AppKeyCreated,
  AppKeyParams,
  AppKeyRevoked,
  AppKeysData,
  AppKeysQuery,
  Reply,
  type AppKeyItem,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { requestActor } from '../plugins/request-origin';
import type { PublicApiDeps } from '../public-api/public-api-deps';

const ownItem = (k: AppKeyRow): AppKeyItem => ({
  app_id: k.app_id,
  name: k.name,
  created_at: k.created_at,
  last_used_at: k.last_used_at,
  revoked_at: k.revoked_at,
});

export const appKeyRoutes: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  const { db } = deps;

  /** The site a staff caller is limited to: none for the platform administrator. */
  async function staffScope(req: FastifyRequest): Promise<{ siteId?: number }> {
    const caller = await staffCallerOf(db, requireUser(req), requestActor(req));
    return caller.admin ? {} : { siteId: caller.siteId };
  }

  app.get(
    '/app/keys',
    {
      schema: {
        summary: 'My app keys',
        description: "The caller's own app keys, newest first, revoked ones included. Secrets are never listed.",
        querystring: AppKeysQuery,
        response: { 200: Reply(AppKeysData) },
      },
    },
    async (req) => {
      const { userId } = requireUser(req);
      const page = await listAppKeys(db, { userId, page: req.query.page ?? 1, page_size: req.query.page_size ?? 10 });
      return ok(req, { list: page.list.map(ownItem), total: page.total, pages: page.pages });
    },
  );

  app.post(
    '/app/keys',
    {
      schema: {
        summary: 'Create an app key',
        description:
          'A new app key: its app id, its secret (answered this once; only its hash is kept) and the API key `<app_id>:<app_secret>`. ' +
          'At most 20 live keys a user (44051).',
        body: AppKeyCreateBody,
        response: { 200: Reply(AppKeyCreated) },
      },
    },
    async (req) => {
      const { userId } = requireUser(req);
      return ok(req, await createAppKey(db, { userId, name: req.body.name, actor: requestActor(req) }));
    },
  );

  app.delete(
    '/app/keys/:app_id',
    {
      schema: {
        summary: 'Revoke an app key',
        description: "Revokes one of the caller's keys: the key and its token stop working. Revoking twice is fine.",
        params: AppKeyParams,
        response: { 200: Reply(AppKeyRevoked) },
      },
    },
    async (req) => {
      const { userId } = requireUser(req);
      return ok(req, await revokeAppKey(db, { appId: req.params.app_id, userId, actor: requestActor(req) }));
    },
  );

  app.get(
    '/admin/app_keys',
    {
      schema: {
        summary: 'All app keys (staff)',
        description: "Every key for the platform administrator, the own site's users' keys for a manager; by keyword.",
        querystring: AdminAppKeysQuery,
        response: { 200: Reply(AdminAppKeysData) },
      },
    },
    async (req) => {
      const scope = await staffScope(req);
      const { keyword, page, page_size } = req.query;
      return ok(req, await listAppKeys(db, { ...scope, keyword, page: page ?? 1, page_size: page_size ?? 10 }));
    },
  );

  app.delete(
    '/admin/app_keys/:app_id',
    {
      schema: {
        summary: 'Revoke any app key (staff)',
        description: "Revokes a key; a manager only their own site's users' keys.",
        params: AppKeyParams,
        response: { 200: Reply(AppKeyRevoked) },
      },
    },
    async (req) => {
      const scope = await staffScope(req);
      return ok(req, await revokeAppKey(db, { appId: req.params.app_id, ...scope, actor: requestActor(req) }));
    },
  );
};
