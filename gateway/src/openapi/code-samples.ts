/**
 * Worked examples in curl, JavaScript and Python: the public API's whole flow (native-flow-
 * samples.ts), the DeepL- and LibreTranslate-compatible calls (compatible-samples.ts), and two
 * calls of the site's API that need no RSA-encrypted login: `try_translate` (no token) and
 * `user/remaining_str` (a bearer token in `$TOKEN`). They are written for a platform on this
 * machine's default port; the gateway tests run each one as written against a test server,
 * changing only EXAMPLE_ORIGIN to its address.
 */
import { deeplSamples, libreSamples } from './compatible-samples';
import { nativeFlowSamples } from './native-flow-samples';

/** Where the examples expect the platform (`npm start`'s default PORT). */
export const EXAMPLE_ORIGIN = 'http://localhost:3000';

export type CodeSample = { lang: 'Shell' | 'JavaScript' | 'Python'; label: string; source: string };

const tryTranslate: CodeSample[] = [
  {
    lang: 'Shell',
    label: 'curl',
    source: `curl -sS -X POST '${EXAMPLE_ORIGIN}/api/v1.0/try_translate' \\
  -H 'Content-Type: application/json' \\
  -d '{"text": "twenty one", "src_lang": "en-us", "tgt_lang": "zh-cn"}'`,
  },
  {
    lang: 'JavaScript',
    label: 'JavaScript (fetch, Node 18+ as an ES module, or a browser)',
    source: `const res = await fetch('${EXAMPLE_ORIGIN}/api/v1.0/try_translate', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ text: 'twenty one', src_lang: 'en-us', tgt_lang: 'zh-cn' }),
});
const { code, msg, data } = await res.json();
if (code !== 20000) throw new Error(\`\${code} \${msg}\`);
console.log(data.translated);`,
  },
  {
    lang: 'Python',
    label: 'Python (requests)',
    source: `import requests

res = requests.post(
    "${EXAMPLE_ORIGIN}/api/v1.0/try_translate",
    json={"text": "twenty one", "src_lang": "en-us", "tgt_lang": "zh-cn"},
)
body = res.json()
if body["code"] != 20000:
    raise RuntimeError(f"{body['code']} {body['msg']}")
print(body["data"]["translated"])`,
  },
];

const remainingStr: CodeSample[] = [
  {
    lang: 'Shell',
    label: 'curl',
    source: `curl -sS '${EXAMPLE_ORIGIN}/api/v1.0/user/remaining_str' \\
  -H "Authorization: Bearer $TOKEN"`,
  },
  {
    lang: 'JavaScript',
    label: 'JavaScript (fetch, Node 18+ as an ES module)',
    source: `const res = await fetch('${EXAMPLE_ORIGIN}/api/v1.0/user/remaining_str', {
  headers: { Authorization: \`Bearer \${process.env.TOKEN}\` },
});
const { code, msg, data } = await res.json();
if (code !== 20000) throw new Error(\`\${code} \${msg}\`);
console.log(data.total_left);`,
  },
  {
    lang: 'Python',
    label: 'Python (requests)',
    source: `import os
import requests

res = requests.get(
    "${EXAMPLE_ORIGIN}/api/v1.0/user/remaining_str",
    headers={"Authorization": f"Bearer {os.environ['TOKEN']}"},
)
body = res.json()
if body["code"] != 20000:
    raise RuntimeError(f"{body['code']} {body['msg']}")
print(body["data"]["total_left"])`,
  },
];

export const NATIVE_FLOW = nativeFlowSamples(EXAMPLE_ORIGIN);
export const DEEPL_SAMPLES = deeplSamples(EXAMPLE_ORIGIN);
export const LIBRE_SAMPLES = libreSamples(EXAMPLE_ORIGIN);

/** The samples of each documented call, by its full path (`x-codeSamples`). */
export const CODE_SAMPLES: Readonly<Record<string, CodeSample[]>> = {
  '/api/v1.0/open/token': NATIVE_FLOW,
  '/api/v1.0/open/translate': NATIVE_FLOW,
  '/api/v1.0/open/doc/create': NATIVE_FLOW,
  '/api/v1.0/open/doc/query': NATIVE_FLOW,
  '/v2/translate': DEEPL_SAMPLES,
  '/translate': LIBRE_SAMPLES,
  '/api/v1.0/try_translate': tryTranslate,
  '/api/v1.0/user/remaining_str': remainingStr,
};

/** Every sample the document shows, once each (the examples test runs them all). */
export const ALL_SAMPLES: readonly CodeSample[] = [...new Set(Object.values(CODE_SAMPLES).flat())];

const fence = (sample: CodeSample) =>
  `${sample.label}:\n\n\`\`\`${sample.lang === 'Shell' ? 'sh' : sample.lang.toLowerCase()}\n${sample.source}\n\`\`\``;

/** The examples section of the document's description. */
export function examplesMarkdown(): string {
  return [
    '## Examples',
    'Each example runs as written against a platform at `' + EXAMPLE_ORIGIN + '` (change the address to yours).',
    '### The public API: a token, text, then a document',
    'Create an app key in the user center (API keys) and put it in the environment: `export APP_ID=... APP_SECRET=...`. ' +
      'Each program gets a token, translates two segments, then translates a document asynchronously: it creates the task ' +
      'with `hello.txt`, asks `open/doc/query` every 2 seconds until the task is done, and downloads `hello.zh-cn.txt`.',
    ...NATIVE_FLOW.map(fence),
    '### DeepL-compatible',
    'The same key as a DeepL API key, `<app_id>:<app_secret>`; any DeepL client works with `serverUrl` set to this platform.',
    ...DEEPL_SAMPLES.map(fence),
    '### LibreTranslate-compatible',
    "The same key as LibreTranslate's `api_key`:",
    ...LIBRE_SAMPLES.map(fence),
    "### The site's API",
    'A trial translation, no token needed (visitors share a small trial quota per address):',
    ...tryTranslate.map(fence),
    'The characters you have left, with your access token in `TOKEN` (`export TOKEN=...`; see Authentication):',
    ...remainingStr.map(fence),
  ].join('\n\n');
}
