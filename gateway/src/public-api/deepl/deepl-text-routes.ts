/**
 * DeepL's text calls: `POST /v2/translate` (JSON or form; `text` repeated up to 50 times),
 * `GET|POST /v2/languages` and `GET|POST /v2/usage`. Text goes through tasks' `translateBatch`
 * (or `translateMarkup` with `tag_handling`) charged to the key's owner `via: 'api'`: one
 * reservation a request, nothing charged when it fails. `context` is read and neither
 * translated nor charged; `formality` and `split_sentences` are accepted and change nothing.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { usageForApi } from '@mtp/billing';
import { loadBank } from '@mtp/language';
import {
  AppError,
  DeeplError,
  DeeplLanguagesData,
  DeeplLanguagesQuery,
  DeeplTranslateBody,
  DeeplTranslateData,
  DeeplUsageData,
  type LanguageCode,
} from '@mtp/proto';
import { translateBatch, translateMarkup } from '@mtp/tasks';
import { Type } from 'typebox';
import { requireApiCaller, type ApiCaller } from '../api-caller';
import type { PublicApiDeps } from '../public-api-deps';
import { DeeplRefusal, deeplNotFound } from './deepl-errors';
import { deeplBaseCode, deeplLanguageList, sourceLanguageOf, targetLanguageOf } from './deepl-languages';
import { preserveFormatting } from './preserve-formatting';

const DEEPL_AUTH = { apiAuth: 'deepl' as const };
const ERRORS = { 400: DeeplError, 403: DeeplError, 404: DeeplError, 429: DeeplError, 456: DeeplError };
const isOn = (flag: boolean | '0' | '1' | undefined) => flag === true || flag === '1';

/** The termbase a `glossary_id` names: the caller's (or a system one) of exactly this pair. */
export async function glossaryBank(deps: PublicApiDeps, caller: ApiCaller, glossaryId: string, src: LanguageCode, tgt: LanguageCode) {
  if (!/^\d{1,9}$/.test(glossaryId)) throw deeplNotFound('glossary');
  const bank = await loadBank(deps.db, caller, { bankId: Number(glossaryId), flag: 1 }, 'read').catch((err: unknown) => {
    throw err instanceof AppError ? deeplNotFound('glossary') : err;
  });
  if (bank.system_or_individual === 1 && bank.user_id !== caller.userId) throw deeplNotFound('glossary');
  if (bank.src_lang !== src || bank.tgt_lang !== tgt) {
    throw new DeeplRefusal(400, {
      en_US: "The glossary's language pair does not match the source and target languages.",
      zh_CN: '术语表的语言方向与源语言、目标语言不一致。',
    });
  }
  return bank.bank_id;
}

export const deeplTextRoutes: FastifyPluginAsyncTypebox<{ deps: PublicApiDeps }> = async (app, { deps }) => {
  app.post(
    '/translate',
    {
      config: DEEPL_AUTH,
      schema: {
        summary: 'Translate text (DeepL v2)',
        description:
          'DeepL-compatible text translation. `text` may repeat (at most 50). Without `source_lang` the language is detected. ' +
          '`tag_handling` html/xml keeps every tag and attribute and translates the text between them. ' +
          '`context` is read but not translated or charged; `formality` and `split_sentences` are accepted and ignored.',
        body: DeeplTranslateBody,
        response: { 200: DeeplTranslateData, ...ERRORS },
      },
    },
    async (req) => {
      const caller = requireApiCaller(req);
      const body = req.body;
      const tgt = targetLanguageOf(body.target_lang);
      const src: LanguageCode | 'auto' = body.source_lang ? sourceLanguageOf(body.source_lang) : 'auto';
      let tbIds: number[] | undefined;
      if (body.glossary_id) {
        if (src === 'auto') {
          throw new DeeplRefusal(400, {
            en_US: 'Use of a glossary requires the source_lang parameter.',
            zh_CN: '使用术语表时必须指定 source_lang。',
          });
        }
        tbIds = [await glossaryBank(deps, caller, body.glossary_id, src, tgt)];
      }
      const payer = { userId: caller.userId };
      const input = { texts: body.text, src_lang: src, tgt_lang: tgt };
      const opts = { via: 'api' as const, ...(tbIds ? { tbIds } : {}) };
      const result = body.tag_handling
        ? await translateMarkup(deps.text, payer, { ...input, format: body.tag_handling }, opts)
        : await translateBatch(deps.text, payer, input, opts);
      const keep = isOn(body.preserve_formatting) && !body.tag_handling;
      const detected = deeplBaseCode(result.src_lang);
      return {
        translations: result.translations.map((t, i) => ({
          detected_source_language: detected,
          text: keep ? preserveFormatting(body.text[i]!, t.translated) : t.translated,
          ...(isOn(body.show_billed_characters) ? { billed_characters: t.chars } : {}),
        })),
      };
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/languages',
    config: DEEPL_AUTH,
    schema: {
      summary: 'Supported languages (DeepL v2)',
      description: '`type=source` (default) lists source languages, `type=target` target languages with their variants.',
      querystring: DeeplLanguagesQuery,
      response: { 200: DeeplLanguagesData, ...ERRORS },
    },
    handler: async (req) => {
      requireApiCaller(req);
      const fromBody = (req.body as { type?: unknown } | undefined)?.type;
      const type = req.query.type ?? fromBody;
      if (type !== undefined && type !== 'source' && type !== 'target') {
        throw new DeeplRefusal(400, { en_US: "Value for 'type' not supported.", zh_CN: "不支持的 'type' 取值。" });
      }
      return deeplLanguageList(type ?? 'source');
    },
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/usage',
    config: DEEPL_AUTH,
    schema: {
      summary: 'Characters used and available (DeepL v2)',
      description:
        'The characters of what the key owner can spend now (API packages, packages, the plan: ' +
        '`character_limit`) and how many of them are used (`character_count`); the difference is exactly the balance.',
      querystring: Type.Object({}, { additionalProperties: true }),
      response: { 200: DeeplUsageData, ...ERRORS },
    },
    handler: async (req) => {
      const caller = requireApiCaller(req);
      // As the API spends it: the owner's API packages count in (services/billing README).
      const { count, limit } = await usageForApi(deps.db, caller.userId);
      return { character_count: count, character_limit: limit };
    },
  });
};
