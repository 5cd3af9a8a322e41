/**
 * User administration (`/api/v1.0/admin/users...`, `admin/user_data`): administrators over every
 * site, managers over their own site's members (another site's user answers 40020, as a missing
 * one). Every change is written by accounts with its system-log line in the same transaction;
 * plans and characters go through the ledger (@mtp/billing) in that transaction too.
 */
import {
  assertAdministrator,
  assertStaff,
  createUser,
  deleteMember,
  importUsers,
  listUsers,
  resetMemberPassword,
  setAdminRights,
  setMemberActivation,
  siteNameOf,
  staffCallerOf,
  updateMember,
  withUserChange,
  type AccountsDeps,
  type ManagedUser,
  type StaffCaller,
} from '@mtp/accounts';
import { grantCharacters, grantPlanUntil, memberInfo, remaining } from '@mtp/billing';
import {
  AdminUserData,
  AdminUserItem,
  AdminUsersData,
  AdminUsersQuery,
  AppError,
  CreateUserBody,
  Empty,
  GrantCharsBody,
  ImportUsersData,
  MemberData,
  RemainingData,
  Reply,
  ResetUserPasswordBody,
  SetAdminBody,
  SetMembershipBody,
  UpdateUserBody,
  UserActivationBody,
  UserDataQuery,
  UserIdBody,
} from '@mtp/proto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/auth';
import { ok } from '../plugins/envelope';
import { requestActor } from '../plugins/request-origin';
import { planFilterOf, userAdminData, withPlan } from './user-admin-billing';

/** An import file is a team's list: 5 MB of CSV or XLSX is far more than IMPORT_MAX_ROWS rows. */
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_GRANT_DAYS = 365;

export type UserAdminOptions = { accounts: AccountsDeps; clock: () => Date };

export const userAdminRoutes: FastifyPluginAsyncTypebox<UserAdminOptions> = async (app, { accounts, clock }) => {
  const db = accounts.db;
  const callerOf = (req: FastifyRequest): Promise<StaffCaller> => staffCallerOf(db, requireUser(req), requestActor(req));
  const itemOf = async (req: FastifyRequest, user: ManagedUser) =>
    withPlan(db, { ...user, site_name: await siteNameOf(db, user.site_id) }, req.lang, clock());

  app.get('/admin/users', { schema: { querystring: AdminUsersQuery, response: { 200: Reply(AdminUsersData) } } }, async (req) => {
    const caller = await callerOf(req);
    assertStaff(caller);
    const { plan, ...filters } = req.query;
    const now = clock();
    const found = await listUsers(db, caller, filters, await planFilterOf(db, plan, now));
    const list = await Promise.all(found.list.map((u) => withPlan(db, u, req.lang, now)));
    return ok(req, { ...found, list });
  });

  app.post('/admin/users/create', { schema: { body: CreateUserBody, response: { 200: Reply(AdminUserItem) } } }, async (req) =>
    ok(req, await itemOf(req, await createUser(accounts, await callerOf(req), req.body))),
  );

  app.post('/admin/users/update', { schema: { body: UpdateUserBody, response: { 200: Reply(AdminUserItem) } } }, async (req) =>
    ok(req, await itemOf(req, await updateMember(accounts, await callerOf(req), req.body))),
  );

  app.post('/admin/users/set_password', { schema: { body: ResetUserPasswordBody, response: { 200: Reply(Empty) } } }, async (req) => {
    const caller = await callerOf(req);
    assertStaff(caller);
    await resetMemberPassword(accounts, caller, req.body.user_id, req.body.password);
    return ok(req, null);
  });

  app.post('/admin/users/set_status', { schema: { body: UserActivationBody, response: { 200: Reply(Empty) } } }, async (req) => {
    await setMemberActivation(accounts, await callerOf(req), req.body.user_id, req.body.activated);
    return ok(req, null);
  });

  app.post('/admin/users/delete', { schema: { body: UserIdBody, response: { 200: Reply(Empty) } } }, async (req) => {
    await deleteMember(accounts, await callerOf(req), req.body.user_id);
    return ok(req, null);
  });

  app.post('/admin/users/set_admin', { schema: { body: SetAdminBody, response: { 200: Reply(Empty) } } }, async (req) => {
    await setAdminRights(accounts, await callerOf(req), req.body.user_id, req.body.admin);
    return ok(req, null);
  });

  app.post('/admin/users/set_membership', { schema: { body: SetMembershipBody, response: { 200: Reply(MemberData) } } }, async (req) => {
    const caller = await callerOf(req);
    assertAdministrator(caller);
    const expiresAt = new Date(req.body.expires_at);
    if (Number.isNaN(expiresAt.getTime())) throw new AppError('INVALID_PARAMS', 'expires_at');
    const now = clock();
    await withUserChange(db, caller, req.body.user_id, async (client, user) => {
      const grant = await grantPlanUntil(client, { userId: user.user_id, sku: req.body.sku, expiresAt, now });
      const after = { grant_id: grant.grantId, sku: grant.sku, chars: grant.chars, expires_at: grant.expiresAt.toISOString() };
      return { change: { action: 'user.set_membership', after }, result: grant };
    });
    return ok(req, await memberInfo(db, { userId: req.body.user_id, lang: req.lang, now }));
  });

  app.post('/admin/users/grant_chars', { schema: { body: GrantCharsBody, response: { 200: Reply(RemainingData) } } }, async (req) => {
    const caller = await callerOf(req);
    assertAdministrator(caller);
    const now = clock();
    await withUserChange(db, caller, req.body.user_id, async (client, user) => {
      const grant = await grantCharacters(client, {
        userId: user.user_id,
        chars: req.body.chars,
        days: req.body.days ?? DEFAULT_GRANT_DAYS,
        now,
      });
      const after = { grant_id: grant.grantId, chars: grant.chars, expires_at: grant.expiresAt.toISOString() };
      return { change: { action: 'user.grant_chars', after }, result: grant };
    });
    return ok(req, await remaining(db, req.body.user_id, now));
  });

  // Multipart form with one `file` (XLSX or CSV, told apart by content). The role is checked
  // before the upload is read, so a caller who may not import costs nothing.
  app.post('/admin/users/import', { schema: { response: { 200: Reply(ImportUsersData) } } }, async (req) => {
    const caller = await callerOf(req);
    assertStaff(caller);
    const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!part) throw new AppError('FILE_REQUIRED');
    const bytes = await part.toBuffer().catch((err: unknown) => {
      throw new AppError('FILE_TOO_LARGE', undefined, { cause: err });
    });
    if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
    return ok(req, await importUsers(accounts, caller, bytes, req.lang));
  });

  app.get('/admin/user_data', { schema: { querystring: UserDataQuery, response: { 200: Reply(AdminUserData) } } }, async (req) =>
    ok(req, await userAdminData(db, await callerOf(req), req.query.user_id, req.lang, clock())),
  );
};
