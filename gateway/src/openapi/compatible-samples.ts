/**
 * Examples of the DeepL- and LibreTranslate-compatible calls, with the API key
 * `<app_id>:<app_secret>` built from `APP_ID` / `APP_SECRET` in the environment. The deepl-node
 * one needs `npm install deepl-node` in the folder it runs in. test/openapi-examples.test.ts runs
 * each exactly as written (only the origin changes).
 */
import type { CodeSample } from './code-samples';

export function deeplSamples(origin: string): CodeSample[] {
  return [
    {
      lang: 'Shell',
      label: 'curl',
      source: `curl -sS -X POST '${origin}/v2/translate' \\
  -H "Authorization: DeepL-Auth-Key $APP_ID:$APP_SECRET" \\
  -H 'Content-Type: application/json' \\
  -d '{"text": ["twenty one", "three hundred"], "source_lang": "EN", "target_lang": "ZH"}'`,
    },
    {
      lang: 'JavaScript',
      label: 'JavaScript (the official deepl-node client, Node 18+ as an ES module)',
      source: `import * as deepl from 'deepl-node';

const translator = new deepl.Translator(\`\${process.env.APP_ID}:\${process.env.APP_SECRET}\`, {
  serverUrl: '${origin}',
});
const result = await translator.translateText('twenty one', 'en', 'zh');
console.log(result.text);`,
    },
  ];
}

export function libreSamples(origin: string): CodeSample[] {
  return [
    {
      lang: 'Shell',
      label: 'curl',
      source: `curl -sS -X POST '${origin}/translate' \\
  -H 'Content-Type: application/json' \\
  -d "{\\"q\\": \\"twenty one\\", \\"source\\": \\"en\\", \\"target\\": \\"zh\\", \\"api_key\\": \\"$APP_ID:$APP_SECRET\\"}"`,
    },
  ];
}
