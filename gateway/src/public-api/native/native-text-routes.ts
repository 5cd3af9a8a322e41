/**
 * The native API's text calls (`/api/v1.0/open/...`, gateway README "Public API: native calls"):
 * translate (one or many segments, charged once, through the API packages first), language
 * detection, the engine list, the caller's memories and termbases and error reports (web pages:
 * native-web-routes.ts). Each needs a token from
 * `open/token`; its errors are answered by native-errors.ts.
 */
import { createErrorReport, listBanks, type Flag } from '@mtp/language';
import {
  EngineList,
  LangidData,
  NativeReply,
  OpenBankQuery,
  OpenErrorReportBody,
  OpenErrorReportData,
  OpenFormatQuery,
  OpenLangidBody,
  OpenTbList,
  OpenTmList,
  OpenTranslateBody,
  OpenTranslateData,
  type BankItem,
  type OpenBankItem,
  type OpenBankQuery as OpenBankFilter,
} from '@mtp/proto';
import { routedFor, translateBatch } from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../plugins/envelope';
import { engineList } from '../../routes/translation-routes';
import { requireApiCaller } from '../api-caller';
import type { PublicApiDeps } from '../public-api-deps';
import { fieldRefusal } from './native-errors';

/** Every native call but the token: a token from open/token; the user-token check stays out. */
export const NATIVE_AUTH = { auth: 'ignore' as const, apiAuth: 'token' as const };

/** A text/plain answer (`format=text`): the route's JSON schema describes the other form. */
function sendPlainText(reply: FastifyReply, text: string) {
  return reply.type('text/plain; charset=utf-8').send(text);
}

const idsOf = (ids: number | number[] | undefined) => (ids === undefined ? undefined : Array.isArray(ids) ? ids : [ids]);

const REPORT_THANKS = { zh_CN: '感谢反馈，我们会尽快处理', en_US: 'Thank you for the report; we will look into it' };

/** A bank as the lists answer it; a two-way bank of the reversed pair also serves the asked pair. */
function servesPair(bank: BankItem, src?: string, tgt?: string): boolean {
  const forward = (!src || bank.src_lang === src) && (!tgt || bank.tgt_lang === tgt);
  const reverse = bank.tow_way === 1 && (!src || bank.tgt_lang === src) && (!tgt || bank.src_lang === tgt);
  return forward || reverse;
}
const toOpenBank = (b: BankItem): OpenBankItem => ({
  bank_id: b.bank_id,
  bank_name: b.bank_name,
  src_lang: b.src_lang,
  tgt_lang: b.tgt_lang,
  entries: b.entry_count,
  system_or_individual: b.system_or_individual,
  tow_way: b.tow_way,
  domain: b.domain,
});

export const nativeTextRoutes: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  app.post(
    '/translate',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'Translate text',
        description:
          'Translates one text or a list of 1-50 segments (each at most 5,000 characters) in one call, charged once: ' +
          'your translation memories answer identical segments, termbase terms are enforced, the rest is machine translated. ' +
          '`src_lang` `auto` detects the language of the whole text. `tm_id` / `tb_id` restrict which memories / termbases are used. ' +
          'With `?format=text` the answer is text/plain, one translation per line, and an error is one line `[err] <message>`.',
        querystring: OpenFormatQuery,
        body: OpenTranslateBody,
        response: { 200: NativeReply(OpenTranslateData) },
      },
    },
    async (req, reply) => {
      const caller = requireApiCaller(req);
      const body = req.body;
      const result = await translateBatch(
        deps.text,
        { userId: caller.userId },
        {
          texts: typeof body.text === 'string' ? [body.text] : body.text,
          src_lang: body.src_lang,
          tgt_lang: body.tgt_lang,
          domain: body.domain,
        },
        { tmIds: idsOf(body.tm_id), tbIds: idsOf(body.tb_id), via: 'api' },
      );
      if (req.query.format === 'text') return sendPlainText(reply, result.translations.map((t) => t.translated).join('\n'));
      return ok(req, result);
    },
  );

  app.post(
    '/langid',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'Detect the language',
        description: 'The language of a text (`unknown` when it cannot be told) and the confidence, 0-1. Not charged.',
        body: OpenLangidBody,
        response: { 200: NativeReply(LangidData) },
      },
    },
    async (req) => {
      requireApiCaller(req);
      if (req.body.text.trim() === '') throw fieldRefusal('text', true);
      return ok(req, deps.text.detect(req.body.text));
    },
  );

  app.get(
    '/enginelist',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'List the engines',
        description:
          'Every ordered pair of languages with how it is translated for you: `direct` (a model of the pair), `pivot` (through English) or `unavailable`.',
        response: { 200: NativeReply(EngineList) },
      },
    },
    async (req) => {
      const caller = requireApiCaller(req);
      // The caller's own pool: their enterprise's devices where it has some.
      const { mt } = await routedFor(deps.text, caller.userId);
      return ok(req, { enginelist: await engineList(mt) });
    },
  );

  async function openBanks(req: FastifyRequest, flag: Flag, query: OpenBankFilter): Promise<OpenBankItem[]> {
    const caller = requireApiCaller(req);
    const banks = await listBanks(deps.db, { userId: caller.userId, role: caller.role, siteId: caller.siteId }, flag);
    return banks.filter((b) => servesPair(b, query.src_lang, query.tgt_lang)).map(toOpenBank);
  }
  const listDescription = (what: string) =>
    `Your own ${what} and the system ones you may use, with \`bank_id\` (for \`${what === 'memories' ? 'tm_id' : 'tb_id'}\` of open/translate) and \`bank_name\`. ` +
    '`src_lang` / `tgt_lang` keep the banks of that pair (two-way banks of the reversed pair too).';

  app.get(
    '/tm_list',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'List my translation memories',
        description: listDescription('memories'),
        querystring: OpenBankQuery,
        response: { 200: NativeReply(OpenTmList) },
      },
    },
    async (req) => ok(req, { tm_list: await openBanks(req, 0, req.query) }),
  );

  app.get(
    '/tb_list',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'List my termbases',
        description: listDescription('termbases'),
        querystring: OpenBankQuery,
        response: { 200: NativeReply(OpenTbList) },
      },
    },
    async (req) => ok(req, { tb_list: await openBanks(req, 1, req.query) }),
  );

  app.post(
    '/error_report',
    {
      config: NATIVE_AUTH,
      schema: {
        summary: 'Report a translation error',
        description:
          'Reports a bad translation: the source, the output, the error type (1 mistranslation, 2 omission or addition, 3 terminology, ' +
          '4 grammar or fluency, 5 formatting or punctuation, 6 other) and optionally a proposal. Administrators review the reports.',
        body: OpenErrorReportBody,
        response: { 200: NativeReply(OpenErrorReportData) },
      },
    },
    async (req) => {
      const caller = requireApiCaller(req);
      await createErrorReport(deps.db, { ...req.body, userId: caller.userId, siteId: caller.siteId, origin: 'api', appId: caller.appId });
      return ok(req, { succeMsg: REPORT_THANKS[req.lang] });
    },
  );
};
