/**
 * Web page translation (`/webpage`, issue 22; proto/src/web-translation.ts) under /api/v1.0:
 * `POST web/translate`, `GET web/query`, `GET web/page/{task_id}`. Signed-in users only. The
 * gateway checks the URL's form, takes a free user's trial and publishes; a document worker
 * fetches the page (SSRF-filtered) and translates it, never this process.
 *
 * The translated page is someone else's HTML served from our origin, so it goes out with
 * `Content-Security-Policy: sandbox` (no allow-scripts, no allow-same-origin: an opaque
 * origin, no scripts, no forms) and no script source at all; pictures, styles and fonts may
 * still load from the original site. The web app shows it in a sandboxed iframe as well.
 */
import { Reply, WebTaskQuery, WebTaskStatus, WebTranslateBody, WebTranslateCreated } from '@mtp/proto';
import { createWebTask, queryWebTask, webPageOf, type DocDeps } from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';

export type WebTranslationRouteDeps = { docs: DocDeps };

export const TRANSLATED_PAGE_CSP = [
  'sandbox',
  "default-src 'none'",
  "script-src 'none'",
  'img-src * data:',
  "style-src * 'unsafe-inline'",
  'font-src * data:',
  'media-src *',
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

export const webTranslationRoutes: FastifyPluginAsyncTypebox<WebTranslationRouteDeps> = async (app, { docs }) => {
  app.post('/web/translate', { schema: { body: WebTranslateBody, response: { 200: Reply(WebTranslateCreated) } } }, async (req) => {
    const user = requireUser(req);
    return ok(req, await createWebTask(docs, { userId: user.userId, role: user.role, siteId: user.siteId }, req.body));
  });

  app.get('/web/query', { schema: { querystring: WebTaskQuery, response: { 200: Reply(WebTaskStatus) } } }, async (req) =>
    ok(req, await queryWebTask(docs, requireUser(req).userId, req.query.task_id, req.lang)),
  );

  // servesPage: the security-headers hook would put its stricter `default-src 'none'` over this
  // policy, which would also block the original site's pictures and styles.
  app.get(
    '/web/page/:task_id',
    {
      config: { servesPage: true },
      schema: {
        params: Type.Object({ task_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object({ version: Type.Optional(Type.Union([Type.Literal('translated'), Type.Literal('original')])) }),
      },
    },
    async (req, reply) => {
      const html = await webPageOf(docs, requireUser(req).userId, req.params.task_id, req.query.version);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', TRANSLATED_PAGE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('x-frame-options', 'SAMEORIGIN')
        .header('referrer-policy', 'no-referrer')
        .send(html);
    },
  );
};
