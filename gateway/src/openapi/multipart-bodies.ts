/**
 * The request bodies of the calls that read their multipart form themselves (the files are
 * streamed into storage as they arrive): such a route can have no `body` schema, since Fastify
 * would then validate a body it never parsed. The document shows these instead, built from the
 * same proto schemas the routes check the fields with, plus the file part(s). Keyed by
 * `METHOD full-path`; test/openapi.test.ts fails when a key names no route, or when one of these
 * calls is documented without its body.
 */
import { DeeplDocumentForm, DocCreateForm, LanguageCode, LibreTranslateFileForm, OpenDocForm } from '@mtp/proto';
import { Type, type TSchema } from 'typebox';

const File = (description: string) => Type.Unsafe<unknown>({ type: 'string', format: 'binary', description });

const documents = (most: number) =>
  File(
    most === 1
      ? 'The document (docx, doc, odt, pptx, ppt, odp, xlsx, xls, ods, pdf, txt, html, htm, srt, xliff, xlf).'
      : `A document; repeat the part for up to ${most} documents (docx, doc, odt, pptx, ppt, odp, xlsx, xls, ods, pdf, txt, html, htm, srt, xliff, xlf).`,
  );

export const MULTIPART_BODIES: Readonly<Record<string, TSchema>> = {
  'POST /api/v1.0/open/doc/create': Type.Object({ file: documents(5), ...OpenDocForm.properties }),
  'POST /api/v1.0/open/doc/translate': Type.Object({ file: File('The document, at most 1 MB.'), ...OpenDocForm.properties }),
  'POST /v2/document': Type.Object({ file: documents(1), ...DeeplDocumentForm.properties }),
  'POST /translate_file': LibreTranslateFileForm,
  'POST /api/v1.0/request_translate/doc/create': Type.Object({ file: documents(5), ...DocCreateForm.properties }),
  'POST /api/v1.0/request_translate/doc/estimate': Type.Object({ file: documents(5), ...DocCreateForm.properties }),
  // Document scan (issue 21): one document; the source language must be one of TERM_SOURCE_LANGS (else 44082).
  'POST /api/v1.0/saas/term_extraction_create': Type.Object({ file: documents(1), src_lang: LanguageCode, tgt_lang: LanguageCode }),
};

/** The form of a route that reads its multipart body itself, if it is one. */
export function multipartBodyOf(method: string, url: string): TSchema | undefined {
  return MULTIPART_BODIES[`${method} ${url}`];
}
