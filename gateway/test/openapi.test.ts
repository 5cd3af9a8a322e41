/**
 * The OpenAPI document at /api/v1.0/openapi.json: served without a token, valid OpenAPI 3.1
 * (checked by @seriousme/openapi-schema-validator against the official schema), generated from
 * every documented route of the running gateway (the site's API, the native public API, the
 * DeepL- and LibreTranslate-compatible calls), each family with its own security and refusals,
 * with every response code of proto's CODES.
 */
import { CODES } from '@mtp/proto';
import { MULTIPART_BODIES } from '../src/openapi/multipart-bodies';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }>; required?: string[] } }> };
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  'x-codeSamples'?: { lang: string }[];
};
type Doc = {
  openapi: string;
  info: { title: string; version: string; description: string; 'x-error-codes': { code: number; en_US: string; zh_CN: string }[] };
  servers: { url: string }[];
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
    responses: Record<string, unknown>;
  };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
};

let gw: TestGateway;
let doc: Doc;
beforeAll(async () => {
  gw = await buildTestGateway();
  const res = await gw.app.inject({ method: 'GET', url: '/api/v1.0/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await gw.close();
});

const operation = (path: string, method: string) => doc.paths[path]?.[method];

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.info.title).toBe('MT Platform API');
    expect(doc.info.description).toContain('{code, msg, data}');
    expect(doc.servers).toEqual([{ url: '/', description: 'This platform' }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.deeplAuthKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(doc.components.securitySchemes.libreApiKey).toMatchObject({ type: 'apiKey', name: 'api_key' });
  });

  it('is public: a bad token does not stop it, and it is on the whitelist', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1.0/openapi.json', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(200);
    expect(gw.app.routeList).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/v1.0/openapi.json', auth: 'ignore' }));
  });

  it('lists the public and user calls with their schemas, areas and security', () => {
    const remaining = operation('/api/v1.0/user/remaining_str', 'get')!;
    expect(remaining.tags).toEqual(['Billing']);
    expect(remaining.security).toEqual([{ bearerAuth: [] }]);
    expect(JSON.stringify(remaining.responses['200'])).toContain('total_left');
    expect(remaining.responses.default).toEqual({ $ref: '#/components/responses/Refusal' });

    const trial = operation('/api/v1.0/try_translate', 'post')!;
    expect(trial.tags).toEqual(['Text']);
    expect(trial.security).toEqual([]);
    expect(JSON.stringify(trial)).toContain('src_lang');
    expect(trial['x-codeSamples']!.map((s) => s.lang)).toEqual(['Shell', 'JavaScript', 'Python']);

    expect(operation('/api/v1.0/user/get_user_data', 'get')!.security).toEqual([{ bearerAuth: [] }, {}]);
    expect(operation('/api/v1.0/request_translate/doc/create', 'post')!.tags).toEqual(['Documents']);
    expect(operation('/api/v1.0/tm_term_library/create', 'post')!.tags).toEqual(['Memories and termbases']);
    expect(operation('/api/v1.0/user/login', 'post')!.tags).toEqual(['Account']);
    expect(operation('/api/v1.0/site/logo/{siteId}/{kind}', 'get')).toBeDefined();
    expect(operation('/api/v1.0/text/error_report', 'post')!.tags).toEqual(['Text']);
    for (const [path, method] of [
      ['/api/v1.0/app/keys', 'get'],
      ['/api/v1.0/app/keys', 'post'],
      ['/api/v1.0/app/keys/{app_id}', 'delete'],
    ] as const) {
      expect(operation(path, method)!.tags).toEqual(['API keys']);
      expect(operation(path, method)!.security).toEqual([{ bearerAuth: [] }]);
    }
  });

  it('documents every API route except the internal ones, each under a declared area', () => {
    const declared = new Set(doc.tags.map((t) => t.name));
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const outside = new Set(['/healthz', '/readyz', '/metrics', '*', '/', '/sandbox-cashier/{tid}', '/sandbox-cashier/{tid}/{outcome}']);
    for (const route of gw.app.routeList) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const internal =
        outside.has(path) ||
        path.startsWith('/api/v1.0/admin/') ||
        path === '/api/v1.0/openapi.json' ||
        /\/(sandbox[^/]*|notify)(\/|$)/.test(path) ||
        (path.startsWith('/assets/') && route.method === 'GET') ||
        // The add-ins' static files (plugins/addin-assets.ts): downloads, not calls.
        path.startsWith('/office-addin') ||
        path.startsWith('/downloads/');
      expect(documented.has(`${route.method} ${path}`), `${route.method} ${path}`).toBe(!internal);
    }
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) expect(declared.has(op.tags![0]!), op.tags![0]).toBe(true);
    }
    expect(doc.paths['/api/v1.0/admin/dead_letters']).toBeUndefined();
    expect(doc.paths['/api/v1.0/admin/app_keys']).toBeUndefined();
    expect(Object.keys(doc.paths).some((p) => p.includes('healthz') || p.includes('sandbox') || p.includes('notify'))).toBe(false);
  });

  /** Every public call (issue 20): losing its documentation fails here. */
  const PUBLIC_CALLS: Record<string, string[]> = {
    'Public API': [
      'POST /api/v1.0/open/token',
      'POST /api/v1.0/open/translate',
      'POST /api/v1.0/open/langid',
      'GET /api/v1.0/open/enginelist',
      'GET /api/v1.0/open/tm_list',
      'GET /api/v1.0/open/tb_list',
      'POST /api/v1.0/open/error_report',
      'POST /api/v1.0/open/web/translate',
      'GET /api/v1.0/open/web/query',
      'GET /api/v1.0/open/web/download',
      'POST /api/v1.0/open/doc/create',
      'GET /api/v1.0/open/doc/query',
      'GET /api/v1.0/open/doc/download',
      'POST /api/v1.0/open/doc/translate',
    ],
    'DeepL-compatible API': [
      'POST /v2/translate',
      'GET /v2/languages',
      'POST /v2/languages',
      'GET /v2/usage',
      'POST /v2/usage',
      'POST /v2/document',
      'POST /v2/document/{document_id}',
      'POST /v2/document/{document_id}/result',
      'POST /v2/glossaries',
      'GET /v2/glossaries',
      'GET /v2/glossaries/{glossary_id}',
      'GET /v2/glossaries/{glossary_id}/entries',
      'DELETE /v2/glossaries/{glossary_id}',
      'GET /v2/glossary-language-pairs',
    ],
    'LibreTranslate-compatible API': [
      'POST /translate',
      'POST /detect',
      'GET /languages',
      'POST /languages',
      'POST /translate_file',
      'GET /download_file/{id}/{name}',
      'GET /frontend/settings',
      'POST /suggest',
    ],
  };

  it('documents every public call under its family, with a summary, a description, its security and its refusals', () => {
    const allDeeplStatuses = new Set<string>();
    for (const [area, calls] of Object.entries(PUBLIC_CALLS)) {
      expect(doc.tags.map((t) => t.name)).toContain(area);
      for (const call of calls) {
        const [method, path] = call.split(' ') as [string, string];
        const op = operation(path, method.toLowerCase());
        expect(op, call).toBeDefined();
        expect(op!.tags, call).toEqual([area]);
        expect(op!.summary, call).toBeTruthy();
        expect(op!.description, call).toBeTruthy();
        const responses = op!.responses;
        if (area === 'Public API') {
          expect(responses.default, call).toEqual({ $ref: '#/components/responses/PublicApiRefusal' });
          expect(op!.security, call).toEqual(path.endsWith('/open/token') ? [] : [{ apiToken: [] }]);
        } else if (area === 'DeepL-compatible API') {
          expect(op!.security, call).toEqual([{ deeplAuthKey: [] }]);
          for (const status of ['400', '403', '429'])
            expect(responses[status], `${call} ${status}`).toEqual({ $ref: `#/components/responses/Deepl${status}` });
          expect(responses.default, call).toBeUndefined();
          for (const status of Object.keys(responses)) allDeeplStatuses.add(status);
        } else {
          expect(responses['429'], call).toEqual({ $ref: '#/components/responses/Libre429' });
          expect(responses.default, call).toBeUndefined();
        }
      }
    }
    for (const status of ['400', '403', '404', '413', '429', '456', '503']) expect(allDeeplStatuses, status).toContain(status);
    expect(operation('/translate', 'post')!.security).toEqual([{ libreApiKey: [] }, {}]);
    expect(operation('/translate_file', 'post')!.security).toEqual([{ libreApiKey: [] }]);
    expect(operation('/languages', 'get')!.security).toEqual([]);
    for (const status of ['400', '403'])
      expect(operation('/translate', 'post')!.responses[status]).toEqual({ $ref: `#/components/responses/Libre${status}` });
    expect(JSON.stringify(doc.components.responses.PublicApiRefusal)).toContain('errorMsg');
    expect(JSON.stringify(doc.components.responses.Deepl456)).toContain('message');
    expect(JSON.stringify(doc.components.responses.Libre403)).toContain('error');
    // The areas a reader meets first are the public APIs.
    expect(doc.tags.slice(0, 4).map((t) => t.name)).toEqual([
      'Public API',
      'DeepL-compatible API',
      'LibreTranslate-compatible API',
      'API keys',
    ]);
  });

  it('describes the multipart bodies of the calls that read their forms themselves', () => {
    for (const key of Object.keys(MULTIPART_BODIES)) {
      const [method, path] = key.split(' ') as [string, string];
      const body = operation(path, method.toLowerCase())?.requestBody?.content['multipart/form-data']?.schema;
      expect(body, key).toBeDefined();
      expect(body!.properties!.file!.format, key).toBe('binary');
    }
    const native = operation('/api/v1.0/open/doc/create', 'post')!.requestBody!.content['multipart/form-data']!.schema;
    expect(native.required).toEqual(expect.arrayContaining(['file', 'src_lang', 'tgt_lang']));
    expect(native.required).not.toContain('domain');
    expect(operation('/v2/document', 'post')!.requestBody!.content['multipart/form-data']!.schema.required).toContain('target_lang');
  });

  it('shows the worked examples on the calls they use', () => {
    for (const path of ['/api/v1.0/open/token', '/api/v1.0/open/translate', '/api/v1.0/open/doc/create']) {
      expect(
        operation(path, 'post')!['x-codeSamples']!.map((s) => s.lang),
        path,
      ).toEqual(['Shell', 'JavaScript', 'Python']);
    }
    expect(operation('/v2/translate', 'post')!['x-codeSamples']!.map((s) => s.lang)).toEqual(['Shell', 'JavaScript']);
    expect(operation('/translate', 'post')!['x-codeSamples']!.map((s) => s.lang)).toEqual(['Shell']);
    expect(doc.info.description).toContain('open/doc/query');
    expect(doc.info.description).toContain('DeepL-Auth-Key $APP_ID:$APP_SECRET');
  });

  it('lists every response code with both messages', () => {
    const listed = doc.info['x-error-codes'];
    for (const entry of Object.values(CODES)) {
      expect(listed).toContainEqual(expect.objectContaining({ code: entry.code, en_US: entry.en_US, zh_CN: entry.zh_CN }));
      expect(doc.info.description).toContain(`| ${entry.code} | ${entry.http} |`);
      expect(doc.info.description).toContain(entry.zh_CN);
    }
    expect(listed).toHaveLength(Object.keys(CODES).length);
  });
});
