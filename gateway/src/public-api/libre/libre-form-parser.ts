/**
 * LibreTranslate's own page sends `/translate` (and `/suggest`) as multipart FormData, and the
 * key check (api-caller.ts, a root `preValidation` hook) reads `api_key` from the parsed body.
 * The gateway's multipart plugin leaves multipart bodies unparsed until a handler reads them,
 * too late for that hook, so the text calls' context parses small multipart forms here, into
 * a plain object like a urlencoded body: the fields (a repeated field becomes an array), files
 * ignored. The body limit is the server's (1 MiB): these are text calls, a form is small.
 * `/translate_file` lives in a context of its own that keeps the streaming multipart plugin.
 */
import type { FastifyInstance } from 'fastify';

type FormFields = Record<string, string | string[]>;

export async function formFieldsOf(body: Buffer, contentType: string): Promise<FormFields> {
  // Node's own (undici) multipart reader: no dependency of ours, and the body is small.
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const fields: FormFields = {};
  form.forEach((value, name) => {
    if (typeof value !== 'string' || name === '__proto__') return;
    const seen = fields[name];
    fields[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  });
  return fields;
}

/** Replaces, in this context only, the multipart plugin's parser with one that reads the fields. */
export function parseSmallMultipartForms(app: FastifyInstance): void {
  app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (req, body, done) => {
    formFieldsOf(body as Buffer, req.headers['content-type'] ?? '').then(
      (fields) => done(null, fields),
      (err: Error) => done(Object.assign(err, { statusCode: 400 }), undefined),
    );
  });
}
