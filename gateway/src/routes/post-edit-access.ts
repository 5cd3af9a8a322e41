/**
 * The post-editing guard every `post_edit/...` call runs first: signed in (401), a site that
 * enables CAT or staff (42000), a plan with post-editing or staff (42005, which opens the
 * purchase dialog on the web). The rule itself is @mtp/tasks' `assertPostEditAllowed`; the
 * gateway reads what it needs (the caller's site and plan) from accounts and billing.
 */
import { recordAction, siteById } from '@mtp/accounts';
import type { PlanOf } from '@mtp/language';
import type { Db } from '@mtp/platform';
import { isAdminRole } from '@mtp/proto';
import { assertPostEditAllowed, type PeActor, type PeDeps, type DocDeps } from '@mtp/tasks';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/auth';
import { requestActor } from '../plugins/request-origin';
import { createPeMemoryPort } from '../post-edit-memory';

export async function requirePostEditor(req: FastifyRequest, db: Db, planOf: PlanOf): Promise<PeActor> {
  const user = requireUser(req);
  const staff = isAdminRole(user.role);
  const site = await siteById(db, user.siteId);
  // Staff are exempt from the plan: their plan is not read.
  assertPostEditAllowed({ role: user.role, siteDoCat: site.site_config.do_cat, plan: staff ? 'enterprise' : await planOf(user.userId) });
  return { userId: user.userId, role: user.role, siteId: user.siteId };
}

/** Post-editing's dependencies for one request (the memory port logs staff's writes as this caller). */
export function peDepsOf(req: FastifyRequest, docs: DocDeps, planOf: PlanOf): PeDeps {
  return {
    db: docs.db,
    storage: docs.storage,
    bus: docs.bus,
    tm: docs.tm,
    log: docs.log,
    memory: createPeMemoryPort({
      db: docs.db,
      planOf,
      audit: (client, entry) => recordAction(client, requestActor(req), entry),
      log: docs.log,
    }),
  };
}
