/**
 * `POST /translate` and `POST /detect`, as LibreTranslate answers them (app.py). The key check is
 * api-caller.ts's (`apiAuth: 'libre'`: `api_key` in the body or query); with a key the owner is
 * charged through the API (`via: 'api'`, API packages first), without one (or an empty one, as
 * LibreTranslate's page sends) the caller is a free visitor paying from the trial quota of their
 * address, like `try_translate`. Text goes through `translateBatch` (one reservation for all of
 * `q`, nothing charged on failure), html through `translateMarkup` (the tags kept).
 */
import { clientKeyFromIp } from '@mtp/billing';
import {
  LibreDetectAnswer,
  LibreDetectBody,
  LibreError as LibreErrorSchema,
  LibreTranslateAnswer,
  LibreTranslateBody,
  LIMITS,
  type LanguageCode,
  type LibreDetection,
} from '@mtp/proto';
import { translateBatch, translateMarkup, type Payer, type TextJobDeps } from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { LibreError } from './libre-errors';
import { LIBRE_CODE, ourLanguage, ourSource } from './libre-languages';

const ERRORS = { 400: LibreErrorSchema, 403: LibreErrorSchema, 429: LibreErrorSchema, 500: LibreErrorSchema };

/** The key's owner (api-caller.ts resolved it), through the API; without a key, the visitor's trial bucket. */
function payerOf(req: FastifyRequest): { payer: Payer; via?: 'api' } {
  const caller = req.apiCaller;
  return caller ? { payer: { userId: caller.userId }, via: 'api' } : { payer: { anonymousKey: clientKeyFromIp(req.ip) } };
}

/** LibreTranslate normalizes a form's line endings (FormData sends CRLF) so the limit counts the same. */
const normalized = (text: string, fromForm: boolean) => (fromForm ? text.replace(/\r\n?/g, '\n') : text);

/** Confidence 0-1 as LibreTranslate's 0-100; an undetectable text is LibreTranslate's `en` at 0. */
function detectionOf(deps: TextJobDeps, text: string): LibreDetection & { ours: LanguageCode | null } {
  const found = deps.detect(text);
  if (found.lang === 'unknown') return { confidence: 0, language: 'en', ours: null };
  return { confidence: Math.round(found.confidence * 100), language: LIBRE_CODE[found.lang], ours: found.lang };
}

const withoutTags = (html: string) => html.replace(/<[^>]*>/g, ' ');

/**
 * Requests whose q came as an array, noted before validation: the validator's type coercion
 * turns a one-element array into a string, and LibreTranslate answers an array for an array.
 */
const sentArrays = new WeakSet<FastifyRequest>();
const noteArrayQ = async (req: FastifyRequest) => {
  if (Array.isArray((req.body as { q?: unknown } | undefined)?.q)) sentArrays.add(req);
};

export const libreTextRoutes: FastifyPluginAsyncTypebox<{ deps: TextJobDeps }> = async (app, { deps }) => {
  app.post(
    '/translate',
    {
      config: { apiAuth: 'libre' },
      preValidation: noteArrayQ,
      schema: {
        summary: 'Translate text (LibreTranslate)',
        description:
          "LibreTranslate's `/translate`: JSON, urlencoded or multipart form. `q` a string or an array (answered alike); `source` may be `auto` (the answer then has `detectedLanguage`); `format` `text` or `html`. Each text at most 5,000 characters (`/frontend/settings` charLimit). With `api_key` the key's owner is charged (API packages first); without, the free trial quota of the caller's address.",
        body: LibreTranslateBody,
        response: { 200: LibreTranslateAnswer, ...ERRORS },
      },
    },
    async (req) => {
      const fromForm = !String(req.headers['content-type'] ?? '').includes('json');
      const batch = sentArrays.has(req);
      const texts = (Array.isArray(req.body.q) ? req.body.q : [req.body.q]).map((t) => normalized(t, fromForm));
      // An empty q is LibreTranslate's "missing q" (`if not q`), whichever way it came.
      if (texts.every((t) => t.length === 0)) throw new LibreError(400, 'missing', 'q');
      const format = (req.body.format || 'text').toLowerCase();
      if (format !== 'text' && format !== 'html') throw new LibreError(400, 'formatNotSupported', req.body.format);
      // LibreTranslate refuses a text over its limit (it does not cut it): nothing is translated or charged.
      const long = texts.find((t) => [...t].length > LIMITS.textChars);
      if (long !== undefined) throw new LibreError(400, 'tooLong', `${[...long].length} > ${LIMITS.textChars}`);
      const source = ourSource(req.body.source);
      const tgt = ourLanguage(req.body.target);

      // `auto`: detected once for all of q (as LibreTranslate does), on the text without its tags.
      const plain = texts.map((t) => (format === 'html' ? withoutTags(t) : t)).join('\n');
      const detected = source === 'auto' ? detectionOf(deps, plain) : null;
      const src = detected ? (detected.ours ?? 'auto') : source;
      const { payer, via } = payerOf(req);
      const body = { texts, src_lang: src, tgt_lang: tgt };
      const result =
        format === 'html'
          ? await translateMarkup(deps, payer, { ...body, format: 'html' }, { via })
          : await translateBatch(deps, payer, body, { via });

      const translated = result.translations.map((t) => t.translated);
      const detectedLanguage = detected ? { confidence: detected.confidence, language: LIBRE_CODE[result.src_lang] } : undefined;
      // No alternative translations here: asked-for alternatives are answered `[]` (per text for q arrays).
      const wantsAlternatives = (req.body.alternatives ?? 0) > 0;
      return {
        translatedText: batch ? translated : translated[0]!,
        ...(detectedLanguage ? { detectedLanguage: batch ? texts.map(() => detectedLanguage) : detectedLanguage } : {}),
        ...(wantsAlternatives ? { alternatives: batch ? texts.map(() => []) : [] } : {}),
      };
    },
  );

  app.post(
    '/detect',
    {
      config: { apiAuth: 'libre' },
      schema: {
        summary: 'Detect the language of a text (LibreTranslate)',
        description:
          "LibreTranslate's `/detect`: `[{confidence, language}]`, confidence 0-100. Not charged. An undetectable text answers `en` at 0, as LibreTranslate does.",
        body: LibreDetectBody,
        response: { 200: LibreDetectAnswer, ...ERRORS },
      },
    },
    async (req) => {
      const { confidence, language } = detectionOf(deps, req.body.q);
      return [{ confidence, language }];
    },
  );
};
