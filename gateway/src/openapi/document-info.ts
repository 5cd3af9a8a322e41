/**
 * The parts of the OpenAPI document no route schema says: what the API is, the envelope every
 * answer travels in, how to authenticate, the worked examples, the table of every response
 * code, and the areas (tags) the calls are sorted into.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { examplesMarkdown } from './code-samples';
import { documentedCodes, errorCodeTable } from './error-codes-doc';
import { API_PREFIX_PATH, AREAS, OTHER_AREA } from './route-areas';

export const BEARER_SCHEME = 'bearerAuth';

const intro = `The calls of the web app and of your own programs, under \`${API_PREFIX_PATH}/\` of this platform's address.

## The envelope

Every answer is JSON of one shape, \`{code, msg, data}\`:

- \`code\`: \`20000\` on success, otherwise one of the codes below. Most refusals travel with
  HTTP 200; a missing or expired token is HTTP 401 (40100), a login replaced elsewhere 403
  (40300), too many calls 429 (42900, with \`Retry-After\`), an unknown path 404, a server fault 500.
- \`msg\`: the code's message in your language: send \`Accept-Language: zh-CN\` for Chinese,
  anything else gives English.
- \`data\`: the answer's content on success (its schema is under each call), \`null\` on a refusal.

A request body or query that does not fit the call's schema answers 40000, naming the field.
File downloads and exports answer the file itself, or the envelope when they are refused.

## Authentication

Most calls need an access token: \`Authorization: Bearer <access token>\`. The calls marked as
public answer without one (a visitor); with one they answer for that user. Get a token by logging
in: \`POST /user/login\` with the account and the password encrypted with RSA-OAEP (SHA-256) under
the key of \`GET /user/get_public_key\`, base64-encoded; the answer holds \`access_token\` and
\`refresh_token\`. Or copy the access token of a browser session of the web app (its
\`authToken\` in the site's local storage). When the token expires (40100), \`GET
/user/refresh_token\` with the refresh token as the bearer answers a new pair; logging in again
elsewhere ends this session (40300).`;

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
    // Relative: the document describes the platform that serves it, whatever its address.
    servers: [{ url: API_PREFIX_PATH, description: 'This platform' }],
    components: {
      securitySchemes: {
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'The access token of `user/login` (or of a web session).',
        },
      },
    },
    tags: [...AREAS, OTHER_AREA].map(({ name, description }) => ({ name, description })),
  };
}
