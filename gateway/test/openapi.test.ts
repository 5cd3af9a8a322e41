/**
 * The OpenAPI document at /api/v1.0/openapi.json: served without a token, valid OpenAPI 3.1
 * (checked by @seriousme/openapi-schema-validator against the official schema), generated from
 * every documented route of the running gateway, with every response code of proto's CODES.
 */
import { CODES } from '@mtp/proto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';

type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  'x-codeSamples'?: { lang: string }[];
};
type Doc = {
  openapi: string;
  info: { title: string; version: string; description: string; 'x-error-codes': { code: number; en_US: string; zh_CN: string }[] };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
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
    expect(doc.servers).toEqual([{ url: '/api/v1.0', description: 'This platform' }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is public: a bad token does not stop it, and it is on the whitelist', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/api/v1.0/openapi.json', headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(200);
    expect(gw.app.routeList).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/v1.0/openapi.json', auth: 'ignore' }));
  });

  it('lists the public and user calls with their schemas, areas and security', () => {
    const remaining = operation('/user/remaining_str', 'get')!;
    expect(remaining.tags).toEqual(['Billing']);
    expect(remaining.security).toEqual([{ bearerAuth: [] }]);
    expect(JSON.stringify(remaining.responses['200'])).toContain('total_left');
    expect(remaining.responses.default).toEqual({ $ref: '#/components/responses/Refusal' });

    const trial = operation('/try_translate', 'post')!;
    expect(trial.tags).toEqual(['Text']);
    expect(trial.security).toEqual([]);
    expect(JSON.stringify(trial)).toContain('src_lang');
    expect(trial['x-codeSamples']!.map((s) => s.lang)).toEqual(['Shell', 'JavaScript', 'Python']);

    expect(operation('/user/get_user_data', 'get')!.security).toEqual([{ bearerAuth: [] }, {}]);
    expect(operation('/request_translate/doc/create', 'post')!.tags).toEqual(['Documents']);
    expect(operation('/tm_term_library/create', 'post')!.tags).toEqual(['Memories and termbases']);
    expect(operation('/user/login', 'post')!.tags).toEqual(['Account']);
    expect(operation('/site/logo/{siteId}/{kind}', 'get')).toBeDefined();
  });

  it('documents every API route except the internal ones, each under a declared area', () => {
    const declared = new Set(doc.tags.map((t) => t.name));
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    for (const route of gw.app.routeList.filter((r) => r.url.startsWith('/api/v1.0/'))) {
      const path = route.url.slice('/api/v1.0'.length).replace(/:(\w+)/g, '{$1}');
      const internal = path.startsWith('/admin/') || path === '/openapi.json' || /\/(sandbox[^/]*|notify)(\/|$)/.test(path);
      expect(documented.has(`${route.method} ${path}`), `${route.method} ${path}`).toBe(!internal);
    }
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) expect(declared.has(op.tags![0]!), op.tags![0]).toBe(true);
    }
    expect(doc.paths['/admin/dead_letters']).toBeUndefined();
    expect(Object.keys(doc.paths).some((p) => p.includes('healthz'))).toBe(false);
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
