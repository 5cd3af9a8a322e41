/**
 * Text translation and what the translation page needs around it: language detection, the
 * language and domain lists, the engine list (`/api/v1.0/...`).
 */
import { clientKeyFromIp } from '@mtp/billing';
import { findTextTask, submitTextJob, translateText, type MtPort, type Payer, type TextJobDeps } from '@mtp/tasks';
import {
  DOMAIN_NAMES,
  DomainList,
  DomainListQuery,
  DOMAINS,
  EngineList,
  LangidBody,
  LangidData,
  LANGUAGE_NAMES,
  LanguageAndDomainList,
  LanguageList,
  LanguageListQuery,
  LANGUAGES,
  Reply,
  TranslateBody,
  TranslateData,
  TextTaskData,
  TextTaskQuery,
  TextTaskStatusData,
  type EnginePair,
  type UiLang,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';

const languageList = (lang: UiLang) => LANGUAGES.map((code) => ({ language: LANGUAGE_NAMES[code][lang], language_code: code }));
const domainList = (lang: UiLang, codes: readonly (typeof DOMAINS)[number][]) =>
  codes.map((code) => ({ domain: DOMAIN_NAMES[code][lang], domain_code: code }));

/** Every ordered pair of platform languages with how (and whether) it can be translated. */
export async function engineList(mt: MtPort): Promise<EnginePair[]> {
  const pairs: EnginePair[] = [];
  for (const src of LANGUAGES) {
    for (const tgt of LANGUAGES) {
      if (src === tgt) continue;
      const route = await mt.route(src, tgt);
      const engine = route.kind === 'unavailable' ? '' : route.legs.map(([s, t]) => `${s}_${t}`).join('>');
      pairs.push({ src_lang: src, tgt_lang: tgt, kind: route.kind, engine });
    }
  }
  return pairs;
}

/** Free visitors pay from an anonymous bucket per client address (the ledger's trial quota). */
function anonymousPayer(req: FastifyRequest): Payer {
  return { anonymousKey: clientKeyFromIp(req.ip) };
}

export const translationRoutes: FastifyPluginAsyncTypebox<{ deps: TextJobDeps }> = async (app, { deps }) => {
  app.post('/langid', { config: { auth: 'ignore' }, schema: { body: LangidBody, response: { 200: Reply(LangidData) } } }, async (req) =>
    ok(req, deps.detect(req.body.text)),
  );

  app.post(
    '/try_translate',
    { config: { auth: 'ignore' }, schema: { body: TranslateBody, response: { 200: Reply(TranslateData) } } },
    async (req) => ok(req, await translateText(deps, anonymousPayer(req), req.body)),
  );

  app.post('/text/translate', { schema: { body: TranslateBody, response: { 200: Reply(TranslateData) } } }, async (req) =>
    ok(req, await translateText(deps, { userId: requireUser(req).userId }, req.body)),
  );

  // Asynchronous text: a durable task that survives a worker dying mid-job; poll text/query.
  app.post('/text/translate_async', { schema: { body: TranslateBody, response: { 200: Reply(TextTaskData) } } }, async (req) =>
    ok(req, await submitTextJob(deps, { userId: requireUser(req).userId }, req.body)),
  );

  app.get('/text/query', { schema: { querystring: TextTaskQuery, response: { 200: Reply(TextTaskStatusData) } } }, async (req) =>
    ok(req, await findTextTask(deps.db, req.query.task_id, requireUser(req).userId, req.lang)),
  );

  app.get(
    '/site/get_all_language_and_domain',
    { schema: { querystring: LanguageListQuery, response: { 200: Reply(LanguageAndDomainList) } } },
    async (req) => ok(req, { language_list: languageList(req.lang), domain_list: domainList(req.lang, DOMAINS) }),
  );

  app.get(
    '/site/sites_language_list',
    { schema: { querystring: LanguageListQuery, response: { 200: Reply(LanguageList) } } },
    async (req) => ok(req, { language_list: languageList(req.lang) }),
  );

  // Only general-domain models exist so far: an available pair offers `general`, others nothing.
  app.get('/site/sites_domain_list', { schema: { querystring: DomainListQuery, response: { 200: Reply(DomainList) } } }, async (req) => {
    const [src, tgt] = (req.query.language_pair ?? '').split('_');
    const known = (code: string | undefined): code is (typeof LANGUAGES)[number] => (LANGUAGES as readonly string[]).includes(code ?? '');
    if (!known(src) || !known(tgt) || src === tgt) return ok(req, { domain_list: domainList(req.lang, DOMAINS) });
    const route = await deps.mt.route(src, tgt);
    return ok(req, { domain_list: route.kind === 'unavailable' ? [] : domainList(req.lang, ['general']) });
  });

  app.get('/text/engine_list', { schema: { response: { 200: Reply(EngineList) } } }, async (req) =>
    ok(req, { enginelist: await engineList(deps.mt) }),
  );
};
