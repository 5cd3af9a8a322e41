/**
 * Enterprise pools (issue 19): a user's work may go to their enterprise's dedicated devices. The
 * gateway passes `routeFor` (the pool of a user's work, with the MT port of that pool); without
 * it, or for an anonymous caller, everything goes to the fixed `pool` of the deps (the shared
 * devices). A task keeps the pool it was created with (its row), so recovery republishes there.
 */
import type { MtPort } from './ports';

export type UserRoute = { pool: string; mt: MtPort };
export type RouteForUser = (userId: number) => Promise<UserRoute>;

/** The deps with the pool and MT port of this user's work. */
export async function routedFor<D extends { mt: MtPort; routeFor?: RouteForUser }>(deps: D, userId: number | null): Promise<D> {
  if (!deps.routeFor || userId === null) return deps;
  const route = await deps.routeFor(userId);
  return { ...deps, pool: route.pool, mt: route.mt };
}
