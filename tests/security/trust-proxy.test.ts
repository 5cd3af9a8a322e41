/**
 * X-Forwarded-For is believed only from the proxies named in TRUST_PROXY. By default nobody
 * is trusted: a visitor who has used up the free trial of its address cannot get a fresh
 * bucket by sending a made-up X-Forwarded-For. Behind a configured proxy the header names the
 * client, so each client behind it has its own bucket.
 */
import { clientKeyFromIp, remainingAnonymous, reserve } from '@mtp/billing';
import { loadConfig, REPO_ROOT } from '@mtp/gateway';
import { buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');
const PROXY = '10.1.2.3';

let direct: TestGateway;
let proxied: TestGateway;
beforeAll(async () => {
  direct = await buildTestGateway({ modelsDir: MODELS_DIR });
  proxied = await buildTestGateway({ modelsDir: MODELS_DIR, app: { trustProxy: loadConfig({ TRUST_PROXY: PROXY }).trustProxy } });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

/** Uses up all but `keep` characters of the free trial of `ip`. */
async function drainTrial(gw: TestGateway, ip: string, keep = 3) {
  const clientKey = clientKeyFromIp(ip);
  const left = (await remainingAnonymous(gw.db, clientKey)).total_left;
  await reserve(gw.db, { userId: null, clientKey, taskId: `drain-${ip}`, chars: left - keep });
}

function tryTranslate(gw: TestGateway, text: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') {
  return gw.app.inject({
    method: 'POST',
    url: '/api/v1.0/try_translate',
    remoteAddress,
    headers,
    payload: { text, src_lang: 'en-us', tgt_lang: 'zh-cn' },
  });
}

describe('TRUST_PROXY', () => {
  it('is off by default: a forged X-Forwarded-For gets no fresh visitor quota', async () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    await drainTrial(direct, '127.0.0.1');
    const forged = await tryTranslate(direct, 'twenty one', { 'x-forwarded-for': '198.51.100.77' });
    expect(forged.json().code).toBe(41005);
    // The forged address's bucket was never touched; the caller's own one is what counts.
    expect((await remainingAnonymous(direct.db, clientKeyFromIp('198.51.100.77'))).total_left).toBe(
      (await remainingAnonymous(direct.db, clientKeyFromIp('203.0.113.1'))).total_left,
    );
  });

  it('believes the configured proxy: each client behind it has its own bucket', async () => {
    await drainTrial(proxied, '198.51.100.1');
    const first = await tryTranslate(proxied, 'twenty one', { 'x-forwarded-for': '198.51.100.1' }, PROXY);
    expect(first.json().code).toBe(41005);
    const other = await tryTranslate(proxied, 'twenty one', { 'x-forwarded-for': '198.51.100.2' }, PROXY);
    expect(other.json(), other.body).toMatchObject({ code: 20000, data: { translated: '二十一' } });
    const charged = await remainingAnonymous(proxied.db, clientKeyFromIp('198.51.100.2'));
    const untouched = await remainingAnonymous(proxied.db, clientKeyFromIp('203.0.113.1'));
    expect(untouched.total_left - charged.total_left).toBe('twenty one'.length);
  });

  it('ignores the header from an address that is not a configured proxy', async () => {
    await drainTrial(proxied, '192.0.2.50');
    const res = await tryTranslate(proxied, 'twenty one', { 'x-forwarded-for': '198.51.100.3' }, '192.0.2.50');
    expect(res.json().code).toBe(41005);
  });

  it('reads hop counts and address lists, and refuses anything else naming the variable', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
