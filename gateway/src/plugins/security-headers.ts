/**
 * Browser hardening on every answer (helmet): a Content-Security-Policy the built web
 * app runs under, no framing by other origins (frame-ancestors + X-Frame-Options), nosniff,
 * Referrer-Policy no-referrer. On top of helmet:
 * - API answers and every answer that is not a page (logos, document downloads, exports: bytes
 *   that came from a user) get `sandbox; default-src 'none'`, so an uploaded SVG or HTML opened
 *   directly runs nothing; a route serving a real page (an API docs page, say) opts out with
 *   `config: { servesPage: true }`.
 * - API answers are `Cache-Control: no-store` (they are personal or change), except public
 *   ones that chose their own caching (the logos).
 */
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers an HTML page that needs the app's policy (scripts, styles). */
    servesPage?: boolean;
  }
}

export type SecurityHeadersOptions = {
  /** Origins allowed to frame the platform's pages (FRAME_ANCESTORS); empty: none. */
  frameAncestors?: string[];
};

/** For bytes that are not a page of ours: nothing may run, load or be fetched. */
export const UNTRUSTED_BYTES_CSP = "sandbox; default-src 'none'";

// The web app is a Vite build: scripts and styles from its own origin only. Mantine injects
// <style> elements and React sets style attributes, hence 'unsafe-inline' for styles (styles
// cannot run code); captcha pictures are data: URLs, downloads blob: URLs.
function appDirectives(frameAncestors: string[]) {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors.length > 0 ? frameAncestors : ["'none'"],
  };
}

/**
 * Bytes of a known type other than HTML. An answer without a type (a 304 revalidating the
 * app's index.html) keeps the page policy: browsers merge a 304's headers into the cached page,
 * so the sandbox there would stop the app from loading on the next reload.
 */
function isNotPage(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return type !== undefined && !/^text\/html\b/i.test(String(type));
}

function isApi(request: FastifyRequest): boolean {
  return request.url.startsWith(API_PREFIX);
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
  const frameAncestors = opts.frameAncestors ?? [];
  // helmet's middleware, built once: @fastify/helmet built it (parsing the policy) for every
  // request, a tenth of a public-API call's time.
  const harden = helmet({
    // No upgrade-insecure-requests: a single machine on a LAN is served over plain http.
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives(frameAncestors) },
    // X-Frame-Options cannot name origins: with allowed framers, frame-ancestors alone decides.
    frameguard: frameAncestors.length > 0 ? false : { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', (request, reply, done) => harden(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));

  app.addHook('onSend', async (request, reply, payload) => {
    const servesPage = request.routeOptions.config?.servesPage === true;
    if (!servesPage && (isApi(request) || isNotPage(reply))) reply.header('content-security-policy', UNTRUSTED_BYTES_CSP);
    if (isApi(request) && (request.auth !== null || !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
});
