/**
 * The worked examples of the API document work as written: each runs (curl in bash, the
 * JavaScript in Node, the Python with requests) against a gateway listening on a real port,
 * with a real MT worker on the tiny test models (they turn English number words into Chinese
 * numerals). Only the examples' origin changes, to the test server's address.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { CODE_SAMPLES, EXAMPLE_ORIGIN, type CodeSample } from '../src/openapi/code-samples';
import { buildTestGateway, type TestGateway } from './helper';

const run = promisify(execFile);
const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');

let gw: TestGateway;
let origin: string;
let token: string;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
  token = (await gw.registeredUser('examples@example.com')).token;
});
afterAll(async () => {
  await gw?.close();
});

/** Runs a sample as its reader would (`$TOKEN` set in the environment); answers its stdout. */
async function runSample(sample: CodeSample): Promise<string> {
  const source = sample.source.replaceAll(EXAMPLE_ORIGIN, origin);
  // Straight to the test server, whatever proxy this machine's environment names.
  const env = { ...process.env, TOKEN: token, NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1' };
  const [file, args] =
    sample.lang === 'Shell'
      ? ['bash', ['-c', source]]
      : sample.lang === 'JavaScript'
        ? [process.execPath, ['--input-type=module', '-e', source]]
        : ['python3', ['-c', source]];
  const { stdout } = await run(file, args, { env, timeout: 60_000 });
  return stdout.trim();
}

const sample = (path: string, lang: CodeSample['lang']) => CODE_SAMPLES[path]!.find((s) => s.lang === lang)!;

describe('the API document examples', () => {
  it('try_translate in curl answers the envelope with the translation', async () => {
    const answer = JSON.parse(await runSample(sample('/try_translate', 'Shell')));
    expect(answer).toMatchObject({ code: 20000, data: { translated: '二十一', src_lang: 'en-us', tgt_lang: 'zh-cn' } });
  });

  it('try_translate in JavaScript and Python prints the translation', async () => {
    expect(await runSample(sample('/try_translate', 'JavaScript'))).toBe('二十一');
    expect(await runSample(sample('/try_translate', 'Python'))).toBe('二十一');
  });

  it('user/remaining_str in curl, JavaScript and Python answers for the token in $TOKEN', async () => {
    const expected = (await gw.call<{ total_left: number }>('GET', 'user/remaining_str', { token })).data.total_left;
    expect(expected).toBeGreaterThan(0);
    const answer = JSON.parse(await runSample(sample('/user/remaining_str', 'Shell')));
    expect(answer).toMatchObject({ code: 20000, data: { total_left: expected, plan_code: 'free' } });
    expect(await runSample(sample('/user/remaining_str', 'JavaScript'))).toBe(String(expected));
    expect(await runSample(sample('/user/remaining_str', 'Python'))).toBe(String(expected));
  });
});
