/**
 * A file transfer first makes sure the session is fresh: an expired access token is refreshed
 * (through the client's ordinary 401 handling) before the download is fetched, so the file is
 * requested with the new token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../auth/tokens';
import { storage } from './instance';
import { download } from './transfer';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('transfers and the session', () => {
  it('refreshes an expired access token before downloading', async () => {
    storage.setItem(STORAGE_KEYS.authToken, 'expired-access');
    storage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    const calls: { url: string; auth: string | undefined }[] = [];
    let userDataCalls = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const auth = (init.headers as Record<string, string> | undefined)?.Authorization;
      calls.push({ url: String(url), auth });
      if (String(url).includes('user/get_user_data')) {
        userDataCalls += 1;
        return userDataCalls === 1
          ? json(401, { code: 40100, msg: 'expired', data: null })
          : json(200, { code: 20000, msg: 'ok', data: {} });
      }
      if (String(url).includes('user/refresh_token')) {
        return json(200, { code: 20000, msg: 'ok', data: { access_token: 'fresh-access', expires_in: 1800 } });
      }
      // The file itself: answer an error so nothing needs a DOM to be saved.
      return json(404, { code: 40400, msg: 'not found', data: null });
    });
    await download('tm_term/es_export_all/1/1', { query: { bank_id: 1 } }).catch(() => undefined);
    const file = calls.find((c) => c.url.includes('es_export_all'));
    expect(calls.some((c) => c.url.includes('user/refresh_token'))).toBe(true);
    expect(file?.auth).toBe('Bearer fresh-access');
  });
});
