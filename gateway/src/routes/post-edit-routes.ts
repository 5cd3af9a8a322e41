/**
 * Post-editing (`/api/v1.0/post_edit/...`, proto/src/post-editing.ts): open a translated file,
 * list projects, read a project and its segments, save edits, propagate to repetitions, search
 * and replace, choose the memory confirmed segments go to. Every call is guarded by
 * `requirePostEditor` (site with CAT or staff, a plan with post-editing); the domain lives in
 * @mtp/tasks (post-editing/), the memory writes go through the language service.
 */
import type { PlanOf } from '@mtp/language';
import {
  PeChangedSegments,
  PeOpenBody,
  PeProject,
  PeProjectList,
  PeProjectQuery,
  PeProjectsQuery,
  PePropagateBody,
  PeReplaceBody,
  PeSaveBody,
  PeSaved,
  PeSegmentList,
  PeSegmentsQuery,
  PeSettingsBody,
  Reply,
} from '@mtp/proto';
import {
  getPeProject,
  listPeProjects,
  listPeSegments,
  openPostEdit,
  propagatePeSegment,
  replaceInPeTargets,
  savePeSegment,
  setPeMemory,
  type DocDeps,
} from '@mtp/tasks';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../plugins/envelope';
import { peDepsOf, requirePostEditor } from './post-edit-access';

export type PostEditRouteDeps = { docs: DocDeps; planOf: PlanOf };

export const postEditRoutes: FastifyPluginAsyncTypebox<PostEditRouteDeps> = async (app, { docs, planOf }) => {
  const guard = (req: Parameters<typeof requirePostEditor>[0]) => requirePostEditor(req, docs.db, planOf);

  app.post('/post_edit/open', { schema: { body: PeOpenBody, response: { 200: Reply(PeProject) } } }, async (req) => {
    const actor = await guard(req);
    return ok(req, await openPostEdit(peDepsOf(req, docs, planOf), actor, req.body.project_id));
  });

  app.get('/post_edit/projects', { schema: { querystring: PeProjectsQuery, response: { 200: Reply(PeProjectList) } } }, async (req) => {
    const actor = await guard(req);
    return ok(req, await listPeProjects(peDepsOf(req, docs, planOf), actor.userId, req.query));
  });

  app.get('/post_edit/project', { schema: { querystring: PeProjectQuery, response: { 200: Reply(PeProject) } } }, async (req) => {
    const actor = await guard(req);
    return ok(req, await getPeProject(peDepsOf(req, docs, planOf), actor.userId, req.query.project_id));
  });

  app.get('/post_edit/segments', { schema: { querystring: PeSegmentsQuery, response: { 200: Reply(PeSegmentList) } } }, async (req) => {
    const actor = await guard(req);
    return ok(req, await listPeSegments(docs, actor.userId, req.query));
  });

  app.post('/post_edit/save', { schema: { body: PeSaveBody, response: { 200: Reply(PeSaved) } } }, async (req) => {
    const actor = await guard(req);
    return ok(req, await savePeSegment(peDepsOf(req, docs, planOf), actor, req.body, req.lang));
  });

  app.post('/post_edit/propagate', { schema: { body: PePropagateBody, response: { 200: Reply(PeChangedSegments) } } }, async (req) => {
    const actor = await guard(req);
    return ok(req, await propagatePeSegment(docs, actor.userId, req.body));
  });

  app.post('/post_edit/replace', { schema: { body: PeReplaceBody, response: { 200: Reply(PeChangedSegments) } } }, async (req) => {
    const actor = await guard(req);
    return ok(req, await replaceInPeTargets(docs, actor.userId, req.body));
  });

  app.post('/post_edit/settings', { schema: { body: PeSettingsBody, response: { 200: Reply(PeProject) } } }, async (req) => {
    const actor = await guard(req);
    return ok(req, await setPeMemory(peDepsOf(req, docs, planOf), actor, req.body));
  });
};
