/**
 * A fast first load (issue 16, item 7), seen by Debian's Chromium through the DevTools protocol
 * against the whole platform serving the built web app: the first load of /login transfers its
 * scripts and styles compressed (the build's .br/.gz siblings), the second takes them from the
 * browser's cache without asking the server, while index.html is asked again (revalidated) so
 * a deploy is seen at once.
 */
import type { BrowserContext, CDPSession } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';

const suite = useBrowserSuite();

type Load = {
  url: string;
  type: string;
  status: number;
  /** The status on the wire (undefined: the request never reached the network). */
  wireStatus: number | undefined;
  encoding: string | undefined;
  fromCache: boolean;
  /** Bytes on the wire (headers and body), as DevTools' "Transferred". */
  transferred: number;
  /** Body bytes after decoding. */
  decoded: number;
};

/** Every request one visit of `path` in a new tab makes, recorded by the DevTools protocol. */
async function visit(context: BrowserContext, path: string): Promise<Load[]> {
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  const loads = new Map<string, Load>();
  const finished = new Set<string>();
  // responseReceived reports a revalidated page with its cached 200; ExtraInfo has the real 304.
  const wire = new Map<string, number>();
  cdp.on('Network.responseReceivedExtraInfo', ({ requestId, statusCode }) => {
    wire.set(requestId, statusCode);
    const load = loads.get(requestId);
    if (load) load.wireStatus = statusCode;
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const encoding = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1];
    loads.set(requestId, {
      url: response.url,
      type,
      status: response.status,
      wireStatus: wire.get(requestId),
      encoding: encoding as string | undefined,
      fromCache: Boolean(response.fromDiskCache || response.fromPrefetchCache),
      transferred: 0,
      decoded: 0,
    });
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => {
    const load = loads.get(requestId);
    if (load) load.fromCache = true;
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const load = loads.get(requestId);
    if (load) load.decoded += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const load = loads.get(requestId);
    if (load) load.transferred = encodedDataLength;
    finished.add(requestId);
  });
  await cdp.send('Network.enable');
  await page.goto(path);
  await page.waitForSelector('[data-testid=login-page]');
  await page.waitForLoadState('networkidle');
  await page.close();
  return [...loads.entries()].filter(([id]) => finished.has(id)).map(([, load]) => load);
}

const isAsset = (load: Load) => new URL(load.url).pathname.startsWith('/assets/');
const sum = (loads: Load[], key: 'transferred' | 'decoded') => loads.reduce((n, l) => n + l[key], 0);

describe('a fast first load of the web app', () => {
  it('sends compressed scripts once, then takes them from the cache', { timeout: 120_000 }, async () => {
    const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url });

    const first = await visit(context, '/login');
    const assets = first.filter(isAsset);
    const scripts = assets.filter((l) => l.type === 'Script');
    expect(scripts.length).toBeGreaterThan(0);
    for (const load of assets) {
      expect(load.status, load.url).toBe(200);
      expect(load.fromCache, load.url).toBe(false);
      expect(['br', 'gzip'], load.url).toContain(load.encoding);
    }
    const wire = sum(scripts, 'transferred');
    const js = sum(scripts, 'decoded');
    console.log(
      `first load of /login: ${scripts.length} scripts, ${js} bytes of JavaScript, ${wire} bytes transferred ` +
        `(${scripts[0]!.encoding}); all assets ${sum(assets, 'decoded')} bytes, ${sum(assets, 'transferred')} transferred`,
    );
    // Text compresses to well under half; uncompressed the wire carries more than the body.
    expect(wire).toBeLessThan(js / 2);

    const second = await visit(context, '/login');
    const again = second.filter(isAsset);
    expect(again.map((l) => l.url).sort()).toEqual(assets.map((l) => l.url).sort());
    for (const load of again) {
      expect(load.fromCache, `${load.url} from the cache`).toBe(true);
      expect(load.wireStatus, `${load.url} never asked`).toBeUndefined();
    }
    console.log(`second load of /login: ${sum(again, 'transferred')} bytes of assets transferred`);
    // index.html names the current hashes: it is asked again every time (an ETag answers 304).
    const page = second.find((l) => l.type === 'Document')!;
    expect(page.fromCache).toBe(false);
    expect(page.wireStatus).toBe(304);
    await context.close();
  });
});
