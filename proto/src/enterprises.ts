/**
 * Enterprises (spec sections 3, 4, 7; issue 18): an enterprise is a non-main site with a
 * manager, a company code (its login page is `/{code}`), a member cap and an expiry. Calls:
 * - `POST company` creates (no `site_id`) or updates (with one) an enterprise: super administrator.
 *   A manager may update their own enterprise's display settings only; anyone else's answers 40400.
 * - `GET company/get_code`: a fresh unused company code to suggest in the form, and the caller's
 *   own site code (null for the main site or a visitor). Whitelisted (spec section 7).
 * - `GET company/list {page, page_size, keyword}`, `GET company/get {site_id}`, `POST company/renew`.
 * - `POST company/upload_logo` (multipart `site_id`, `kind`, `file`): as `site/upload_logo`, logged.
 */
import { Type, type Static } from 'typebox';

/** Letters, digits and `-`, 2-30 characters, starting with a letter or digit; stored lower-cased. */
export const COMPANY_CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9-]{1,29}$';

/**
 * Codes a company may not take: the app's own top-level routes (a login page at `/login` or
 * `/api` would shadow them) and names that would mislead. Compared lower-cased.
 */
export const RESERVED_COMPANY_CODES = [
  'main',
  'login',
  'adminlogin',
  'admin',
  'api',
  'file',
  'files',
  'forget',
  'noactive',
  'catview',
  'caterror',
  'thirdparty',
  '403',
  '404',
  'mobiletranslate',
  'publicityregister',
  'picturetranslate',
  'webpage',
  'myfile',
  'docscan',
  'translationedit',
  'mymemorybank',
  'mytermbank',
  'publictermbank',
  'api-doc',
  'problem',
  'tobackstage',
  'toindex',
  'home',
  'user-pages',
  'alluser',
  'user-data',
  'management',
  'system-memorybank',
  'system-termbank',
  'all-memorybank',
  'all-temtermbank',
  'ordermanagement',
  'system-publictermbank',
  'systemlog',
  'traffic',
  'stats',
  'device-mgr',
  'set-editor',
  'backups',
  'account',
  'member',
  'history',
  'message',
  'healthz',
  'readyz',
  'metrics',
  'v2',
  'translate',
  'detect',
  'languages',
  'translate_file',
  'frontend',
  'assets',
  'static',
  'cashier',
  'www',
  'root',
  'system',
  'support',
  'help',
] as const;

export function isReservedCompanyCode(code: string): boolean {
  return (RESERVED_COMPANY_CODES as readonly string[]).includes(code.trim().toLowerCase());
}

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** The site settings an enterprise carries (spec section 3's site_config, plus registration). */
export const EnterpriseSettings = Type.Object({
  hideTitle: Type.Boolean(),
  do_cat: Type.Boolean(),
  hidePicture: Type.Boolean(),
  showAddins: Type.Boolean(),
  show_main_logo: Type.Boolean(),
  allow_register: Type.Boolean(),
});
export type EnterpriseSettings = Static<typeof EnterpriseSettings>;

export const CompanyBody = Type.Object({
  /** Absent: create. Present: update that enterprise. */
  site_id: Type.Optional(Type.Integer({ minimum: 1 })),
  name: Type.String({ minLength: 1, maxLength: 50 }),
  english_name: Type.Optional(Type.String({ maxLength: 50 })),
  /** The manager: an existing account is linked, a new one is created with a first password (shown once). */
  manager_account: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  manager_username: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  code: Type.Optional(Type.String({ pattern: COMPANY_CODE_PATTERN })),
  user_cap: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  /** null: never expires. */
  expires_at: Type.Optional(Nullable(DateTime)),
  /** A sub-site belongs to this parent enterprise (itself not a sub-site); null: a top-level enterprise. */
  parent_site_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  settings: Type.Optional(Type.Partial(EnterpriseSettings)),
});
export type CompanyBody = Static<typeof CompanyBody>;

export const Enterprise = Type.Object({
  site_id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  english_name: Type.String(),
  manager_account: Nullable(Type.String()),
  user_cap: Type.Integer(),
  /** Users of the site other than its managers (what the cap counts). */
  member_count: Type.Integer(),
  expires_at: Nullable(Type.String()),
  /** Past its expiry (or its parent's), or switched off: its users get 41007. */
  disabled: Type.Boolean(),
  parent_site_id: Nullable(Type.Integer()),
  parent_name: Nullable(Type.String()),
  logo_url: Nullable(Type.String()),
  small_logo_url: Nullable(Type.String()),
  settings: EnterpriseSettings,
  created_at: Type.String(),
});
export type Enterprise = Static<typeof Enterprise>;

export const CompanySaveData = Type.Object({
  enterprise: Enterprise,
  /** The new manager's first password: answered once, at creation of that account, else null. */
  manager_password: Nullable(Type.String()),
});
export type CompanySaveData = Static<typeof CompanySaveData>;

export const CompanyListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type CompanyListQuery = Static<typeof CompanyListQuery>;

export const CompanyListData = Type.Object({
  enterprise_list: Type.Array(Enterprise),
  pages: Type.Integer(),
  total: Type.Integer(),
});
export type CompanyListData = Static<typeof CompanyListData>;

export const CompanyIdQuery = Type.Object({ site_id: Type.Integer({ minimum: 1 }) });
export type CompanyIdQuery = Static<typeof CompanyIdQuery>;

export const CompanyRenewBody = Type.Object({ site_id: Type.Integer({ minimum: 1 }), expires_at: Nullable(DateTime) });
export type CompanyRenewBody = Static<typeof CompanyRenewBody>;

export const CompanyCodeData = Type.Object({
  /** An unused, unreserved code to suggest for a new enterprise. */
  suggested_code: Type.String(),
  /** The caller's own site code; null for a visitor or a main-site user. */
  site_code: Nullable(Type.String()),
});
export type CompanyCodeData = Static<typeof CompanyCodeData>;

export const CompanyLogoData = Type.Object({ logo_url: Type.String() });
export type CompanyLogoData = Static<typeof CompanyLogoData>;
