/**
 * The hardening headers' rules, through `app.inject()`: which answers get the app's policy and
 * which the sandbox for untrusted bytes, the FRAME_ANCESTORS setting for pages that must be
 * framed (the Office add-in), the opt-out of a route serving a real page, and no-store.
 * (The browser test beside this one checks the same headers in Chromium.)
 */
import { loadConfig } from '@mtp/gateway';
import { buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SANDBOX = "sandbox; default-src 'none'";

let gw: TestGateway;
let framed: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
  // Routes as later issues will add them: a documentation page, and a file outside /api/.
  gw.app.get('/docs', { config: { servesPage: true } }, async (_req, reply) => reply.type('text/html').send('<!doctype html><p>docs'));
  gw.app.get('/files/picture.svg', async (_req, reply) => reply.type('image/svg+xml').send('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  gw.app.get('/api/v1.0/html-by-mistake', { config: { auth: 'ignore' } }, async (_req, reply) => reply.type('text/html').send('<p>x'));
  framed = await buildTestGateway({ app: { frameAncestors: loadConfig({ FRAME_ANCESTORS: 'https://addin.example.com' }).frameAncestors } });
});
afterAll(async () => {
  await gw?.close();
  await framed?.close();
});

describe('security headers', () => {
  it('gives pages the app policy, and everything else (API, files) the sandbox', async () => {
    const page = await gw.app.inject({ method: 'GET', url: '/docs' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    for (const url of ['/files/picture.svg', '/api/v1.0/html-by-mistake', '/api/v1.0/get_login_config', '/api/v1.0/no-such-call']) {
      const res = await gw.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(SANDBOX);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('marks API answers no-store, personal ones always', async () => {
    const token = await gw.adminToken();
    const personal = await gw.app.inject({
      method: 'GET',
      url: '/api/v1.0/user/get_user_data',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(personal.headers['cache-control']).toBe('no-store');
    const publicCall = await gw.app.inject({ method: 'GET', url: '/api/v1.0/get_login_config' });
    expect(publicCall.headers['cache-control']).toBe('no-store');
  });

  it('lets the origins of FRAME_ANCESTORS frame the pages, and nobody else', async () => {
    expect(loadConfig({}).frameAncestors).toEqual([]);
    expect(() => loadConfig({ FRAME_ANCESTORS: 'addin.example.com; script-src *' })).toThrow(/FRAME_ANCESTORS/);
    framed.app.get('/docs', { config: { servesPage: true } }, async (_req, reply) => reply.type('text/html').send('<p>docs'));
    const page = await framed.app.inject({ method: 'GET', url: '/docs' });
    expect(page.headers['content-security-policy']).toContain('frame-ancestors https://addin.example.com');
    // X-Frame-Options cannot name an origin: frame-ancestors alone decides.
    expect(page.headers['x-frame-options']).toBeUndefined();
  });
});
