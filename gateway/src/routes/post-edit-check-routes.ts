/**
 * Post-editing's checks (`/api/v1.0/post_edit/...`, proto/src/post-editing.ts): the memory
 * matches and terms of a segment, concordance, and QA before export. Guarded like every
 * post-editing call (`requirePostEditor`); the lookups go to the language service through the
 * tasks service's `PeLookupPort`.
 */
import type { PlanOf } from '@mtp/language';
import { PeConcordance, PeConcordanceQuery, PeMatches, PeMatchesQuery, PeProjectQuery, PeQaReport, Reply } from '@mtp/proto';
import { peConcordance, peMatches, peQa, type DocDeps } from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../plugins/envelope';
import { createPeLookupPort } from '../post-edit-lookup';
import { requirePostEditor } from './post-edit-access';

export type PostEditCheckRouteDeps = { docs: DocDeps; planOf: PlanOf };

export const postEditCheckRoutes: FastifyPluginAsyncTypebox<PostEditCheckRouteDeps> = async (app, { docs, planOf }) => {
  const lookup = createPeLookupPort(docs.db);

  app.get('/post_edit/matches', { schema: { querystring: PeMatchesQuery, response: { 200: Reply(PeMatches) } } }, async (req) => {
    const actor = await requirePostEditor(req, docs.db, planOf);
    return ok(req, await peMatches(docs.db, lookup, actor.userId, req.query.project_id, req.query.seg_index));
  });

  app.get(
    '/post_edit/concordance',
    { schema: { querystring: PeConcordanceQuery, response: { 200: Reply(PeConcordance) } } },
    async (req) => {
      const actor = await requirePostEditor(req, docs.db, planOf);
      return ok(req, await peConcordance(docs.db, lookup, actor.userId, req.query));
    },
  );

  app.get('/post_edit/qa', { schema: { querystring: PeProjectQuery, response: { 200: Reply(PeQaReport) } } }, async (req) => {
    const actor = await requirePostEditor(req, docs.db, planOf);
    return ok(req, await peQa(docs.db, lookup, actor.userId, req.query.project_id));
  });
};
