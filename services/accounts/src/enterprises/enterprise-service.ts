/**
 * Creating, changing and renewing enterprises (`POST company`, `company/renew`), each in one
 * transaction with its system-log line. The enterprise lives on its site row: the Chinese name is
 * `site_name`, the English name and display switches are in `site_config`, registration is
 * `allow_register`, and the cap, expiry, parent and named manager are columns (migrations 006, 008).
 */
import {
  AppError,
  isReservedCompanyCode,
  type CompanyBody,
  type CompanyRenewBody,
  type CompanySaveData,
  type Enterprise,
} from '@mtp/proto';
import { inTransaction } from '@mtp/platform';
import type pg from 'pg';
import type { AccountsDeps, AuthContext } from '../deps';
import { DEFAULT_CONFIG, findSiteRow } from '../sites';
import { actorOf, recordAction, type RequestOrigin } from '../system-log/record';
import { assertPlatformAdmin, enterpriseAccess } from './enterprise-access';
import { appointManager } from './enterprise-manager';
import { readEnterprise } from './enterprise-queries';

const DEFAULT_USER_CAP = 30;
const UNIQUE_VIOLATION = '23505';

/** The fields only the platform's administrator may set; a manager sending one gets 42000. */
const ADMIN_ONLY: (keyof CompanyBody)[] = ['manager_account', 'manager_username', 'code', 'user_cap', 'expires_at', 'parent_site_id'];

function normalizedCode(code: string): string {
  const lower = code.trim().toLowerCase();
  if (isReservedCompanyCode(lower)) throw new AppError('SITE_CODE_TAKEN');
  return lower;
}

/** A sub-site's parent: another top-level enterprise (one level of sub-sites). */
async function checkParent(client: pg.PoolClient, siteId: number | null, parentId: number | null | undefined): Promise<void> {
  if (parentId === undefined || parentId === null) return;
  const parent = await findSiteRow(client, { id: parentId });
  if (!parent || parent.is_main || parent.parent_site_id !== null || parent.site_id === siteId)
    throw new AppError('INVALID_PARAMS', 'parent_site_id');
  if (siteId !== null) {
    const { rows } = await client.query('SELECT 1 FROM sites WHERE parent_site_id = $1 LIMIT 1', [siteId]);
    if (rows[0]) throw new AppError('INVALID_PARAMS', 'parent_site_id: this enterprise has sub-sites');
  }
}

function configOf(current: Record<string, unknown>, body: CompanyBody) {
  const s = body.settings ?? {};
  const pick = <K extends string>(key: K, v: unknown) => (v === undefined ? {} : { [key]: v });
  return {
    ...DEFAULT_CONFIG,
    ...current,
    name: body.name,
    ...pick('english_name', body.english_name),
    ...pick('hideTitle', s.hideTitle),
    ...pick('do_cat', s.do_cat),
    ...pick('hidePicture', s.hidePicture),
    ...pick('showAddins', s.showAddins),
    ...pick('show_main_logo', s.show_main_logo),
  };
}

async function createEnterprise(client: pg.PoolClient, body: CompanyBody): Promise<number> {
  if (!body.code) throw new AppError('INVALID_PARAMS', 'code');
  if (!body.manager_account) throw new AppError('INVALID_PARAMS', 'manager_account');
  await checkParent(client, null, body.parent_site_id);
  const { rows } = await client.query<{ site_id: number }>(
    `INSERT INTO sites (site_code, site_name, site_config, allow_register, expires_at, user_cap, parent_site_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (site_code) DO NOTHING RETURNING site_id`,
    [
      normalizedCode(body.code),
      body.name,
      configOf({ english_name: '' }, body),
      body.settings?.allow_register ?? false,
      body.expires_at ?? null,
      body.user_cap ?? DEFAULT_USER_CAP,
      body.parent_site_id ?? null,
    ],
  );
  if (!rows[0]) throw new AppError('SITE_CODE_TAKEN');
  return rows[0].site_id;
}

