/**
 * The administrators' and managers' routes (issue 18 item 7). A route is admin-only when its path
 * is under `/api/v1.0/admin/`, is one of the spec's older admin paths listed here (`site/create`,
 * `user/set_status`, `company`, ...), or its config says `adminOnly` (spread `ADMIN_ONLY` into it).
 * For those, one hook refuses everyone but ADMIN and MANAGER with 42000 before the body is even
 * validated, so a new route cannot forget the role check; the handler (its service) still checks
 * the finer rules: the super administrator only, and the manager's own site, where a thing of
 * another enterprise answers as if it did not exist. `test/admin-route-guard.test.ts` walks them.
 */
import { AppError, isAdminRole } from '@mtp/proto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Only administrators and managers may call this route (see admin-only.ts). */
    adminOnly?: boolean;
  }
}

export const ADMIN_ONLY = { adminOnly: true } as const;

/**
 * Admin-only routes whose spec path is outside `admin/` (after `/api/v1.0/`). `company/get_code`
 * is not here: the spec whitelists it (the login page asks for it).
 */
export const ADMIN_ONLY_PATHS: readonly string[] = [
  'site/list',
  'site/create',
  'site/update',
  'site/upload_logo',
  'user/set_status',
  'tm_term_library/get_all_list/:flag',
  'company',
  'company/list',
  'company/get',
  'company/renew',
  'company/upload_logo',
];

export function isAdminOnlyRoute(url: string, config: { adminOnly?: boolean } | undefined): boolean {
  if (!url.startsWith(API_PREFIX)) return false;
  const path = url.slice(API_PREFIX.length);
  return path.startsWith('admin/') || ADMIN_ONLY_PATHS.includes(path) || config?.adminOnly === true;
}

/** Registered after the auth plugin: `request.auth` is known when this runs. */
export const adminOnlyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !isAdminOnlyRoute(url, request.routeOptions.config)) return;
    // Without a token the auth hook has already answered 401, except on a path the whitelist
    // matches by a segment (`admin/users/reset_password`): there the free user is no admin either.
    if (!isAdminRole(request.auth?.role)) throw new AppError('NO_PERMISSION');
  });
});
