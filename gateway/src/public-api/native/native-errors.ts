/**
 * How the native API (`/api/v1.0/open/...`) answers a failure: HTTP 200 with the envelope
 * `{code, msg, errorMsg, data: null}` (`errorMsg` = `msg`, spec section 3) in the caller's
 * language, with the public-API catalogue's codes (10001-10029; spec section 8); where the call
 * asked for plain text (`?format=text`), `[err] <message>` as text/plain.
 *
 * Domain codes are mapped onto the catalogue (`NATIVE_CODES`); the original message rides along
 * as the detail where it says more than the catalogue's words ("Language code error (This
 * language pair is not available on this server: from Japanese into Korean)"). A few business
 * codes stay as they are, because clients act on them: 41005 (buy characters), 41007 (the
 * enterprise site is off), 42005 (the plan's limit). Anything unexpected is logged and answered
 * 10015 "Request failed" without internals.
 */
import { AppError, CODES, detailIn, PLAIN_TEXT_ERROR_PREFIX, type CodeName, type LocalizedText, type UiLang } from '@mtp/proto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The catalogue's code for a field that is wrong (not missing). */
const FIELD_CODES: Record<string, CodeName> = {
  src_lang: 'API_LANGUAGE_CODE_ERROR',
  tgt_lang: 'API_LANGUAGE_CODE_ERROR',
  domain: 'API_DOMAIN_ERROR',
  tm_id: 'API_TM_ID_ERROR',
  tb_id: 'API_TB_ID_ERROR',
  error_type: 'API_ERROR_TYPE_INCORRECT',
  task_id: 'API_TASK_ID_ERROR',
  file_id: 'API_FILE_ID_ERROR',
};

/** Domain codes as the catalogue names them; `withMessage`: the original message is kept as the detail. */
const NATIVE_CODES: Partial<Record<CodeName, { name: CodeName; withMessage?: boolean }>> = {
  CONTENT_INVALID: { name: 'API_PARAM_INCORRECT', withMessage: true },
  SAME_LANGUAGE: { name: 'API_LANGUAGE_CODE_ERROR', withMessage: true },
  LANGUAGE_UNDETECTED: { name: 'API_LANGUAGE_CODE_ERROR', withMessage: true },
  PAIR_UNAVAILABLE: { name: 'API_LANGUAGE_CODE_ERROR', withMessage: true },
  UNAUTHORIZED: { name: 'API_TOKEN_ERROR' },
  LOGGED_IN_ELSEWHERE: { name: 'API_TOKEN_ERROR' },
  ACCOUNT_DEACTIVATED: { name: 'API_ACCOUNT_NOT_ACTIVATED' },
  TOO_FREQUENT: { name: 'API_TOO_FREQUENT' },
  TRANSLATION_FAILED: { name: 'API_TRANSLATION_FAILED' },
  DEVICE_POOL_OFFLINE: { name: 'API_TRANSLATION_FAILED', withMessage: true },
  FILE_REQUIRED: { name: 'API_PARAM_INCOMPLETE', withMessage: true },
  FILE_TOO_MANY: { name: 'API_PARAM_INCORRECT', withMessage: true },
  FILE_FORMAT_UNKNOWN: { name: 'API_DOC_FORMAT_ERROR', withMessage: true },
  FILE_PARSE_FAILED: { name: 'API_DOC_FORMAT_ERROR', withMessage: true },
  FILE_CONVERT_FAILED: { name: 'API_DOC_FORMAT_ERROR', withMessage: true },
  FILE_NO_TEXT: { name: 'API_DOC_FORMAT_ERROR', withMessage: true },
  FILE_TOO_LARGE: { name: 'API_DOC_TOO_LARGE', withMessage: true },
  FILE_ENCRYPTED: { name: 'API_DOC_RESTRICTED', withMessage: true },
  FILE_TRANSLATION_FAILED: { name: 'API_TRANSLATION_FAILED', withMessage: true },
  FILE_EXPIRED: { name: 'API_TASK_ID_ERROR', withMessage: true },
  // Web pages (native-web-routes.ts): a URL refused before any task is a wrong `url`.
  WEB_URL_INVALID: { name: 'API_PARAM_INCORRECT', withMessage: true },
  WEB_URL_TOO_LONG: { name: 'API_PARAM_INCORRECT', withMessage: true },
  WEB_URL_SCHEME: { name: 'API_PARAM_INCORRECT', withMessage: true },
  WEB_TASK_NOT_FOUND: { name: 'API_TASK_ID_ERROR', withMessage: true },
};

