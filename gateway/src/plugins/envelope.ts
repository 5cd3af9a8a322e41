/**
 * The envelope `{code, msg, data}` on every answer, in the caller's interface language, and the
 * one error handler: domain errors keep their code, validation errors become 40000 naming the
 * field, anything unexpected is logged with the request and answered as 50000 without internals.
 */
import { AppError, CODES, detailIn, uiLangFrom, type CodeName, type UiLang } from '@mtp/proto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    lang: UiLang;
  }
}

export function ok<T>(request: FastifyRequest, data: T) {
  return { code: CODES.OK.code, msg: CODES.OK[request.lang], data };
}

export function sendCode(request: FastifyRequest, reply: FastifyReply, name: CodeName, detail?: string) {
  const entry = CODES[name];
  const msg = detail ? `${entry[request.lang]} (${detail})` : entry[request.lang];
  return reply.status(entry.http).send({ code: entry.code, msg, data: null });
}

function validationDetail(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return err.message;
  const where = first.instancePath ? first.instancePath.replace(/^\//, '') : String(first.params?.missingProperty ?? '');
  return `${err.validationContext ?? 'body'}${where ? `.${where}` : ''} ${first.message ?? ''}`.trim();
}

export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', 'en_US');
  app.addHook('onRequest', async (request) => {
    request.lang = uiLangFrom(request.headers['accept-language']);
  });

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      // What went wrong inside goes to the log (with the request id), never into the answer.
      if (CODES[err.codeName].http >= 500 || err.cause !== undefined) request.log.error({ err, cause: err.cause }, 'request failed');
      return sendCode(request, reply, err.codeName, detailIn(err.detail, request.lang));
    }
    if (err.validation) return sendCode(request, reply, 'INVALID_PARAMS', validationDetail(err));
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return sendCode(request, reply, 'SERVER_ERROR');
    }
    // Fastify's own 4xx (a bad JSON body, a wrong content type, a body too large).
    return reply
      .status(status)
      .send({ code: CODES.INVALID_PARAMS.code, msg: `${CODES.INVALID_PARAMS[request.lang]} (${err.message})`, data: null });
  });
});
