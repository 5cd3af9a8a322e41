/**
 * Which family and area (OpenAPI tag) a call belongs to, and which calls the document leaves out.
 * Decided by the call's full path, so a route another package adds later is documented, under
 * its area or "Other", without touching this file.
 *
 * Families (each answers and authenticates its own way; document-info.ts says how):
 * - `site`: the web app's calls under /api/v1.0 (the envelope, the user's bearer token);
 * - `native`: the public API under /api/v1.0/open/ (the token of `open/token`, the 100xx codes);
 * - `deepl`: DeepL API v2 under /v2/ (`DeepL-Auth-Key`, DeepL's statuses);
 * - `libre`: LibreTranslate's paths at the root (`api_key` in the body, `{error}`).
 *
 * Left out (documented for operators in gateway/README.md, not for API users):
 * - anything else outside /api/v1.0 (`/healthz`, `/readyz`, `/metrics`, the web app's files,
 *   `/sandbox-cashier/...`);
 * - `admin/...`: the administrators' back-end tools (dead letters, orders, prices, all app keys);
 * - a segment starting `sandbox`: the development payment cashier, which stands in for a payment
 *   provider's page; and a `notify` segment: the provider's server-to-server callback;
 * - `openapi.json`, this document itself.
 */
export const API_PREFIX_PATH = '/api/v1.0';

export type Family = 'site' | 'native' | 'deepl' | 'libre';

export type Area = { name: string; description: string; family: Family; test: RegExp };

/** A pattern for paths under /api/v1.0, written without the prefix. */
const api = (pattern: RegExp) => new RegExp(`^${API_PREFIX_PATH.replace(/\./g, '\\.')}${pattern.source.replace(/^\^/, '')}`);

/** LibreTranslate's paths, where its clients and its own web page expect them. */
const LIBRE_PATHS = /^\/(translate|detect|languages|translate_file|download_file\/.+|frontend\/settings|suggest)$/;

