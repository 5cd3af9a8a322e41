/**
 * Sites: the main site (seeded at first start) and white-label sites with their own code,
 * configuration and logos.
 */
import { AppError, type CreateSiteBody, type SiteConfig, type SiteInfo, type UpdateSiteBody } from '@mtp/proto';
import { inTransaction, type Db } from '@mtp/platform';
import { recordAction, type LogActor } from './system-log/record';
import { changedFields, lockedSiteRow } from './system-log/snapshots';
import type pg from 'pg';

export const MAIN_SITE_CODE = 'main';

export const DEFAULT_CONFIG: SiteConfig = {
  is_show_url: true,
  hideTitle: false,
  name: '机器翻译平台',
  english_name: 'Machine Translation Platform',
  do_cat: false,
  hidePicture: false,
};

export type SiteRow = {
  site_id: number;
  site_code: string;
  site_name: string;
  site_config: SiteConfig;
  account_status: number;
  is_login: boolean;
  allow_register: boolean;
  is_main: boolean;
  expires_at: Date | null;
  user_cap: number;
  parent_site_id: number | null;
  manager_user_id: number | null;
  created_at: Date;
  /** The parent enterprise's state (a sub-site is disabled with it); null without a parent. */
  parent_status: number | null;
  parent_expires_at: Date | null;
  has_logo: boolean;
  has_small_logo: boolean;
};

// Only re-encoded (PNG) logos count: one saved as uploaded before that is not served (readLogo).
const SELECT_SITE = `
  SELECT s.*,
    EXISTS (SELECT 1 FROM site_logos l WHERE l.site_id = s.site_id AND l.kind = 'large' AND l.mime = 'image/png') AS has_logo,
    EXISTS (SELECT 1 FROM site_logos l WHERE l.site_id = s.site_id AND l.kind = 'small' AND l.mime = 'image/png') AS has_small_logo,
    p.account_status AS parent_status, p.expires_at AS parent_expires_at
  FROM sites s LEFT JOIN sites p ON p.site_id = s.parent_site_id`;

type SiteState = Pick<SiteRow, 'account_status' | 'expires_at'> & Partial<Pick<SiteRow, 'parent_status' | 'parent_expires_at'>>;

/**
 * An enterprise site is disabled when switched off or past its expiry (spec section 4); a sub-site
 * also while its parent enterprise is (its members ride on the parent's contract).
 */
export function isSiteDisabled(site: SiteState, now = new Date()): boolean {
  const off = (status: number, expires: Date | null) => status === 0 || (expires !== null && expires < now);
  if (off(site.account_status, site.expires_at)) return true;
  return site.parent_status !== undefined && site.parent_status !== null && off(site.parent_status, site.parent_expires_at ?? null);
}

export function toInfo(r: SiteRow): SiteInfo {
  const logo = (kind: string) => `/api/v1.0/site/logo/${r.site_id}/${kind}`;
  return {
    site_id: r.site_id,
    site_code: r.site_code,
    site_name: r.site_name,
    site_config: { ...DEFAULT_CONFIG, ...r.site_config },
    logo_url: r.has_logo ? logo('large') : null,
    small_logo_url: r.has_small_logo ? logo('small') : null,
    account_status: isSiteDisabled(r) ? 0 : 1,
    is_login: r.is_login,
    allow_register: r.allow_register,
    is_main: r.is_main,
  };
}

