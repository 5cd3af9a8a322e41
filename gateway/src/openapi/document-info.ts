/**
 * The parts of the OpenAPI document no route schema says: the four families of calls, how each
 * authenticates (one security scheme each) and refuses, the worked examples, the table of every
 * response code, and the areas (tags) the calls are sorted into.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { examplesMarkdown } from './code-samples';
import { documentedCodes, errorCodeTable } from './error-codes-doc';
import { API_PREFIX_PATH, AREAS, OTHER_AREA } from './route-areas';

/** The security schemes, one a family (route-areas.ts). */
export const BEARER_SCHEME = 'bearerAuth';
export const API_TOKEN_SCHEME = 'apiToken';
export const DEEPL_KEY_SCHEME = 'deeplAuthKey';
export const LIBRE_KEY_SCHEME = 'libreApiKey';

const intro = `This platform answers four families of calls, each under its own areas below:

- **Public API** (\`${API_PREFIX_PATH}/open/...\`): for your own programs, with an app key.
- **DeepL-compatible API** (\`/v2/...\`) and **LibreTranslate-compatible API** (\`/translate\`,
  \`/detect\`, \`/languages\`, ...): the same app key, for the clients and tools you already use.
- **The site's API** (the other calls under \`${API_PREFIX_PATH}/\`): what this platform's web app
  calls with a signed-in user's token; **API keys** is where a user manages app keys.

Paths below are from this platform's address (the server of this document).

## App keys and tokens

In the user center, **API keys** creates an app key: an app id and an app secret (shown once;
keep it). The public API trades them for an access token, \`POST ${API_PREFIX_PATH}/open/token
{app_id, app_secret}\`, answering \`{token, expires_in}\` (seconds); send it as
\`Authorization: Bearer <token>\` on the other \`open/...\` calls. One token is valid per app: a
new one retires the previous. For the DeepL- and LibreTranslate-compatible calls the API key is
\`<app_id>:<app_secret>\` itself: \`Authorization: DeepL-Auth-Key <api key>\` for DeepL,
\`api_key\` in the body for LibreTranslate. Every call of a key is charged to its owner (API
packages first) and counted against the per-key frequency limit.

## Answers and refusals

- **Public API**: the envelope \`{code, msg, data}\`, \`code\` 20000 on success. A refusal is
  HTTP 200 with \`{code, msg, errorMsg, data: null}\` (\`errorMsg\` repeats \`msg\`), \`code\` from the
  public-API catalogue 10001-10029 (41005 not enough characters, 41007 and 42005 stay as they are).
  Where a call is asked for plain text (\`?format=text\`), a refusal is one line \`[err] <message>\`.
- **DeepL-compatible**: DeepL's answers; a refusal is \`{"message": "..."}\` with DeepL's status:
  400 bad request, 403 wrong or missing key, 404 not found, 413 too large, 429 too many requests,
  456 quota exceeded (not enough characters), 503 document not ready (or no document translation).
- **LibreTranslate-compatible**: LibreTranslate's answers; a refusal is \`{"error": "..."}\` with
  400 bad request, 403 invalid key, 429 too many requests or not enough characters, 500 server error.
- **The site's API**: the envelope \`{code, msg, data}\`. Most refusals travel with HTTP 200; a
  missing or expired token is HTTP 401 (40100), a login replaced elsewhere 403 (40300), too many
  calls 429 (42900, with \`Retry-After\`), an unknown path 404, a server fault 500. A request
  body or query that does not fit the call's schema answers 40000, naming the field. File
  downloads and exports answer the file itself, or the envelope when they are refused.

Messages are in your language: send \`Accept-Language: zh-CN\` for Chinese, anything else gives English.

## The site's authentication

The site's calls take a user's access token: \`Authorization: Bearer <access token>\`. The calls
marked as public answer without one (a visitor); with one they answer for that user. Get a token by
logging in: \`POST ${API_PREFIX_PATH}/user/login\` with the account and the password encrypted with
RSA-OAEP (SHA-256) under the key of \`GET ${API_PREFIX_PATH}/user/get_public_key\`, base64-encoded;
the answer holds \`access_token\` and \`refresh_token\`. Or copy the access token of a browser session
of the web app (its \`authToken\` in the site's local storage). When the token expires (40100),
\`GET ${API_PREFIX_PATH}/user/refresh_token\` with the refresh token as the bearer answers a new pair;
logging in again elsewhere ends this session (40300).`;

const codesSection = `## Response codes

Every code any call can answer, with its HTTP status and both messages (\`{n}\` stands for a
number filled in). Codes 10001-10020 belong to the public API of AppID/AppSecret keys.

${errorCodeTable()}`;

/** The `openapi` option of @fastify/swagger: everything but the paths. */
export function documentBase(version: string): NonNullable<FastifyDynamicSwaggerOptions['openapi']> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'MT Platform API',
      version,
      description: [intro, examplesMarkdown(), codesSection].join('\n\n'),
      // The same table for tools (an OpenAPI extension; renderers show the description's table).
      ...{ 'x-error-codes': documentedCodes() },
    },
    // Relative: the document describes the platform that serves it, whatever its address. The
    // root, not /api/v1.0: the compatible APIs live outside it, so every path is written whole.
    servers: [{ url: '/', description: 'This platform' }],
    components: {
      securitySchemes: {
        [API_TOKEN_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'Public API: the token of `POST /api/v1.0/open/token` (app id and secret of an app key).',
        },
        [DEEPL_KEY_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description:
            'DeepL-compatible API: `DeepL-Auth-Key <app_id>:<app_secret>` (the whole header value). The legacy `auth_key` field ' +
            '(form or query) works too.',
        },
        [LIBRE_KEY_SCHEME]: {
          type: 'apiKey',
          in: 'query',
          name: 'api_key',
          description:
            'LibreTranslate-compatible API: `<app_id>:<app_secret>`, usually as the `api_key` field of the body (JSON, form or ' +
            'multipart), as LibreTranslate clients send it; the query parameter works too.',
        },
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: "The site's API: the access token of `user/login` (or of a web session).",
        },
      },
    },
    tags: [...AREAS, OTHER_AREA].map(({ name, description }) => ({ name, description })),
  };
}
