/**
 * The add-ins' files (plugins/addin-assets.ts) under the gateway's security headers and beside
 * the web app: the Office manifest names the origin users reach (PUBLIC_URL, or the request's,
 * forwarded headers believed only from trusted proxies), the task pane may be framed by Office
 * and load Office.js, the browser plug-in goes out as an attachment, a missing build says so,
 * and nothing outside the build folders is reachable.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { addinAssetsPlugin, type AddinAssets } from '../src/plugins/addin-assets';
import { securityHeadersPlugin } from '../src/plugins/security-headers';
import { webAppPlugin } from '../src/plugins/web-app';

// The smallest valid zip: an empty archive's end-of-central-directory record.
const EMPTY_ZIP = Buffer.concat([Buffer.from('PK\x05\x06'), Buffer.alloc(18)]);
const PANE = '<!doctype html><title>pane</title><script src="https://appsforoffice.microsoft.com/lib/1/hosted/office.js"></script>';

let dir: string;
let assets: AddinAssets;
const apps: FastifyInstance[] = [];

async function gateway(options: { trustProxy?: string[]; publicUrl?: string; assets?: AddinAssets | null } = {}) {
  const app = Fastify({ trustProxy: options.trustProxy ?? false });
  await app.register(securityHeadersPlugin, {});
  const chosen = options.assets === undefined ? assets : options.assets;
  await app.register(addinAssetsPlugin, { assets: chosen && { ...chosen, publicUrl: options.publicUrl } });
  await app.register(webAppPlugin, { webDist: path.join(dir, 'web') });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-addin-assets-'));
  const office = path.join(dir, 'office-addin');
  await mkdir(path.join(office, 'assets'), { recursive: true });
  await writeFile(path.join(office, 'index.html'), PANE);
  await writeFile(path.join(office, 'assets/index-abc123.js'), 'export {};\n');
  await writeFile(path.join(office, 'icon-32.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  await writeFile(path.join(office, '.built'), '');
  await copyFile(path.join(REPO_ROOT, 'office-addin/manifest.xml'), path.join(office, 'manifest.xml'));
  await mkdir(path.join(dir, 'web'));
  await writeFile(path.join(dir, 'web/index.html'), '<!doctype html><title>web app</title>');
  await writeFile(path.join(dir, 'secret.txt'), 'not for the web');
  await writeFile(path.join(dir, 'mtp-browser-plugin.zip'), EMPTY_ZIP);
  assets = { officeAddinDist: office, browserPluginZip: path.join(dir, 'mtp-browser-plugin.zip') };
});

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await rm(dir, { recursive: true, force: true });
});

/** The task pane's address in a served manifest (its one DefaultSettings/SourceLocation). */
function sourceLocation(xml: string): string | undefined {
  return /<DefaultSettings>\s*<SourceLocation DefaultValue="([^"]+)"/.exec(xml)?.[1];
}

describe('the Office add-in manifest', () => {
  it('names the request origin, and forwarded headers only from a trusted proxy', async () => {
    const direct = await gateway();
    const res = await direct.inject({
      url: '/office-addin/manifest.xml',
      headers: { host: 'mt.example.com:8443', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="manifest.xml"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sourceLocation(res.body)).toBe('http://mt.example.com:8443/office-addin/index.html');
    expect(res.body).not.toContain('__MTP_ORIGIN__');
    expect(res.body).not.toContain('evil.example');

    const proxied = await gateway({ trustProxy: ['127.0.0.1'] });
    const behind = await proxied.inject({
      url: '/office-addin/manifest.xml',
      headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'mt.example.com', 'x-forwarded-proto': 'https' },
    });
    expect(sourceLocation(behind.body)).toBe('https://mt.example.com/office-addin/index.html');
  });

  it('prefers PUBLIC_URL, and refuses a Host that is not a host', async () => {
    const app = await gateway({ publicUrl: 'https://translate.example.com' });
    const res = await app.inject({ url: '/office-addin/manifest.xml', headers: { host: 'internal:3000' } });
    expect(sourceLocation(res.body)).toBe('https://translate.example.com/office-addin/index.html');
    const bare = await gateway();
    const bad = await bare.inject({ url: '/office-addin/manifest.xml', headers: { host: 'a"b<c>' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the task pane', () => {
  it('is served framable by Office, with Office.js allowed and nothing else foreign', async () => {
    const app = await gateway();
    const res = await app.inject({ url: '/office-addin/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PANE);
    expect(res.headers['x-frame-options']).toBeUndefined();
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self' https://appsforoffice.microsoft.com");
    expect(csp).toContain("connect-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const script = await app.inject({ url: '/office-addin/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ url: '/office-addin/icon-32.png' });
    expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const bare = await app.inject({ url: '/office-addin' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/office-addin/index.html');
  });

  it('leaves the web app unframable', async () => {
    const app = await gateway();
    const res = await app.inject({ url: '/' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('answers 404 for a missing file instead of the web app, and says when the add-in is not built', async () => {
    const app = await gateway();
    const missing = await app.inject({ url: '/office-addin/nothing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe('Not found.');
    const unbuilt = await gateway({ assets: { ...assets, officeAddinDist: path.join(dir, 'no-such-build') } });
    for (const url of ['/office-addin/index.html', '/office-addin/manifest.xml']) {
      const res = await unbuilt.inject({ url, headers: { 'accept-language': 'zh-CN' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe('本服务器尚未构建 Office 加载项。');
    }
    const none = await gateway({ assets: null });
    expect((await none.inject({ url: '/office-addin/index.html' })).body).toBe('The Office add-in has not been built on this server.');
  });

  it('serves nothing outside its folder', async () => {
    const app = await gateway();
    // A `..` (or `%2e%2e`) segment is resolved as a URL before routing: it never reaches the folder.
    for (const url of ['/office-addin/../secret.txt', '/office-addin/%2e%2e/secret.txt']) {
      const res = await app.inject({ url });
      expect(res.body, url).toBe('<!doctype html><title>web app</title>');
    }
    // Encoded separators survive routing and reach the static handler, which refuses them.
    for (const url of [
      '/office-addin/..%2fsecret.txt',
      '/office-addin/%2e%2e%2f%2e%2e%2fpackage.json',
      '/office-addin/assets/..%5c..%5csecret.txt',
      '/office-addin/.built',
    ]) {
      const res = await app.inject({ url });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('not for the web');
      expect(res.body, url).not.toContain('workspaces');
    }
  });
});

describe('the browser plug-in download', () => {
  it('sends the zip as an attachment', async () => {
    const app = await gateway();
    const res = await app.inject({ url: '/downloads/mtp-browser-plugin.zip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="mtp-browser-plugin.zip"');
    expect(res.rawPayload.equals(EMPTY_ZIP)).toBe(true);
  });

  it('answers 404 with a clear message when the plug-in was not built', async () => {
    const app = await gateway({ assets: { ...assets, browserPluginZip: path.join(dir, 'missing.zip') } });
    const res = await app.inject({ url: '/downloads/mtp-browser-plugin.zip' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('The browser plug-in has not been built on this server.');
  });
});
