/**
 * The worked examples of the API document work as written: each runs (curl in bash, the
 * JavaScript in Node, the Python with requests) against a gateway listening on a real port,
 * with a real MT worker and document worker on the tiny test models (they turn English number
 * words into Chinese numerals). Only the examples' origin changes, to the test server's address;
 * the reader's environment is an app key's `APP_ID` / `APP_SECRET` (and a site token in `TOKEN`),
 * and the folder they run in has deepl-node installed (a link to this repository's node_modules).
 */
import { createAppKey } from '@mtp/accounts';
import { grantPackage, grantPlan } from '@mtp/billing';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import {
  ALL_SAMPLES,
  CODE_SAMPLES,
  DEEPL_SAMPLES,
  EXAMPLE_ORIGIN,
  examplesMarkdown,
  LIBRE_SAMPLES,
  NATIVE_FLOW,
  type CodeSample,
} from '../src/openapi/code-samples';
import { buildTestGateway, type TestGateway } from './helper';

const run = promisify(execFile);
const MODELS_DIR = path.join(REPO_ROOT, 'workers/mt/test-models/models');

let gw: TestGateway;
let origin: string;
let token: string;
let key: { app_id: string; app_secret: string };
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
  const user = await gw.registeredUser('examples@example.com');
  token = user.token;
  // Documents through the API are charged to a plan's owner: a paid plan and an API package.
  await grantPlan(gw.db, { userId: user.userId, sku: 'standard-m' });
  await grantPackage(gw.db, { userId: user.userId, sku: 'api_10M-y' });
  key = await createAppKey(gw.db, { userId: user.userId, name: 'examples' });
});
const dirs: string[] = [];
afterAll(async () => {
  await gw?.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Runs a sample as its reader would, in a folder of its own; answers its stdout and that folder. */
async function runSample(sample: CodeSample): Promise<{ stdout: string; dir: string }> {
  const source = sample.source.replaceAll(EXAMPLE_ORIGIN, origin);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-example-'));
  dirs.push(dir);
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  // Straight to the test server, whatever proxy this machine's environment names.
  const env = {
    ...process.env,
    TOKEN: token,
    APP_ID: key.app_id,
    APP_SECRET: key.app_secret,
    NO_PROXY: '127.0.0.1',
    no_proxy: '127.0.0.1',
  };
  const [file, args] =
    sample.lang === 'Shell'
      ? ['bash', ['-c', source]]
      : sample.lang === 'JavaScript'
        ? [process.execPath, ['--input-type=module', '-e', source]]
        : ['python3', ['-c', source]];
  const { stdout } = await run(file, args, { env, cwd: dir, timeout: 90_000 });
  return { stdout: stdout.trim(), dir };
}

const sample = (samples: readonly CodeSample[], lang: CodeSample['lang']) => samples.find((s) => s.lang === lang)!;

describe('the API document examples', () => {
  it('are what the document shows', () => {
    const page = examplesMarkdown();
    for (const s of ALL_SAMPLES) expect(page).toContain(s.source);
    expect(ALL_SAMPLES.filter((s) => s.lang === 'Shell').length).toBe(5);
  });

  it.each(['Shell', 'JavaScript', 'Python'] as const)(
    'the public API flow in %s: a token, text, then a document created, polled until done and downloaded',
    async (lang) => {
      const { stdout, dir } = await runSample(sample(NATIVE_FLOW, lang));
      expect(stdout.split('\n')).toEqual(['二十一', '三百', '二十一']);
      expect((await readFile(path.join(dir, 'hello.zh-cn.txt'), 'utf8')).trim()).toBe('二十一');
      expect(await readFile(path.join(dir, 'hello.txt'), 'utf8')).toBe('twenty one\n');
    },
    120_000,
  );

  it('the DeepL-compatible curl and deepl-node examples translate with the key', async () => {
    const curl = await runSample(sample(DEEPL_SAMPLES, 'Shell'));
    expect(JSON.parse(curl.stdout)).toEqual({
      translations: [
        { detected_source_language: 'EN', text: '二十一' },
        { detected_source_language: 'EN', text: '三百' },
      ],
    });
    const node = await runSample(sample(DEEPL_SAMPLES, 'JavaScript'));
    expect(node.stdout).toBe('二十一');
  });

  it('the LibreTranslate-compatible curl example translates with the key', async () => {
    const { stdout } = await runSample(sample(LIBRE_SAMPLES, 'Shell'));
    expect(JSON.parse(stdout)).toEqual({ translatedText: '二十一' });
  });

  it('try_translate in curl answers the envelope with the translation', async () => {
    const { stdout } = await runSample(sample(CODE_SAMPLES['/api/v1.0/try_translate']!, 'Shell'));
    expect(JSON.parse(stdout)).toMatchObject({ code: 20000, data: { translated: '二十一', src_lang: 'en-us', tgt_lang: 'zh-cn' } });
  });

  it('try_translate in JavaScript and Python prints the translation', async () => {
    expect((await runSample(sample(CODE_SAMPLES['/api/v1.0/try_translate']!, 'JavaScript'))).stdout).toBe('二十一');
    expect((await runSample(sample(CODE_SAMPLES['/api/v1.0/try_translate']!, 'Python'))).stdout).toBe('二十一');
  });

  it('user/remaining_str in curl, JavaScript and Python answers for the token in $TOKEN', async () => {
    const samples = CODE_SAMPLES['/api/v1.0/user/remaining_str']!;
    const expected = (await gw.call<{ total_left: number }>('GET', 'user/remaining_str', { token })).data.total_left;
    expect(expected).toBeGreaterThan(0);
    expect(JSON.parse((await runSample(sample(samples, 'Shell'))).stdout)).toMatchObject({ code: 20000, data: { total_left: expected } });
    expect((await runSample(sample(samples, 'JavaScript'))).stdout).toBe(String(expected));
    expect((await runSample(sample(samples, 'Python'))).stdout).toBe(String(expected));
  });
});
