/**
 * Errors the LibreTranslate way: `{"error": "<message>"}` with the statuses LibreTranslate uses
 * (400 bad request, 403 invalid key, 429 slow down, 500 server error; app.py's error handlers),
 * the message in the caller's language (Accept-Language), never an internal detail.
 */
import { AppError, CODES, detailIn, LIBRE_MESSAGES, type CodeName, type LibreMessage, type UiLang } from '@mtp/proto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

export type LibreStatus = 400 | 403 | 404 | 429 | 500;

/** A refusal in LibreTranslate's own words (its messages, `{x}` filled in). */
export class LibreError extends Error {
  constructor(
    readonly status: LibreStatus,
    readonly key: LibreMessage,
    readonly x = '',
  ) {
    super(LIBRE_MESSAGES[key].en_US.replace('{x}', x));
    this.name = 'LibreError';
  }
}

export const libreMessage = (key: LibreMessage, lang: UiLang, x = '') => LIBRE_MESSAGES[key][lang].replace('{x}', x);

/**
 * Our codes as LibreTranslate statuses. A wrong key is LibreTranslate's 403 "Invalid API key";
 * a deactivated owner or a disabled enterprise is refused the same way (403, our message).
 * Decision: not enough characters (and a free plan out of document trials) is 429, the status
 * LibreTranslate gives a key over its daily allowance; everything a caller got wrong is 400.
 */
const STATUS_OF: Partial<Record<CodeName, LibreStatus>> = {
  API_APP_CREDENTIALS: 403,
  API_ACCOUNT_NOT_ACTIVATED: 403,
  ACCOUNT_DEACTIVATED: 403,
  SITE_DISABLED: 403,
  NO_PERMISSION: 403,
  TOO_FREQUENT: 429,
  API_TOO_FREQUENT: 429,
  CHARS_NOT_ENOUGH: 429,
  PLAN_LIMIT: 429,
  NOT_FOUND: 404,
  FILE_EXPIRED: 404,
  // A file that died in translation (not the file's fault) is the server's failure, as in LibreTranslate.
  FILE_TRANSLATION_FAILED: 500,
  DOC_INTERRUPTED: 500,
};

function statusOf(name: CodeName): LibreStatus {
  return STATUS_OF[name] ?? (CODES[name].http >= 500 || name === 'TRANSLATION_FAILED' || name === 'DEVICE_POOL_OFFLINE' ? 500 : 400);
}

/** The error of an AppError: "Invalid API key" for a bad key, "Slowdown: ..." for the rate limit. */
function appErrorText(err: AppError, lang: UiLang): string {
  if (err.codeName === 'API_APP_CREDENTIALS') return libreMessage('invalidApiKey', lang);
  const detail = detailIn(err.detail, lang);
  const text = detail ? `${CODES[err.codeName][lang]} (${detail})` : CODES[err.codeName][lang];
  return err.codeName === 'TOO_FREQUENT' ? `${libreMessage('slowdown', lang)} ${text}` : text;
}

/** A schema refusal named as LibreTranslate names it: "missing q parameter", "format ... not valid". */
function validationText(err: FastifyError, lang: UiLang): string {
  const first = err.validation?.[0];
  const missing = first?.params && 'missingProperty' in first.params ? String(first.params.missingProperty) : '';
  const field = missing || (first?.instancePath ?? '').replace(/^\//, '').split('/')[0] || '';
  if (!field) return libreMessage('invalidJson', lang);
  // An empty q (or q: []) is "missing" in LibreTranslate too (`if not q`).
  const empty = first?.keyword === 'minLength' || first?.keyword === 'minItems';
  return libreMessage(missing || empty ? 'missing' : 'invalidParam', lang, field);
}

export function libreErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const lang = req.lang;
  if (err instanceof LibreError) return reply.status(err.status).send({ error: libreMessage(err.key, lang, err.x) });
  if (err instanceof AppError) {
    const status = statusOf(err.codeName);
    if (status >= 500 || err.cause !== undefined) req.log.error({ err, cause: err.cause }, 'request failed');
    if (err.codeName === 'TOO_FREQUENT' && reply.getHeader('retry-after') === undefined) reply.header('retry-after', 1);
    return reply.status(status).send({ error: appErrorText(err, lang) });
  }
  if (err.validation) return reply.status(400).send({ error: validationText(err, lang) });
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: CODES.SERVER_ERROR[lang] });
  }
  // Fastify's own refusals: a body that is not JSON, a body too large, an unknown content type.
  const jsonBroken =
    err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError;
  return reply
    .status(400)
    .send({ error: jsonBroken ? libreMessage('invalidJson', lang) : `${CODES.INVALID_PARAMS[lang]} (${err.message})` });
}
