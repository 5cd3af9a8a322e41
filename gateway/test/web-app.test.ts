/**
 * How the gateway serves the built web app (plugins/web-app.ts) under the security headers: the
 * build's brotli/gzip siblings by Accept-Encoding, hashed assets cached a year as immutable,
 * index.html (also as the SPA fallback) revalidated by ETag, and no HTML for a missing asset.
 * The dist folder is laid out as `vite build` writes it (x.js, x.js.br, x.js.gz).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from '../src/plugins/security-headers';
import { webAppPlugin } from '../src/plugins/web-app';

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const INDEX = '<!doctype html><title>app</title><script type="module" src="/assets/index-abc123.js"></script>';

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'mtp-web-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, 'assets/index-abc123.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync(SCRIPT));
  app = Fastify();
  await app.register(securityHeadersPlugin, {});
  await app.register(webAppPlugin, { webDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('serving the web app', () => {
  it('sends the brotli sibling of a hashed script, cached a year as immutable', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 2);
  });

  it('sends gzip to a client without brotli and plain bytes to one accepting neither', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html, at / and as the fallback of a client route, under the page CSP', async () => {
    for (const url of ['/', '/login', '/some-site-code']) {
      const res = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['content-security-policy'], url).not.toContain('sandbox');
      const again = await get(url, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('revalidates unhashed public files', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset 404, not index.html cached for a year', async () => {
    const res = await get('/assets/index-old999.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    expect(res.body).not.toContain('<!doctype html>');
  });
});