/** Kept as they are: the client acts on them (spec section 8). */
const KEPT = new Set<CodeName>(['CHARS_NOT_ENOUGH', 'SITE_DISABLED', 'PLAN_LIMIT']);

const isCatalogue = (name: CodeName) => CODES[name].code >= 10001 && CODES[name].code <= 10029;

export type NativeFailure = { name: CodeName; detail?: string | LocalizedText | undefined };

/** A message with its detail in each interface language. */
function withDetail(name: CodeName, detail: string | LocalizedText | undefined): LocalizedText {
  const one = (lang: UiLang) => {
    const d = detailIn(detail, lang);
    return d ? `${CODES[name][lang]}: ${d}` : CODES[name][lang];
  };
  return { zh_CN: one('zh_CN'), en_US: one('en_US') };
}

/** The refusal of a field: missing (10001), or wrong (its own code where it has one, else 10002). */
export function fieldRefusal(field: string, missing: boolean, why?: string): AppError {
  if (missing) return new AppError('API_PARAM_INCOMPLETE', field);
  const name = FIELD_CODES[field];
  return name ? new AppError(name, field) : new AppError('API_PARAM_INCORRECT', why ? `${field} ${why}` : field);
}

function fromValidation(err: FastifyError): AppError {
  const first = err.validation?.[0];
  if (!first) return new AppError('API_PARAM_INCORRECT');
  const missing = first.keyword === 'required' ? String((first.params as { missingProperty?: string }).missingProperty ?? '') : '';
  if (missing) return fieldRefusal(missing, true);
  const field = first.instancePath.split('/')[1] ?? '';
  // No body at all (or not an object): nothing the call needs was sent.
  if (!field)
    return first.keyword === 'type'
      ? new AppError('API_PARAM_INCOMPLETE', err.validationContext ?? 'body')
      : new AppError('API_PARAM_INCORRECT');
  return fieldRefusal(field, false, first.message);
}

/** What the catalogue says for any error a native route (or a hook before it) threw. */
export function nativeFailureOf(err: unknown): NativeFailure & { unexpected: boolean } {
  if (err instanceof AppError) {
    if (isCatalogue(err.codeName) || KEPT.has(err.codeName)) return { name: err.codeName, detail: err.detail, unexpected: false };
    if (err.codeName === 'INVALID_PARAMS' && typeof err.detail === 'string') {
      const refusal = fieldRefusal(err.detail, false);
      return { name: refusal.codeName, detail: refusal.detail, unexpected: false };
    }
    const mapped = NATIVE_CODES[err.codeName];
    if (mapped)
      return { name: mapped.name, detail: mapped.withMessage ? withDetail(err.codeName, err.detail) : undefined, unexpected: false };
    return { name: 'API_REQUEST_FAILED', detail: withDetail(err.codeName, err.detail), unexpected: CODES[err.codeName].http >= 500 };
  }
  const fastify = err as FastifyError;
  if (fastify.validation) {
    const refusal = fromValidation(fastify);
    return { name: refusal.codeName, detail: refusal.detail, unexpected: false };
  }
  // Fastify's own 4xx: a body that is not JSON, an empty body, a wrong content type, too large.
  const status = fastify.statusCode ?? 500;
  if (status < 500) {
    const empty = fastify.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
    return { name: empty ? 'API_PARAM_INCOMPLETE' : 'API_PARAM_INCORRECT', detail: empty ? 'body' : fastify.message, unexpected: false };
  }
  return { name: 'API_REQUEST_FAILED', unexpected: true };
}

/** Whether the call asked for a plain-text answer (`?format=text`). */
export function wantsPlainText(req: FastifyRequest): boolean {
  return (req.query as Record<string, unknown> | undefined)?.format === 'text';
}

export function nativeErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const failure = nativeFailureOf(err);
  if (failure.unexpected || (err instanceof AppError && err.cause !== undefined))
    req.log.error({ err, cause: err.cause }, 'request failed');
  const entry = CODES[failure.name];
  const detail = detailIn(failure.detail, req.lang);
  const msg = detail ? `${entry[req.lang]} (${detail})` : entry[req.lang];
  reply.status(200);
  if (wantsPlainText(req)) return reply.type('text/plain; charset=utf-8').send(`${PLAIN_TEXT_ERROR_PREFIX} ${msg}`);
  // Serialized here: a route's response schema would drop `errorMsg`.
  return reply.type('application/json; charset=utf-8').send(JSON.stringify({ code: entry.code, msg, errorMsg: msg, data: null }));
}
