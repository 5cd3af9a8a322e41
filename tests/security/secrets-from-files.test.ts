/**
 * The token signing secret and the password-encryption key may come from mounted secret files
 * (JWT_SECRET_FILE, RSA_PRIVATE_KEY_FILE) or the environment (JWT_SECRET, RSA_PRIVATE_KEY)
 * instead of the database. The platform is started as `npm start` starts it (loadConfig,
 * startPlatform); its tokens must be signed with the file's secret, the login page's public key
 * must be the given key's, and neither secret may be written to the database. Before the fix
 * the *_FILE variables were ignored and both secrets were made and kept in the database.
 */
import { loadConfig, startPlatform, type Platform } from '@mtp/gateway';
import { createTestDatabase } from '@mtp/platform/testing';
import { constants, createHmac, createPublicKey, generateKeyPairSync, publicEncrypt, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const ADMIN = { account: 'admin@example.com', password: 'Admin12345' };
const SECRET = 'file-secret-0123456789-abcdefghij-klmnopqrstuvwxyz';

let dir: string;
let env: Record<string, string>;
let privatePem: string;
let platform: Platform;
let dropDatabase: () => Promise<void>;

async function start(extraEnv: Record<string, string>) {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  const config = {
    ...loadConfig(extraEnv),
    databaseUrl: tdb.url,
    port: 0,
    host: '127.0.0.1',
    storageDir: path.join(dir, 'storage'),
    webDist: path.join(dir, 'no-web'),
    adminAccount: ADMIN.account,
    adminPassword: ADMIN.password,
    runMtWorker: false,
    runDocWorker: false,
    natsUrl: undefined,
  };
  return { tdb, started: startPlatform(config, { log: () => {} }) };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-secrets-'));
  privatePem = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }).privateKey;
  // Mounted secrets usually end with a newline, which is no part of the secret.
  await writeFile(path.join(dir, 'jwt-secret'), `${SECRET}\n`);
  await writeFile(path.join(dir, 'rsa-key.pem'), privatePem);
  env = { JWT_SECRET_FILE: path.join(dir, 'jwt-secret'), RSA_PRIVATE_KEY_FILE: path.join(dir, 'rsa-key.pem') };
  const { tdb, started } = await start(env);
  platform = await started;
  dropDatabase = tdb.drop;
});
afterAll(async () => {
  await platform?.close();
  await dropDatabase?.();
  await rm(dir, { recursive: true, force: true });
});

async function call<T>(method: 'GET' | 'POST', url: string, opts: { token?: string; body?: object } = {}) {
  const res = await platform.app.inject({
    method,
    url: `/api/v1.0/${url}`,
    payload: opts.body,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
  return { status: res.statusCode, ...(res.json() as { code: number; data: T }) };
}

const base64url = (b: Buffer) => b.toString('base64url');
const hs256 = (input: string, secret: string) => createHmac('sha256', secret).update(input).digest();

function signedWith(token: string, secret: string): boolean {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return timingSafeEqual(hs256(`${header}.${payload}`, secret), Buffer.from(signature, 'base64url'));
}

describe('secrets from mounted files', () => {
  it('serves the public key of the given private key', async () => {
    const { data } = await call<{ public_key: string }>('GET', 'user/get_public_key');
    const expected = createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();
    expect(data.public_key).toBe(expected);
  });

  it('signs tokens with the file secret and accepts tokens signed with it', async () => {
    // The password is encrypted to the given key: the platform must decrypt it with that key.
    const password = publicEncrypt(
      { key: createPublicKey(privatePem), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ADMIN.password),
    ).toString('base64');
    const login = await call<{ access_token: string; refresh_token: string }>('POST', 'user/login', {
      body: { account: ADMIN.account, password, agree_terms: true },
    });
    expect(login.code).toBe(20000);
    expect(signedWith(login.data.access_token, SECRET)).toBe(true);
    expect(signedWith(login.data.refresh_token, SECRET)).toBe(true);

    // A token made here with the file's secret (same claims, a later expiry) is accepted.
    const [header, payload] = login.data.access_token.split('.') as [string, string];
    const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: Math.floor(Date.now() / 1000) + 600 };
    const body = `${header}.${base64url(Buffer.from(JSON.stringify(claims)))}`;
    const forged = `${body}.${base64url(hs256(body, SECRET))}`;
    expect((await call('GET', 'user/get_user_data', { token: forged })).status).toBe(200);
    const wrongSecret = `${body}.${base64url(hs256(body, `${SECRET}x`))}`;
    expect((await call('GET', 'user/get_user_data', { token: wrongSecret })).status).toBe(401);
  });

  it('keeps neither secret in the database', async () => {
    const { rows } = await platform.database.db.query<{ key: string }>('SELECT key FROM settings');
    expect(rows.map((r) => r.key)).not.toContain('jwt_secret');
    expect(rows.map((r) => r.key)).not.toContain('rsa_private_key');
  });

  it('refuses to start with a key file that is no RSA private key, or with both a value and a file', async () => {
    await writeFile(path.join(dir, 'not-a-key.pem'), 'hello');
    const { tdb, started } = await start({ ...env, RSA_PRIVATE_KEY_FILE: path.join(dir, 'not-a-key.pem') });
    await expect(started).rejects.toThrow(/RSA_PRIVATE_KEY/);
    await tdb.drop();
    expect(() => loadConfig({ ...env, JWT_SECRET: SECRET })).toThrow(/JWT_SECRET or JWT_SECRET_FILE/);
    expect(() => loadConfig({ JWT_SECRET_FILE: path.join(dir, 'missing') })).toThrow(/JWT_SECRET_FILE/);
  });
});
