/**
 * The native API's web page calls (gateway README "Public API: native calls"), on the web tasks
 * of @mtp/tasks (the same as `/webpage`: a document worker fetches the page, SSRF-filtered, and
 * translates it; never this process), charged `via: 'api'` (the key owner's API packages first):
 * - `POST open/web/translate {url, src_lang, tgt_lang}` -> `task_id` at once;
 * - `GET open/web/query?task_id=` -> status, progress 0-100, characters, a failure's own code;
 * - `GET open/web/download?task_id=[&version=original]` -> the translated page's HTML (done only).
 * A URL that is not one, too long or not http/https is refused before any task (10002 with the
 * web refusal's words); a page refused when fetched (a private address, too large...) ends its
 * task `failed` with its own code (44091-44098) and nothing charged.
 */
import {
  AppError,
  NativeReply,
  OpenWebDownloadQuery,
  OpenWebQueryData,
  OpenWebQueryQuery,
  OpenWebTranslateBody,
  OpenWebTranslateData,
} from '@mtp/proto';
import { createWebTask, queryWebTask, webPageOf, type DocDeps } from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../plugins/envelope';
import { TRANSLATED_PAGE_CSP } from '../../routes/web-translation-routes';
import { contentDisposition } from '../../routes/transfer-routes';
import { requireApiCaller } from '../api-caller';
import type { PublicApiDeps } from '../public-api-deps';
import { NATIVE_AUTH } from './native-text-routes';

function webOf(deps: PublicApiDeps): DocDeps {
  if (deps.docs) return deps.docs;
  throw new AppError('API_WEB_UNAVAILABLE');
}

export const nativeWebRoutes: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  app.post(
    '/web/translate',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'Translate a web page (asynchronous)',
        description:
          'Starts translating the page at `url` (http or https, at most 2,048 characters) from `src_lang` into `tgt_lang` and answers ' +
          'the task id at once; poll open/web/query every few seconds, then download the page. The server fetches the page itself: ' +
          "private, loopback and link-local addresses are refused, pages over 5 MB too. The page's characters are charged when it is done; " +
          'a page that fails costs nothing.',
        body: OpenWebTranslateBody,
        response: { 200: NativeReply(OpenWebTranslateData) },
      },
    },
    async (req) => {
      const caller = requireApiCaller(req);
      const owner = { userId: caller.userId, role: caller.role, siteId: caller.siteId, via: 'api' as const };
      return ok(req, await createWebTask(webOf(deps), owner, req.body));
    },
  );

  app.get(
    '/web/query',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'Web page task status',
        description:
          "A web page task's `status` (`working`, `done` or `failed`), `progress` 0-100 and the characters reserved or charged; " +
          'a failed task has its own `code` and `message` (a private address, a page too large...). Tasks are kept 24 hours.',
        querystring: OpenWebQueryQuery,
        response: { 200: NativeReply(OpenWebQueryData) },
      },
    },
    async (req) => {
      const caller = requireApiCaller(req);
      const task = await queryWebTask(webOf(deps), caller.userId, req.query.task_id, req.lang);
      const { task_id, url, src_lang, tgt_lang, status, progress, code, message } = task;
      return ok(req, { task_id, url, src_lang, tgt_lang, status, progress, code, message, chars: status === 'failed' ? 0 : task.chars });
    },
  );

  app.get(
    '/web/download',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'Download a translated web page',
        description:
          'The translated page of a done task as text/html (links made absolute; scripts kept as they were, so open it only in a ' +
          'sandbox); `version=original` gives the page as fetched. Before it is done: 10025.',
        querystring: OpenWebDownloadQuery,
      },
    },
    async (req, reply) => {
      const caller = requireApiCaller(req);
      const web = webOf(deps);
      const task = await queryWebTask(web, caller.userId, req.query.task_id, req.lang);
      if (task.status === 'failed') throw new AppError('API_TASK_ID_ERROR', task.message);
      if (task.status !== 'done') throw new AppError('API_WEB_NOT_READY');
      const html = await webPageOf(web, caller.userId, task.task_id, req.query.version ?? 'translated');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', contentDisposition(req.query.version === 'original' ? 'original.html' : 'page.html'))
        .header('content-security-policy', TRANSLATED_PAGE_CSP)
        .header('x-content-type-options', 'nosniff')
        .send(html);
    },
  );
};
