/**
 * The refusals each family answers (route-areas.ts), as reusable OpenAPI responses, and the
 * completion of every operation's responses with its family's: the site's envelope and the
 * public API's `{code, msg, errorMsg, data: null}` as the `default` answer (they travel with
 * HTTP 200 mostly: the code says what happened), DeepL's and LibreTranslate's as the HTTP
 * statuses they use. A status a route declares keeps its schema; only its description (which
 * @fastify/swagger leaves as "Default Response") is filled in.
 */
import type { Family } from './route-areas';

type Response = { description?: string; content?: object; $ref?: string };

const json = (schema: object) => ({ 'application/json': { schema } });

const SITE_REFUSAL = 'Refusal';
const NATIVE_REFUSAL = 'PublicApiRefusal';

/** DeepL's statuses and what each means here (`{message}` in the caller's language). */
const DEEPL_STATUSES: Record<string, string> = {
  '400': 'Bad request: a parameter is missing or wrong (the message names it).',
  '403': 'Authorization failed: the `DeepL-Auth-Key` is missing or wrong, the key revoked or its owner deactivated.',
  '404': 'Not found: no such document or glossary (of this key).',
  '413': 'Request too large: the body or the document is over the limit.',
  '429': 'Too many requests: over the per-key frequency limit; wait and retry.',
  '456': "Quota exceeded: the key's owner has not enough characters (or no more glossaries).",
  '500': 'Internal error: the translation failed; nothing was charged.',
  '503': 'Resource unavailable: the document is not translated yet (or document translation is off here).',
};
/** Every DeepL call may answer these (the key, the frequency limit, the body size, a failure). */
const DEEPL_ALWAYS = ['400', '403', '413', '429', '500'];

/** LibreTranslate's statuses (`{error}`). */
const LIBRE_STATUSES: Record<string, string> = {
  '400': 'Bad request: a parameter is missing or wrong (the message names it).',
  '403': 'Invalid API key (wrong or revoked, or its owner deactivated); or the call is off on this server.',
  '404': 'Not found: the file has expired (24 hours).',
  '429': "Slow down: over the frequency limit, or the key's owner (or a keyless visitor's trial) has not enough characters.",
  '500': 'The translation failed; nothing was charged.',
};
const LIBRE_ALWAYS = ['429', '500'];
/** The download link declares no error schemas (its success is a stream): its statuses. */
const LIBRE_DOWNLOAD = ['400', '404'];

const messageBody = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } };
const errorBody = { type: 'object', required: ['error'], properties: { error: { type: 'string' } } };

/** The responses section of `components`. */
export function familyResponseComponents(): Record<string, Response> {
  const components: Record<string, Response> = {
    [SITE_REFUSAL]: {
      description: 'A refusal: `code` is one of the response codes (see the table in the introduction), `data` is null.',
      content: json({
        type: 'object',
        required: ['code', 'msg', 'data'],
        properties: { code: { type: 'integer', examples: [40100] }, msg: { type: 'string' }, data: { type: 'null' } },
      }),
    },
    [NATIVE_REFUSAL]: {
      description:
        'A refusal, with HTTP 200: `code` from the public-API catalogue (10001-10029, or 41005 not enough characters; table in the ' +
        "introduction), `msg` and `errorMsg` its message in the caller's language, `data` null. With `?format=text`: one text/plain " +
        'line `[err] <message>`.',
      content: {
        ...json({
          type: 'object',
          required: ['code', 'msg', 'errorMsg', 'data'],
          properties: {
            code: { type: 'integer', examples: [10007] },
            msg: { type: 'string', examples: ['Token error'] },
            errorMsg: { type: 'string', examples: ['Token error'] },
            data: { type: 'null' },
          },
        }),
        'text/plain': { schema: { type: 'string', examples: ['[err] Token error'] } },
      },
    },
  };
  for (const [status, description] of Object.entries(DEEPL_STATUSES)) {
    components[`Deepl${status}`] = { description, content: json(messageBody) };
  }
  for (const [status, description] of Object.entries(LIBRE_STATUSES)) {
    components[`Libre${status}`] = { description, content: json(errorBody) };
  }
  return components;
}

const ref = (name: string): Response => ({ $ref: `#/components/responses/${name}` });

/** An operation's responses completed with its family's refusals. */
export function withFamilyRefusals(family: Family, path: string, responses: Record<string, Response> = {}): Record<string, Response> {
  if (family === 'site') return { ...responses, default: ref(SITE_REFUSAL) };
  if (family === 'native') return { ...responses, default: ref(NATIVE_REFUSAL) };
  const [prefix, statuses, always] =
    family === 'deepl'
      ? ['Deepl', DEEPL_STATUSES, DEEPL_ALWAYS]
      : ['Libre', LIBRE_STATUSES, path.startsWith('/download_file/') ? [...LIBRE_ALWAYS, ...LIBRE_DOWNLOAD] : LIBRE_ALWAYS];
  const completed: Record<string, Response> = { ...responses };
  for (const status of new Set([...Object.keys(responses), ...always])) {
    if (status.startsWith('2') || !statuses[status]) continue;
    // Declared with the same body schema: the shared response says it, with what the status means.
    completed[status] = ref(`${prefix}${status}`);
  }
  return completed;
}
