/**
 * Enterprise pools in this gateway (issue 19): the pool of each user's work, resolved per request
 * from their site by the device controller (README of @mtp/ops, "Enterprise pools"), with an MT
 * port for that pool; users of the main site and enterprises without devices get the shared one.
 */
import type { DeviceController, DeviceRegistry } from '@mtp/ops';
import type { Bus, Db } from '@mtp/platform';
import { BusMtClient, type RouteForUser, type UserRoute } from '@mtp/tasks';

/** The user's own site when it is an enterprise (not the main site); null otherwise. */
async function enterpriseOf(db: Db, userId: number): Promise<number | null> {
  const { rows } = await db.query<{ site_id: number }>(
    'SELECT u.site_id FROM users u JOIN sites s ON s.site_id = u.site_id WHERE u.user_id = $1 AND NOT s.is_main',
    [userId],
  );
  return rows[0]?.site_id ?? null;
}

export function routeForUser(deps: {
  db: Db;
  bus: Bus;
  devices: DeviceRegistry;
  controller: DeviceController;
  shared: UserRoute;
}): RouteForUser {
  return async (userId) => {
    // No enterprise has devices or a fallback: everyone's work is shared, and no lookup is needed
    // (this runs on every translation).
    if (deps.controller.enterprises().length === 0) return deps.shared;
    const siteId = await enterpriseOf(deps.db, userId);
    const choice = deps.controller.poolFor(siteId);
    if (!choice.dedicated) return deps.shared;
    return { pool: choice.pool, mt: new BusMtClient(deps.bus, deps.devices, choice.pool, choice) };
  };
}
