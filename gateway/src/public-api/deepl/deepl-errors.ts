/**
 * Errors the DeepL way: the HTTP status says what happened (DeepL's clients map it to their
 * error classes: 403 AuthorizationError, 456 QuotaExceededError, 429 TooManyRequestsError,
 * 404 GlossaryNotFoundError on glossary calls, 503 DocumentNotReadyError on a download) and the
 * body is `{"message": ...}` in the caller's language (Accept-Language), never internals.
 */
import { AppError, detailIn, messageOf, type CodeName, type LocalizedText } from '@mtp/proto';
import type { FastifyError, FastifyInstance } from 'fastify';

/** A refusal that only exists in DeepL's terms (a status of its own and a message). */
export class DeeplRefusal extends Error {
  constructor(
    readonly status: number,
    readonly text: LocalizedText,
  ) {
    super(text.en_US);
    this.name = 'DeeplRefusal';
  }
}

/** Our codes whose DeepL status is not 400. */
const STATUS_OF: Partial<Record<CodeName, number>> = {
  UNAUTHORIZED: 403,
  API_APP_CREDENTIALS: 403,
  API_TOKEN_ERROR: 403,
  API_TOKEN_EXPIRED: 403,
  API_ACCOUNT_NOT_ACTIVATED: 403,
  SITE_DISABLED: 403,
  NO_PERMISSION: 403,
  CHARS_NOT_ENOUGH: 456,
  // DeepL answers 456 when the number of glossaries is used up too.
  PLAN_LIMIT: 456,
  TOO_FREQUENT: 429,
  API_TOO_FREQUENT: 429,
  NOT_FOUND: 404,
  API_TASK_ID_ERROR: 404,
  API_TB_ID_ERROR: 404,
  FILE_TOO_LARGE: 413,
  API_DOC_TOO_LARGE: 413,
  TRANSLATION_FAILED: 500,
  API_TRANSLATION_FAILED: 500,
  SERVER_ERROR: 500,
};

export const deeplNotFound = (what: 'document' | 'glossary') =>
  new DeeplRefusal(
    404,
    what === 'document'
      ? { en_US: 'Document not found.', zh_CN: '文档不存在。' }
      : { en_US: 'Glossary not found.', zh_CN: '术语表不存在。' },
  );

/** Installs the DeepL error answer on the (encapsulated) DeepL plugin. */
export function useDeeplErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const lang = request.lang;
    if (err instanceof DeeplRefusal) return reply.status(err.status).send({ message: err.text[lang] });
    if (err instanceof AppError) {
      const status = STATUS_OF[err.codeName] ?? (err.codeName === 'SERVER_ERROR' ? 500 : 400);
      if (status >= 500 || err.cause !== undefined) request.log.error({ err, cause: err.cause }, 'request failed');
      const detail = status >= 500 ? undefined : detailIn(err.detail, lang);
      const message = messageOf(err.codeName, lang);
      return reply.status(status).send({ message: detail ? `${message} (${detail})` : message });
    }
    if (err.validation) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '') || String(first?.params?.missingProperty ?? '');
      const where = field ? `'${field.split('/')[0]}'` : 'the request';
      const text = { en_US: `Bad request. Reason: invalid value for ${where}.`, zh_CN: `请求错误：${where} 的取值无效。` };
      return reply.status(400).send({ message: text[lang] });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(500).send({ message: messageOf('SERVER_ERROR', lang) });
    }
    // Fastify's own 4xx: a body that is not JSON or a form, one too large (413).
    return reply.status(status).send({ message: `${messageOf('INVALID_PARAMS', lang)} (${err.message})` });
  });
}
