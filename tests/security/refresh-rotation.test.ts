/**
 * Refresh tokens rotate: `user/refresh_token` answers a new refresh token beside the access
 * token, and the one used is retired. A retired one coming back means someone kept a copy, so
 * the session ends as stolen: the thief's tokens and the owner's stop working (401), whichever
 * of them refreshed first. Before the fix a refresh token could be exchanged any number of times
 * for its whole 7 days, by anyone holding a copy.
 */
import { ADMIN_ACCOUNT, ADMIN_PASSWORD, buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import type { TokenPair } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let gw: TestGateway;
beforeAll(async () => {
  gw = await buildTestGateway({ docWorker: false });
});
afterAll(async () => {
  await gw?.close();
});

const refresh = (refreshToken: string) => gw.call<Partial<TokenPair>>('GET', 'user/refresh_token', { token: refreshToken });
const userData = (accessToken: string) => gw.call('GET', 'user/get_user_data', { token: accessToken });

async function freshLogin(): Promise<TokenPair> {
  const res = await gw.login(ADMIN_ACCOUNT, ADMIN_PASSWORD);
  expect(res.code).toBe(20000);
  return res.data;
}

async function sessionEndReason(accessToken: string): Promise<string | null> {
  const sid = (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
  const { rows } = await gw.db.query<{ end_reason: string | null }>('SELECT end_reason FROM sessions WHERE session_id = $1', [sid]);
  return rows[0]!.end_reason;
}

describe('refresh token rotation', () => {
  it('answers a new refresh token on every use, and the chain goes on', async () => {
    const first = await freshLogin();
    const second = await refresh(first.refresh_token);
    expect(second.code).toBe(20000);
    expect(second.data.refresh_token).toMatch(/^ey/);
    expect(second.data.refresh_token).not.toBe(first.refresh_token);
    expect((await userData(second.data.access_token!)).status).toBe(200);
    const third = await refresh(second.data.refresh_token!);
    expect(third.code).toBe(20000);
    expect((await userData(third.data.access_token!)).status).toBe(200);
  });

  it('ends the session when a retired refresh token comes back: the new one fails too', async () => {
    const stolen = await freshLogin();
    // The owner refreshes as usual...
    const owner = await refresh(stolen.refresh_token);
    expect(owner.code).toBe(20000);
    // ...then the copy taken earlier is used.
    const thief = await refresh(stolen.refresh_token);
    expect(thief.status).toBe(401);
    expect(await sessionEndReason(stolen.access_token)).toBe('stolen');
    expect((await refresh(owner.data.refresh_token!)).status).toBe(401);
    expect((await userData(owner.data.access_token!)).status).toBe(401);
    expect((await userData(stolen.access_token)).status).toBe(401);
    expect(gw.log.some((line) => line.includes('ended as stolen'))).toBe(true);
  });

  it('ends the session when the thief refreshed first: the thief is cut off once the owner refreshes', async () => {
    const copy = await freshLogin();
    const thief = await refresh(copy.refresh_token);
    expect(thief.code).toBe(20000);
    // The owner still holds the token the thief already exchanged.
    expect((await refresh(copy.refresh_token)).status).toBe(401);
    expect((await refresh(thief.data.refresh_token!)).status).toBe(401);
    expect((await userData(thief.data.access_token!)).status).toBe(401);
  });

  it('never exchanges one refresh token twice, even at the same moment', async () => {
    const pair = await freshLogin();
    const answers = await Promise.all([refresh(pair.refresh_token), refresh(pair.refresh_token), refresh(pair.refresh_token)]);
    expect(answers.filter((a) => a.code === 20000).length).toBeLessThanOrEqual(1);
    // Whoever won holds tokens of a session that has been ended as stolen.
    for (const a of answers.filter((x) => x.code === 20000)) expect((await userData(a.data.access_token!)).status).toBe(401);
  });

  it('get_user_site_permission answers the same link of the chain: either refresh token is exchanged once', async () => {
    const pair = await freshLogin();
    const site = await gw.call<TokenPair>('GET', 'permission/get_user_site_permission', { token: pair.access_token });
    expect(site.code).toBe(20000);
    // The stored refresh token still works (a client may ignore the pair)...
    const next = await refresh(pair.refresh_token);
    expect(next.code).toBe(20000);
    // ...and the re-signed copy is retired with it: using it now is a theft.
    expect((await refresh(site.data.refresh_token)).status).toBe(401);
    expect((await userData(next.data.access_token!)).status).toBe(401);
  });

  it('after a logout the refresh token answers 401 and a new login works as before', async () => {
    const pair = await freshLogin();
    expect((await gw.call('POST', 'user/logout', { token: pair.access_token })).code).toBe(20000);
    expect((await refresh(pair.refresh_token)).status).toBe(401);
    expect(await sessionEndReason(pair.access_token)).toBe('logout');
    const again = await freshLogin();
    expect((await refresh(again.refresh_token)).code).toBe(20000);
  });
});
