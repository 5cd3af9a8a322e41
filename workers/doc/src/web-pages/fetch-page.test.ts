import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage } from './fetch-page';
import { PageRefusal } from './page-refusal';

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/page') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>Hello</p>');
    if (req.url === '/to-loopback') return res.writeHead(302, { location: `http://localhost:${port}/page` }).end();
    if (req.url === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (req.url === '/json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    if (req.url === '/huge') {
      // 50 MB announced by nothing: streamed until the worker stops reading.
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 50 && res.write(chunk)) sent++;
        if (sent < 50) res.once('drain', pump);
        else res.end();
      };
      res.on('error', () => {});
      return pump();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function refusal(url: string, opts: Parameters<typeof fetchPage>[1] = { allowHosts: [] }): Promise<PageRefusal> {
  const err = await fetchPage(url, opts).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PageRefusal);
  return err as PageRefusal;
}

describe('fetchPage SSRF refusals', () => {
  it('refuses loopback addresses, IPv4 and IPv6, and a name resolving to one', async () => {
    expect((await refusal(`http://127.0.0.1:${port}/page`)).code).toBe('WEB_ADDRESS_LOOPBACK');
    expect((await refusal(`http://[::1]:${port}/page`)).code).toBe('WEB_ADDRESS_LOOPBACK');
    expect((await refusal(`http://localhost:${port}/page`)).code).toBe('WEB_ADDRESS_LOOPBACK');
  });

  it('refuses private and metadata addresses', async () => {
    expect((await refusal('http://10.1.2.3/')).code).toBe('WEB_ADDRESS_PRIVATE');
    expect((await refusal('http://192.168.0.1/')).code).toBe('WEB_ADDRESS_PRIVATE');
    expect((await refusal('http://169.254.169.254/latest/meta-data/')).code).toBe('WEB_ADDRESS_LINK_LOCAL');
  });

  it('refuses schemes other than http and https, also after a redirect', async () => {
    expect((await refusal('file:///etc/passwd')).code).toBe('WEB_URL_SCHEME');
    expect((await refusal('ftp://example.com/')).code).toBe('WEB_URL_SCHEME');
    const redirected = await refusal(`http://127.0.0.1:${port}/to-file`, { allowHosts: ['127.0.0.1'] });
    expect(redirected.code).toBe('WEB_URL_SCHEME');
  });

  it('checks a redirect again: an allowed host redirecting to loopback by name is refused', async () => {
    const err = await refusal(`http://127.0.0.1:${port}/to-loopback`, { allowHosts: ['127.0.0.1'] });
    expect(err.code).toBe('WEB_ADDRESS_LOOPBACK');
    expect(err.message).toMatch(/redirected/);
  });

  it('lets an allow-listed intranet host through, and refuses what is not HTML', async () => {
    const page = await fetchPage(`http://127.0.0.1:${port}/page`, { allowHosts: ['127.0.0.1'] });
    expect(page.body.toString()).toBe('<p>Hello</p>');
    expect((await refusal(`http://127.0.0.1:${port}/json`, { allowHosts: ['127.0.0.1'] })).code).toBe('WEB_NOT_HTML');
  });

  it('refuses a 50 MB page (stops reading at the limit)', async () => {
    const err = await refusal(`http://127.0.0.1:${port}/huge`, { allowHosts: ['127.0.0.1'] });
    expect(err.code).toBe('WEB_PAGE_TOO_LARGE');
  });
});
