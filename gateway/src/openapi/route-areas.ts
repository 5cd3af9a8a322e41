/**
 * Which area (OpenAPI tag) a call belongs to, and which calls the document leaves out. Decided
 * by the call's path, so a route another package adds later is documented, under its area or
 * "Other", without touching this file.
 *
 * Left out (documented for operators in gateway/README.md, not for API users):
 * - anything outside /api/v1.0 (`/healthz`, `/readyz`, `/metrics`, the web app's files);
 * - `admin/...`: the super administrator's back-end tools (dead letters, orders, prices);
 * - a segment starting `sandbox`: the development payment cashier, which stands in for a payment
 *   provider's page; and a `notify` segment: the provider's server-to-server callback;
 * - `openapi.json`, this document itself.
 */
export const API_PREFIX_PATH = '/api/v1.0';

export type Area = { name: string; description: string; test: RegExp };

/** Tried in order; the first match names the area. Paths here have no /api/v1.0 prefix. */
export const AREAS: readonly Area[] = [
  {
    name: 'Documents',
    description: 'Document translation: upload a batch, estimate, follow, stop, retry, download; My Documents.',
    test: /^\/request_translate\/doc\//,
  },
  {
    name: 'Billing',
    description: 'Characters left, the plan in use, the catalogue, orders and their payment state.',
    test: /^\/(user\/remaining_str|request_translate\/select_remaining_char|get_goods|create_orders|search_orders|listen_order|current_order|expired_order|member_info|goods|orders?|pay|payment)(\/|$)/,
  },
  {
    name: 'Memories and termbases',
    description: 'Translation memories and termbases: banks, entries, import and export; the public termbase.',
    test: /^\/(tm|tm_term|tm_term_library|term|public_term|check)(\/|$)/,
  },
  {
    name: 'Text',
    description: 'Text translation (trial, synchronous, asynchronous), language detection, languages, domains and engines.',
    test: /^\/(try_translate|langid|text\/|site\/(get_all_language_and_domain|sites_language_list|sites_domain_list)$)/,
  },
  {
    name: 'Messages',
    description: 'The message center and notices.',
    test: /^\/(messages|update_messages|get_notice|notice_or_document_data)(\/|$)/,
  },
  {
    name: 'Sites',
    description: 'Enterprise (white-label) sites: their names, settings and logos.',
    test: /^\/site\//,
  },
  {
    name: 'Account',
    description: 'Logging in and out, registration, codes, password reset, the profile and the permission map.',
    test: /^\/(user|permission|check_account|image_code|send_email_code|send_sms_code|reset_password|get_login_config)(\/|$)/,
  },
];

export const OTHER_AREA: Area = { name: 'Other', description: 'Calls not yet sorted into an area.', test: /.*/ };

/** The area of a path under /api/v1.0 (without the prefix). */
export function areaOf(path: string): Area {
  return AREAS.find((area) => area.test.test(path)) ?? OTHER_AREA;
}

/** Whether a route (its full URL) stays out of the document; see the list above. */
export function isHiddenFromDocs(url: string): boolean {
  if (!url.startsWith(`${API_PREFIX_PATH}/`)) return true;
  const segments = url.slice(API_PREFIX_PATH.length + 1).split('/');
  const sandbox = segments.some((segment) => segment.startsWith('sandbox'));
  return segments[0] === 'admin' || sandbox || segments.includes('notify') || segments[0] === 'openapi.json';
}
