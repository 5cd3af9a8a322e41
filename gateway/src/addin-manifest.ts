/**
 * The Office add-in's manifest, filled in with the origin Office should load the task pane from.
 * The template (office-addin/manifest.xml, copied into office-addin/dist by its build) names
 * every URL as `__MTP_ORIGIN__/...`.
 */
import type { FastifyRequest } from 'fastify';

export const ORIGIN_PLACEHOLDER = '__MTP_ORIGIN__';

// A host as it may appear in a URL: a DNS name or IPv4 address, or a bracketed IPv6 address,
// with an optional port. Anything else (spaces, quotes, markup, userinfo) is not an origin.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin this server is reached at: PUBLIC_URL when the operator set one; otherwise the
 * request's own scheme and host. Fastify reads X-Forwarded-Proto and X-Forwarded-Host only from
 * the proxies TRUST_PROXY names, so a client elsewhere cannot choose them; null for a host that
 * is not a plain host[:port].
 */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string | null {
  if (publicUrl) return publicUrl;
  const host = request.host;
  if (!host || !HOST.test(host)) return null;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  return `${scheme}://${host.toLowerCase()}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function renderManifest(template: string, origin: string): string {
  return template.split(ORIGIN_PLACEHOLDER).join(escapeXml(origin));
}

/** PUBLIC_URL: the origin users reach the platform at (https://translate.example.com); unset: each request's. */
export function parsePublicUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(`PUBLIC_URL must be an origin such as https://translate.example.com, got ${JSON.stringify(value)}`);
  }
  return url.origin;
}