async function updateEnterprise(client: pg.PoolClient, siteId: number, body: CompanyBody): Promise<void> {
  const current = await findSiteRow(client, { id: siteId });
  if (!current) throw new AppError('NOT_FOUND');
  if (body.parent_site_id !== undefined) await checkParent(client, siteId, body.parent_site_id);
  try {
    await client.query(
      `UPDATE sites SET site_code = $2, site_name = $3, site_config = $4, allow_register = $5, user_cap = $6,
         expires_at = CASE WHEN $7::boolean THEN $8::timestamptz ELSE expires_at END,
         parent_site_id = CASE WHEN $9::boolean THEN $10::int ELSE parent_site_id END
       WHERE site_id = $1`,
      [
        siteId,
        body.code ? normalizedCode(body.code) : current.site_code,
        body.name,
        configOf(current.site_config, body),
        body.settings?.allow_register ?? current.allow_register,
        body.user_cap ?? current.user_cap,
        body.expires_at !== undefined,
        body.expires_at ?? null,
        body.parent_site_id !== undefined,
        body.parent_site_id ?? null,
      ],
    );
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new AppError('SITE_CODE_TAKEN');
    throw err;
  }
}

/** `POST company`: create (no site_id; platform administrator) or update an enterprise. */
export async function saveCompany(
  deps: AccountsDeps,
  ctx: AuthContext,
  body: CompanyBody,
  origin: RequestOrigin = {},
): Promise<CompanySaveData> {
  return inTransaction(deps.db, async (client) => {
    let siteId = body.site_id ?? null;
    let before: Enterprise | null = null;
    if (siteId === null) {
      await assertPlatformAdmin(client, ctx);
      siteId = await createEnterprise(client, body);
    } else {
      const access = await enterpriseAccess(client, ctx, siteId);
      if (access === 'manager' && ADMIN_ONLY.some((key) => body[key] !== undefined)) throw new AppError('NO_PERMISSION');
      // Locks the row: two saves of one enterprise apply one after the other, each logged against the last.
      await client.query('SELECT 1 FROM sites WHERE site_id = $1 FOR UPDATE', [siteId]);
      before = await readEnterprise(client, siteId);
      await updateEnterprise(client, siteId, body);
    }
    let managerPassword: string | null = null;
    if (body.manager_account && body.manager_account.trim().toLowerCase() !== before?.manager_account) {
      const main = await findSiteRow(client, {});
      const manager = await appointManager(
        client,
        ctx,
        origin,
        { siteId, mainSiteId: main!.site_id },
        {
          account: body.manager_account,
          username: body.manager_username,
        },
      );
      await client.query('UPDATE sites SET manager_user_id = $2 WHERE site_id = $1', [siteId, manager.userId]);
      managerPassword = manager.password;
    }
    const after = await readEnterprise(client, siteId);
    await recordAction(client, actorOf(ctx, origin), {
      action: before ? 'enterprise.update' : 'enterprise.create',
      targetType: 'site',
      targetId: siteId,
      before: before ?? undefined,
      after,
      siteId,
    });
    return { enterprise: after, manager_password: managerPassword };
  });
}

/** `company/renew`: a new expiry (null: none). A later one brings a disabled site back at once. */
export async function renewCompany(
  deps: AccountsDeps,
  ctx: AuthContext,
  body: CompanyRenewBody,
  origin: RequestOrigin = {},
): Promise<Enterprise> {
  return inTransaction(deps.db, async (client) => {
    await assertPlatformAdmin(client, ctx);
    await client.query('SELECT 1 FROM sites WHERE site_id = $1 AND NOT is_main FOR UPDATE', [body.site_id]);
    const before = await readEnterprise(client, body.site_id);
    await client.query('UPDATE sites SET expires_at = $2 WHERE site_id = $1', [body.site_id, body.expires_at]);
    const after = await readEnterprise(client, body.site_id);
    await recordAction(client, actorOf(ctx, origin), {
      action: 'enterprise.renew',
      targetType: 'site',
      targetId: body.site_id,
      before: { expires_at: before.expires_at },
      after: { expires_at: after.expires_at },
      siteId: body.site_id,
    });
    return after;
  });
}

/** `GET company/get`: the administrator any enterprise, a manager their own (else 40400). */
export async function getCompany(deps: AccountsDeps, ctx: AuthContext, siteId: number): Promise<Enterprise> {
  await enterpriseAccess(deps.db, ctx, siteId);
  return readEnterprise(deps.db, siteId);
}
