/**
 * Worked examples in curl, JavaScript (fetch) and Python (requests) for two calls that need no
 * RSA-encrypted login: `try_translate` (no token) and `user/remaining_str` (a bearer token in
 * `$TOKEN`). They are written for a platform on this machine's default port; the gateway tests
 * run each one as written against a test server, changing only EXAMPLE_ORIGIN to its address.
 */

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

/** The samples of each documented call, by its path under /api/v1.0 (`x-codeSamples`). */
export const CODE_SAMPLES: Readonly<Record<string, CodeSample[]>> = {
  '/try_translate': tryTranslate,
  '/user/remaining_str': remainingStr,
};

const fence = (sample: CodeSample) =>
  `${sample.label}:\n\n\`\`\`${sample.lang === 'Shell' ? 'sh' : sample.lang.toLowerCase()}\n${sample.source}\n\`\`\``;

/** The examples section of the document's description. */
export function examplesMarkdown(): string {
  return [
    '## Examples',
    'A trial translation, no token needed (visitors share a small trial quota per address):',
    ...tryTranslate.map(fence),
    'The characters you have left, with your access token in `TOKEN` (`export TOKEN=...`; see Authentication):',
    ...remainingStr.map(fence),
  ].join('\n\n');
}
