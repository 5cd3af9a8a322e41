/** Reading enterprises: every non-main site, with its named manager, member count and parent. */
import { AppError, ROLES, type CompanyListData, type CompanyListQuery, type Enterprise } from '@mtp/proto';
import type { Db } from '@mtp/platform';
import type pg from 'pg';
import { DEFAULT_CONFIG, isSiteDisabled, toInfo, type SiteRow } from '../sites';

type Queryable = Db | pg.PoolClient;

type EnterpriseRow = SiteRow & { manager_account: string | null; member_count: number; parent_name: string | null };

// The cap counts a site's users other than its managers (migration 006), so the count does too.
const SELECT_ENTERPRISE = `
  SELECT s.*,
    EXISTS (SELECT 1 FROM site_logos l WHERE l.site_id = s.site_id AND l.kind = 'large' AND l.mime = 'image/png') AS has_logo,
    EXISTS (SELECT 1 FROM site_logos l WHERE l.site_id = s.site_id AND l.kind = 'small' AND l.mime = 'image/png') AS has_small_logo,
    p.account_status AS parent_status, p.expires_at AS parent_expires_at, p.site_name AS parent_name,
    m.account AS manager_account,
    (SELECT count(*)::int FROM users u WHERE u.site_id = s.site_id AND u.deleted_at IS NULL AND u.role <> ${ROLES.MANAGER}) AS member_count
  FROM sites s
    LEFT JOIN sites p ON p.site_id = s.parent_site_id
    LEFT JOIN users m ON m.user_id = s.manager_user_id
  WHERE NOT s.is_main`;

function toEnterprise(r: EnterpriseRow): Enterprise {
  const info = toInfo(r);
  const config = { ...DEFAULT_CONFIG, ...r.site_config };
  return {
    site_id: r.site_id,
    code: r.site_code,
    name: r.site_name,
    english_name: config.english_name,
    manager_account: r.manager_account,
    user_cap: r.user_cap,
    member_count: r.member_count,
    expires_at: r.expires_at ? r.expires_at.toISOString() : null,
    disabled: isSiteDisabled(r),
    parent_site_id: r.parent_site_id,
    parent_name: r.parent_name,
    logo_url: info.logo_url,
    small_logo_url: info.small_logo_url,
    settings: {
      hideTitle: config.hideTitle,
      do_cat: config.do_cat,
      hidePicture: config.hidePicture,
      showAddins: config.showAddins ?? true,
      show_main_logo: config.show_main_logo ?? false,
      allow_register: r.allow_register,
    },
    created_at: r.created_at.toISOString(),
  };
}

/** One enterprise by id (not the main site), or NOT_FOUND. Access is checked by the caller. */
export async function readEnterprise(db: Queryable, siteId: number): Promise<Enterprise> {
  const { rows } = await db.query<EnterpriseRow>(`${SELECT_ENTERPRISE} AND s.site_id = $1`, [siteId]);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return toEnterprise(rows[0]);
}

/** Enterprises, newest first; `keyword` matches the code, either name or the manager's account. */
export async function listEnterprises(db: Queryable, query: CompanyListQuery): Promise<CompanyListData> {
  const page = query.page ?? 1;
  const size = query.page_size ?? 10;
  const keyword = query.keyword?.trim() ?? '';
  // ILIKE's own wildcards in the keyword are matched literally.
  const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const filter = keyword
    ? `AND (s.site_code ILIKE $1 OR s.site_name ILIKE $1 OR s.site_config->>'english_name' ILIKE $1 OR m.account ILIKE $1)`
    : 'AND $1::text IS NOT NULL';
  const [{ rows }, count] = await Promise.all([
    db.query<EnterpriseRow>(`${SELECT_ENTERPRISE} ${filter} ORDER BY s.created_at DESC, s.site_id DESC LIMIT $2 OFFSET $3`, [
      pattern,
      size,
      (page - 1) * size,
    ]),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM sites s LEFT JOIN users m ON m.user_id = s.manager_user_id WHERE NOT s.is_main ${filter}`,
      [pattern],
    ),
  ]);
  const total = count.rows[0]?.total ?? 0;
  return { enterprise_list: rows.map(toEnterprise), total, pages: Math.ceil(total / size) };
}
