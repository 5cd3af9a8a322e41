import { isWhitelisted, SPEC_WHITELIST } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway();
});
afterAll(async () => {
  await gw.close();
});

const concrete = (url: string) => url.replace(':siteId', '1').replace(':kind', 'large');
const api = () => gw.app.routeList.filter((r) => r.url.startsWith('/api/v1.0/'));

describe('the whitelist of spec section 7', () => {
  it('has routes on both sides of the list', () => {
    expect(api().filter((r) => isWhitelisted(r.url)).length).toBeGreaterThan(8);
    expect(api().filter((r) => !isWhitelisted(r.url)).length).toBeGreaterThan(8);
  });

  it('answers every whitelisted call without a token (never 401)', async () => {
    for (const route of api().filter((r) => isWhitelisted(r.url))) {
      const res = await gw.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
    }
  });

  it('answers 401 to every other call without a token', async () => {
    for (const route of api().filter((r) => !isWhitelisted(r.url))) {
      const res = await gw.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe(40100);
    }
  });

  it('only skips token checks on whitelisted routes', () => {
    const skipping = api().filter((r) => r.auth === 'ignore' || r.auth === 'optional');
    for (const r of skipping) expect(isWhitelisted(r.url), r.url).toBe(true);
  });

  it('answers the free user from get_user_data without a token', async () => {
    const res = await gw.call<{ user_id: null; rank: string; code: string }>('GET', 'user/get_user_data');
    expect(res.data).toMatchObject({ user_id: null, rank: 'FREE', code: 'free' });
  });

  it('names the spec whitelist', () => {
    expect(SPEC_WHITELIST).toContain('get_user_login_permission');
    expect(isWhitelisted('/api/v1.0/permission/get_user_site_permission')).toBe(false);
  });
});

describe('healthz and unknown paths', () => {
  it('answers healthz outside the prefix and 404 envelopes for unknown API paths', async () => {
    expect((await gw.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const res = await gw.app.inject({ url: '/api/v1.0/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(40400);
  });
});