export async function seedMainSite(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO sites (site_code, site_name, site_config, is_main) VALUES ($1, $2, $3, true)
     ON CONFLICT DO NOTHING`,
    [MAIN_SITE_CODE, DEFAULT_CONFIG.english_name, DEFAULT_CONFIG],
  );
}

export async function findSiteRow(db: Db | pg.PoolClient, by: { id?: number; code?: string }): Promise<SiteRow | null> {
  const where = by.id !== undefined ? 's.site_id = $1' : by.code ? 's.site_code = lower($1)' : 's.is_main';
  const params = by.id !== undefined ? [by.id] : by.code ? [by.code] : [];
  const { rows } = await db.query<SiteRow>(`${SELECT_SITE} WHERE ${where}`, params);
  return rows[0] ?? null;
}

/** The site named by `code`, or the main site when no code is given; unknown codes fail. */
export async function resolveSite(db: Db, code?: string): Promise<SiteInfo> {
  const row = await findSiteRow(db, code ? { code } : {});
  if (!row) throw new AppError('SITE_NOT_FOUND');
  return toInfo(row);
}

export async function siteById(db: Db | pg.PoolClient, id: number): Promise<SiteInfo> {
  const row = await findSiteRow(db, { id });
  if (!row) throw new AppError('SITE_NOT_FOUND');
  return toInfo(row);
}

export async function listSites(db: Db): Promise<SiteInfo[]> {
  const { rows } = await db.query<SiteRow>(`${SELECT_SITE} ORDER BY s.site_id`);
  return rows.map(toInfo);
}

/** Logged as `site.create` with the new row, in the insert's transaction. */
export async function createSite(db: Db, body: CreateSiteBody, actor: LogActor): Promise<SiteInfo> {
  const siteId = await inTransaction(db, async (client) => {
    const { rows } = await client.query<{ site_id: number }>(
      `INSERT INTO sites (site_code, site_name, site_config, allow_register, expires_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (site_code) DO NOTHING RETURNING site_id`,
      [
        body.site_code,
        body.site_name,
        { ...DEFAULT_CONFIG, name: body.site_name, ...body.site_config },
        body.allow_register ?? false,
        body.expires_at ?? null,
      ],
    );
    if (!rows[0]) throw new AppError('SITE_CODE_TAKEN');
    const id = rows[0].site_id;
    await recordAction(client, actor, {
      action: 'site.create',
      targetType: 'site',
      targetId: id,
      after: await lockedSiteRow(client, id),
      siteId: id,
    });
    return id;
  });
  return siteById(db, siteId);
}

/** Logged as `site.update` with the changed fields before and after, in the update's transaction. */
export async function updateSite(db: Db, body: UpdateSiteBody, actor: LogActor): Promise<SiteInfo> {
  const current = await siteById(db, body.site_id);
  await inTransaction(db, async (client) => {
    const before = await lockedSiteRow(client, body.site_id);
    await client.query(
      `UPDATE sites SET site_name = $2, site_config = $3, allow_register = $4, account_status = $5, is_login = $6,
         expires_at = CASE WHEN $7::boolean THEN $8::timestamptz ELSE expires_at END
       WHERE site_id = $1`,
      [
        body.site_id,
        body.site_name ?? current.site_name,
        { ...current.site_config, ...body.site_config },
        body.allow_register ?? current.allow_register,
        body.account_status ?? current.account_status,
        body.is_login ?? current.is_login,
        body.expires_at !== undefined,
        body.expires_at ?? null,
      ],
    );
    const change = changedFields(before ?? {}, (await lockedSiteRow(client, body.site_id)) ?? {});
    await recordAction(client, actor, {
      action: 'site.update',
      targetType: 'site',
      targetId: body.site_id,
      ...change,
      siteId: body.site_id,
    });
  });
  return siteById(db, body.site_id);
}

export type LogoKind = 'large' | 'small';
/**
 * What a stored logo may be: only a PNG the platform drew itself (a document worker re-encodes
 * every upload). Served on our own origin, an SVG or an HTML file could run script there.
 */
export const LOGO_MIME_TYPES = ['image/png'] as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Saves a re-encoded logo (`png`: the worker's PNG, never the upload's bytes). */
/** Saves a re-encoded logo (`png`: the worker's PNG, never the upload's bytes); logged as `site.logo`. */
export async function saveLogo(db: Db, siteId: number, kind: LogoKind, png: Buffer, actor: LogActor): Promise<void> {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new AppError('LOGO_INVALID');
  await siteById(db, siteId);
  await inTransaction(db, async (client) => {
    const old = await client.query<{ bytes: number }>(
      'SELECT octet_length(bytes) AS bytes FROM site_logos WHERE site_id = $1 AND kind = $2 FOR UPDATE',
      [siteId, kind],
    );
    await client.query(
      `INSERT INTO site_logos (site_id, kind, mime, bytes) VALUES ($1, $2, $3, $4)
       ON CONFLICT (site_id, kind) DO UPDATE SET mime = EXCLUDED.mime, bytes = EXCLUDED.bytes, updated_at = now()`,
      [siteId, kind, LOGO_MIME_TYPES[0], png],
    );
    await recordAction(client, actor, {
      action: 'site.logo',
      targetType: 'site',
      targetId: siteId,
      before: old.rows[0] ? { kind, bytes: old.rows[0].bytes } : null,
      after: { kind, bytes: png.length },
      siteId,
    });
  });
}

/**
 * The logo to serve, or null. Logos saved before re-encoding (SVG, JPEG, bytes as uploaded) are
 * never served: they read as missing until the site's logo is uploaded again.
 */
export async function readLogo(db: Db, siteId: number, kind: LogoKind): Promise<{ mime: string; bytes: Buffer } | null> {
  const { rows } = await db.query<{ mime: string; bytes: Buffer }>(
    'SELECT mime, bytes FROM site_logos WHERE site_id = $1 AND kind = $2 AND mime = $3',
    [siteId, kind, LOGO_MIME_TYPES[0]],
  );
  const logo = rows[0];
  return logo && logo.bytes.subarray(0, 8).equals(PNG_SIGNATURE) ? logo : null;
}
