/**
 * The DeepL API's answers to limits, on a gateway whose frequency limit is 3 requests a minute:
 * over it 429 (deepl-node's TooManyRequestsError) with DeepL's `{message}` body; a body over
 * the size limit 413; an unknown /v2/ path 404, all in DeepL's shape, never our envelope.
 */
import { createAppKey } from '@mtp/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

let gw: TestGateway;
let key: string;

beforeAll(async () => {
  gw = await buildTestGateway({
    docWorker: false,
    app: { traffic: { defaultLimit: { maxRequests: 3, windowMinutes: 1 }, minuteMs: 60_000 } },
  });
  const { userId } = await gw.registeredUser('deepl-limits@example.com');
  key = (await createAppKey(gw.db, { userId, name: 'limits' })).api_key;
});
afterAll(async () => {
  await gw?.close();
});

const usage = () => gw.app.inject({ method: 'GET', url: '/v2/usage', headers: { authorization: `DeepL-Auth-Key ${key}` } });

describe('DeepL limits', () => {
  it('answers 404 for an unknown path and 413 for a body too large', async () => {
    const unknown = await gw.app.inject({ method: 'GET', url: '/v2/nothing-here', headers: { authorization: `DeepL-Auth-Key ${key}` } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Not found.' });
    const huge = await gw.app.inject({
      method: 'POST',
      url: '/v2/translate',
      payload: `target_lang=ZH&text=${'a'.repeat(2 * 1024 * 1024)}`,
      headers: { authorization: `DeepL-Auth-Key ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 429 with a message once the key is over the frequency limit', async () => {
    const statuses: number[] = [];
    let last = await usage();
    statuses.push(last.statusCode);
    for (let i = 0; i < 4 && last.statusCode !== 429; i++) {
      last = await usage();
      statuses.push(last.statusCode);
    }
    expect(statuses).toContain(200);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ message: expect.any(String) });
    expect(last.json()).not.toHaveProperty('code');
  });
});
