/**
 * Document scan (`/docScan`, issue 21; proto/src/term-extraction.ts) under /api/v1.0/saas/:
 * `sites_term_language_list` (whitelisted), `term_extraction_create` (multipart `file`,
 * `src_lang`, `tgt_lang`: the file streams into storage as a document upload does, with the
 * same size limit, one file a scan), `_query`, `_latest`, `_update`, `_to_termbase`,
 * `_deleteall`. Signed-in users only (ScanDoc is a registered user's feature). A document worker
 * extracts the terms; the gateway stores, writes the row and publishes. Nothing is charged:
 * a scan translates nothing.
 */
import { recordAction } from '@mtp/accounts';
import type { BankAudit, PlanOf } from '@mtp/language';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  Reply,
  TERM_SOURCE_LANGS,
  TermCandidate,
  TermExtractionAdded,
  TermExtractionCreated,
  TermExtractionQuery,
  TermExtractionResult,
  TermExtractionTaskQuery,
  TermExtractionToTermbaseBody,
  TermExtractionUpdateBody,
  TermLanguageList,
  type UiLang,
} from '@mtp/proto';
import {
  addScanToTermbase,
  createScan,
  deleteScanOf,
  latestScan,
  queryScan,
  scanPrefix,
  scanSourceKey,
  updateCandidate,
  type ScanDeps,
} from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { requestActor } from '../plugins/request-origin';
import { termbaseWriter } from '../scan-terms-port';
import { receiveUpload, trimmedFields } from './doc-upload';

export type TermExtractionRouteDeps = { scans: ScanDeps; planOf: PlanOf };

/** Every source language with a tokenizer, to every other language, named in the caller's language. */
function termLanguagePairs(lang: UiLang): TermLanguageList {
  const list = TERM_SOURCE_LANGS.flatMap((src) =>
    LANGUAGES.filter((tgt) => tgt !== src).map((tgt) => ({
      src_lang: src,
      tgt_lang: tgt,
      name: `${LANGUAGE_NAMES[src][lang]} → ${LANGUAGE_NAMES[tgt][lang]}`,
    })),
  );
  return { list };
}

const auditOf =
  (req: FastifyRequest): BankAudit =>
  (client, entry) =>
    recordAction(client, requestActor(req), entry);

export const termExtractionRoutes: FastifyPluginAsyncTypebox<TermExtractionRouteDeps> = async (app, { scans, planOf }) => {
  app.get('/saas/sites_term_language_list', { schema: { response: { 200: Reply(TermLanguageList) } } }, async (req) =>
    ok(req, termLanguagePairs(req.lang)),
  );

  app.post('/saas/term_extraction_create', { schema: { response: { 200: Reply(TermExtractionCreated) } } }, async (req) => {
    const user = requireUser(req);
    const taskId = randomUUID();
    let upload: Awaited<ReturnType<typeof receiveUpload>>;
    try {
      upload = await receiveUpload(req, scans.storage, (_projectId, ext) => scanSourceKey(taskId, ext), { files: 1 });
    } catch (err) {
      // A refusal during the upload: what was stored so far goes (createScan cleans up after itself).
      await scans.storage.deletePrefix(scanPrefix(taskId)).catch((e) => req.log.error({ err: e }, 'deleting a refused scan upload failed'));
      throw err;
    }
    const created = await createScan(
      scans,
      { userId: user.userId, siteId: user.siteId },
      taskId,
      trimmedFields(upload.fields),
      upload.files[0],
    );
    return ok(req, created);
  });

  app.get(
    '/saas/term_extraction_query',
    { schema: { querystring: TermExtractionQuery, response: { 200: Reply(TermExtractionResult) } } },
    async (req) => ok(req, await queryScan(scans.db, requireUser(req).userId, req.query, req.lang)),
  );

  app.get(
    '/saas/term_extraction_latest',
    { schema: { response: { 200: Reply(Type.Union([TermExtractionResult, Type.Null()])) } } },
    async (req) => ok(req, await latestScan(scans.db, requireUser(req).userId, req.lang)),
  );

  app.post(
    '/saas/term_extraction_update',
    { schema: { body: TermExtractionUpdateBody, response: { 200: Reply(TermCandidate) } } },
    async (req) => ok(req, await updateCandidate(scans, requireUser(req).userId, req.body)),
  );

  app.post(
    '/saas/term_extraction_to_termbase',
    { schema: { body: TermExtractionToTermbaseBody, response: { 200: Reply(TermExtractionAdded) } } },
    async (req) => {
      const user = requireUser(req);
      const writer = termbaseWriter({ db: scans.db, planOf }, user, auditOf(req));
      return ok(req, await addScanToTermbase(scans, writer, user.userId, req.body));
    },
  );

  app.get(
    '/saas/term_extraction_deleteall',
    { schema: { querystring: TermExtractionTaskQuery, response: { 200: Reply(Type.Object({ deleted: Type.Integer() })) } } },
    async (req) => ok(req, await deleteScanOf(scans, requireUser(req).userId, req.query.task_id)),
  );
};
