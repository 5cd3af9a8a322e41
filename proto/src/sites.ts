import { Type, type Static } from 'typebox';

/** site_config of spec section 3. */
export const SiteConfig = Type.Object({
  is_show_url: Type.Boolean(),
  hideTitle: Type.Boolean(),
  name: Type.String({ maxLength: 50 }),
  english_name: Type.String({ maxLength: 50 }),
  do_cat: Type.Boolean(),
  hidePicture: Type.Boolean(),
  /** Whether the site offers the Office and screen-word add-ins (issue 18); absent: shown. */
  showAddins: Type.Optional(Type.Boolean()),
  /** An enterprise's login page shows the main site's logo beside its own (issue 18). */
  show_main_logo: Type.Optional(Type.Boolean()),
});
export type SiteConfig = Static<typeof SiteConfig>;

export const SITE_CODE_PATTERN = '^[a-z][a-z0-9-]{1,31}$';

export const SiteInfo = Type.Object({
  site_id: Type.Integer(),
  site_code: Type.String(),
  site_name: Type.String(),
  site_config: SiteConfig,
  logo_url: Type.Union([Type.String(), Type.Null()]),
  small_logo_url: Type.Union([Type.String(), Type.Null()]),
  /** 1 active, 0 disabled (enterprise expired). */
  account_status: Type.Integer(),
  /** Whether the site's login page is open (an activated site). */
  is_login: Type.Boolean(),
  allow_register: Type.Boolean(),
  is_main: Type.Boolean(),
});
export type SiteInfo = Static<typeof SiteInfo>;

export const SiteCodeQuery = Type.Object({ site_code: Type.Optional(Type.String({ maxLength: 32 })) });
export type SiteCodeQuery = Static<typeof SiteCodeQuery>;

export const CreateSiteBody = Type.Object({
  site_code: Type.String({ pattern: SITE_CODE_PATTERN }),
  site_name: Type.String({ minLength: 1, maxLength: 50 }),
  site_config: Type.Optional(Type.Partial(SiteConfig)),
  allow_register: Type.Optional(Type.Boolean()),
  expires_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
});
export type CreateSiteBody = Static<typeof CreateSiteBody>;

export const UpdateSiteBody = Type.Object({
  site_id: Type.Integer(),
  site_name: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  site_config: Type.Optional(Type.Partial(SiteConfig)),
  allow_register: Type.Optional(Type.Boolean()),
  account_status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  is_login: Type.Optional(Type.Boolean()),
  expires_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
});
export type UpdateSiteBody = Static<typeof UpdateSiteBody>;

export const SiteList = Type.Object({ site_list: Type.Array(SiteInfo) });
export type SiteList = Static<typeof SiteList>;