/** Tried in order; the first match names the area. The public APIs first: they are what API users read. */
export const AREAS: readonly Area[] = [
  {
    name: 'Public API',
    family: 'native',
    description:
      'The native public API for your own programs: trade an app key for a token (`open/token`), then translate text, detect ' +
      'languages, list engines, memories and termbases, translate documents (synchronously, or asynchronously with a task id), ' +
      'report errors. Authentication: `Authorization: Bearer <token of open/token>`. A refusal is HTTP 200 with ' +
      '`{code, msg, errorMsg, data: null}` and a code of the public-API catalogue (10001-10029; table in the introduction).',
    test: api(/^\/open\//),
  },
  {
    name: 'DeepL-compatible API',
    family: 'deepl',
    description:
      "DeepL API v2 under `/v2/`: point DeepL's own clients (deepl-node, deepl-python, ...) at this server (`serverUrl`) with the API " +
      "key `<app_id>:<app_secret>`. Authentication: `Authorization: DeepL-Auth-Key <api key>`. Errors use DeepL's statuses with " +
      '`{"message": "..."}`: 400 bad request, 403 wrong or missing key, 404 not found, 413 too large, 429 too many requests, ' +
      '456 quota exceeded (not enough characters), 503 document not ready.',
    test: /^\/v2\//,
  },
  {
    name: 'LibreTranslate-compatible API',
    family: 'libre',
    description:
      "LibreTranslate's API at the root of this server (`/translate`, `/detect`, `/languages`, `/translate_file`, ...): its clients " +
      'and its own web page work unchanged. The API key `<app_id>:<app_secret>` goes in the `api_key` field of the body (JSON, ' +
      'form or multipart; the query works too); without one, text is translated from the free trial quota of your address. ' +
      'Errors: `{"error": "..."}` with 400 bad request, 403 invalid key, 429 too many requests or not enough characters, 500.',
    test: LIBRE_PATHS,
  },
  {
    name: 'API keys',
    family: 'site',
    description:
      'Your app keys (signed in with your user token): create one (its secret is shown once), list, revoke. A key is an app id and ' +
      'secret for `open/token`, and `<app_id>:<app_secret>` is the API key of the DeepL- and LibreTranslate-compatible calls.',
    test: api(/^\/app\/keys(\/|$)/),
  },
  {
    name: 'Documents',
    family: 'site',
    description: 'Document translation: upload a batch, estimate, follow, stop, retry, download; My Documents.',
    test: api(/^\/request_translate\/doc\//),
  },
  {
    name: 'Document scan',
    family: 'site',
    description: 'Term extraction from an uploaded document: languages, scan, review the candidates, add them to a termbase.',
    test: api(/^\/saas\/(term_extraction_|sites_term_language_list$)/),
  },
  {
    name: 'Post-editing',
    family: 'site',
    description:
      'Post-editing of translated documents (/translationedit): open a file as segments, edit and confirm them (confirmed pairs go ' +
      'to the chosen memory), propagate, replace, check and export. For sites with CAT and the professional plan.',
    test: api(/^\/post_edit\//),
  },
  {
    name: 'Billing',
    family: 'site',
    description: 'Characters left, the plan in use, the catalogue, orders and their payment state.',
    test: api(
      /^\/(user\/remaining_str|request_translate\/select_remaining_char|get_goods|create_orders|search_orders|listen_order|current_order|expired_order|member_info|goods|orders?|pay|payment)(\/|$)/,
    ),
  },
  {
    name: 'Memories and termbases',
    family: 'site',
    description: 'Translation memories and termbases: banks, entries, import and export; the public termbase.',
    test: api(/^\/(tm|tm_term|tm_term_library|term|public_term|check)(\/|$)/),
  },
  {
    name: 'Text',
    family: 'site',
    description: 'Text translation (trial, synchronous, asynchronous), error reports, language detection, languages, domains and engines.',
    test: api(/^\/(try_translate|langid|text\/|site\/(get_all_language_and_domain|sites_language_list|sites_domain_list)$)/),
  },
  {
    name: 'Messages',
    family: 'site',
    description: 'The message center and notices.',
    test: api(/^\/(messages|update_messages|get_notice|notice_or_document_data)(\/|$)/),
  },
  {
    name: 'Sites',
    family: 'site',
    description: 'Enterprise (white-label) sites: their names, settings and logos.',
    test: api(/^\/site\//),
  },
  {
    name: 'Account',
    family: 'site',
    description: 'Logging in and out, registration, codes, password reset, the profile and the permission map.',
    test: api(/^\/(user|permission|check_account|image_code|send_email_code|send_sms_code|reset_password|get_login_config)(\/|$)/),
  },
];

export const OTHER_AREA: Area = { name: 'Other', family: 'site', description: 'Calls not yet sorted into an area.', test: /.*/ };

/** The family of a route (its full URL), or null for one outside every family (never documented). */
export function familyOf(url: string): Family | null {
  if (url.startsWith(`${API_PREFIX_PATH}/open/`)) return 'native';
  if (url.startsWith(`${API_PREFIX_PATH}/`)) return 'site';
  if (url.startsWith('/v2/')) return 'deepl';
  return LIBRE_PATHS.test(url) ? 'libre' : null;
}

/** The area of a route (its full URL). */
export function areaOf(url: string): Area {
  return AREAS.find((area) => area.test.test(url)) ?? OTHER_AREA;
}

/** Whether a route (its full URL) stays out of the document; see the list above. */
export function isHiddenFromDocs(url: string): boolean {
  const family = familyOf(url);
  if (family === null) return true;
  if (family === 'deepl' || family === 'libre') return false;
  const segments = url.slice(API_PREFIX_PATH.length + 1).split('/');
  const sandbox = segments.some((segment) => segment.startsWith('sandbox'));
  return segments[0] === 'admin' || sandbox || segments.includes('notify') || segments[0] === 'openapi.json';
}
