/**
 * Calls that answer without a bearer token (spec section 7), by their last path segment as the
 * spec names them, plus the calls our own flows need before a login exists (the public key,
 * registration, the site logos) and the API's OpenAPI document (`openapi.json`).
 * `refresh_token` is outside the list: it takes the refresh token as its bearer.
 */
export const SPEC_WHITELIST = [
  'login',
  'new_login',
  'site_login',
  'get_user_data',
  'get_user_login_permission',
  'sites_language_list',
  'get_all_language_and_domain',
  'get_login_config',
  'send_sms_code',
  'send_email_code',
  'check_account',
  'image_code',
  'langid',
  'try_translate',
  'reset_password',
  'get_goods',
  'check_user_information',
  'get_site_name',
  'notice_or_document_data',
  'get_code',
  'get_public_term_list',
  'get_notice',
  'sites_term_language_list',
] as const;

// `notify`: payment providers call it server to server, without a login; the notification's
// signature is its authentication (services/billing).
export const OWN_WHITELIST = ['get_public_key', 'register', 'logo', 'notify', 'openapi.json'] as const;

/**
 * The native public API (issue 20) lives under `open/`: its calls carry the API's own token
 * (`apiAuth` in the gateway, gateway/src/public-api/api-caller.ts), never a user's, so the
 * user-token check leaves the whole folder alone. Only as the first segment.
 */
export const PUBLIC_API_FOLDER = 'open';

/** Paths (after `/api/v1.0/`) that are public: the route's own path or one of its segments. */
export function isWhitelisted(routePath: string): boolean {
  const segments = routePath.replace(/^\/api\/v1\.0\//, '').split('/');
  if (segments[0] === PUBLIC_API_FOLDER) return true;
  const names: readonly string[] = [...SPEC_WHITELIST, ...OWN_WHITELIST];
  return segments.some((segment) => names.includes(segment));
}
