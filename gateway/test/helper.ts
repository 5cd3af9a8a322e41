/**
 * Builds the real gateway on a fresh database of the run's PostgreSQL server and drives it
 * through `app.inject()`, the way the web client does: passwords are RSA-encrypted with the
 * server's public key, captchas are answered from the database, codes are read from the
 * development mail/SMS transport's log (or from a real SMTP server in the registration test).
 */
import { bootstrapAccounts, createAccounts, type AccountsDeps } from '@mtp/accounts';
import { createStorage, MemoryBroker, MemoryBus, runMigrations, type Db } from '@mtp/platform';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@mtp/platform/testing';
import type { TokenPair } from '@mtp/proto';
import type { FastifyInstance } from 'fastify';
import { constants, publicEncrypt } from 'node:crypto';
import type { RemoteSettings } from '@mtp/mt-worker';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app';
import { allMigrations } from '../src/platform';
import { startTranslationRuntime } from '../src/translation-runtime';

export const ADMIN_ACCOUNT = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin12345';

export type Answer<T = unknown> = { status: number; code: number; msg: string; data: T };

export type TestGateway = Awaited<ReturnType<typeof buildTestGateway>>;

export type CallOptions = { token?: string; body?: unknown; query?: Record<string, string>; lang?: string };

export type TestGatewayOptions = {
  accessTtlSeconds?: number;
  smtpUrl?: string;
  /** Start an in-process MT worker on these models (the committed tiny test models, say). */
  modelsDir?: string;
  /** Give that worker a remote chat-completions engine. */
  remote?: RemoteSettings;
  /** Keep documents in this S3-compatible bucket instead of a temporary folder. */
  s3Url?: string;
  /** Run a document worker on the gateway's bus (default yes; no: uploads wait for one). */
  docWorker?: boolean;
  /** Passed to buildApp: proxies to trust, rate limits (default: the production defaults). */
  app?: Pick<
    AppDeps,
    | 'trustProxy'
    | 'rateLimits'
    | 'traffic'
    | 'frameAncestors'
    | 'commerce'
    | 'devices'
    | 'metrics'
    | 'apiTokenTtlSeconds'
    | 'apiDocSyncWaitMs'
  >;
};

export async function buildTestGateway(opts: TestGatewayOptions = {}) {
  const tdb = await createTestDatabase(inject('pgAdminUrl'));
  await runMigrations(tdb.db, await allMigrations());
  await bootstrapAccounts(tdb.db, { adminAccount: ADMIN_ACCOUNT, adminPassword: ADMIN_PASSWORD });
  const log: string[] = [];
  const accounts: AccountsDeps = await createAccounts({
    db: tdb.db,
    log: (line) => log.push(line),
    smtpUrl: opts.smtpUrl,
    tokenSettings: opts.accessTtlSeconds ? { accessTtlSeconds: opts.accessTtlSeconds } : undefined,
  });
  // A broker of its own, so test files running in one process never hear each other's workers.
  const bus = new MemoryBus(new MemoryBroker());
  const storageDir = await mkdtemp(path.join(os.tmpdir(), 'mtp-test-storage-'));
  const storage = createStorage({ storageDir, s3Url: opts.s3Url });
  const translation = await startTranslationRuntime({
    storage,
    db: tdb.db,
    bus,
    mtWorker: opts.modelsDir ? { modelsDir: opts.modelsDir, threads: 1, remote: opts.remote } : null,
    // The same document worker as a single machine runs, on this gateway's bus.
    docWorker: opts.docWorker ?? true,
  });
  const app: FastifyInstance = await buildApp({
    db: tdb.db,
    accounts,
    text: translation.text,
    docs: translation.docs,
    devices: translation.devices,
    ...opts.app,
  });
  const db: Db = tdb.db;

  const encrypt = (password: string) =>
    publicEncrypt(
      { key: accounts.keys.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password),
    ).toString('base64');

  async function call<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, o: CallOptions = {}): Promise<Answer<T>> {
    const res = await app.inject({
      method,
      url: `/api/v1.0/${path}`,
      query: o.query,
      payload: o.body as object | undefined,
      headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(o.lang ? { 'accept-language': o.lang } : {}) },
    });
    const body = res.json() as { code: number; msg: string; data: T };
    return { status: res.statusCode, ...body };
  }

  async function login(account: string, password: string, extra: Record<string, unknown> = {}) {
    return call<TokenPair>('POST', 'user/login', { body: { account, password: encrypt(password), agree_terms: true, ...extra } });
  }

  async function captcha(): Promise<{ captcha_id: string; captcha_code: string }> {
    const { data } = await call<{ captcha_id: string }>('GET', 'image_code');
    const { rows } = await db.query<{ answer: string }>('SELECT answer FROM captchas WHERE captcha_id = $1', [data.captcha_id]);
    return { captcha_id: data.captcha_id, captcha_code: rows[0]!.answer };
  }

  /** The last code the development transport logged for `account`. */
  function codeFromLog(account: string): string {
    const line = [...log].reverse().find((l) => l.includes(`to=${account.toLowerCase()}`));
    const code = line ? /\b(\d{6})\b/.exec(line.slice(line.indexOf('text=')))?.[1] : undefined;
    if (!code) throw new Error(`no code logged for ${account}`);
    return code;
  }

  async function sendCode(account: string, purpose: string, token?: string) {
    const path = account.includes('@') ? 'send_email_code' : 'send_sms_code';
    return call('POST', path, { token, body: { account, purpose, ...(await captcha()) } });
  }

  /** Registers through the real flow (captcha, code, register) and answers the tokens. */
  async function registerUser(account: string, password = 'Passw0rd', username = 'tester', siteCode?: string): Promise<TokenPair> {
    const sent = await sendCode(account, 'register');
    if (sent.code !== 20000) throw new Error(`send code failed: ${sent.msg}`);
    const res = await call<TokenPair>('POST', 'user/register', {
      body: { account, username, password: encrypt(password), code: codeFromLog(account), ...(siteCode ? { site_code: siteCode } : {}) },
    });
    if (res.code !== 20000) throw new Error(`register failed: ${res.msg}`);
    return res.data;
  }

  /** Registers `account` and answers its access token and user id. */
  async function registeredUser(account: string, password = 'Passw0rd'): Promise<{ token: string; userId: number }> {
    const tokens = await registerUser(account, password);
    const { rows } = await db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [account.toLowerCase()]);
    return { token: tokens.access_token, userId: rows[0]!.user_id };
  }

  async function adminToken(): Promise<string> {
    return (await login(ADMIN_ACCOUNT, ADMIN_PASSWORD)).data.access_token;
  }

  return {
    app,
    db,
    accounts,
    log,
    encrypt,
    call,
    login,
    captcha,
    codeFromLog,
    sendCode,
    registerUser,
    registeredUser,
    adminToken,
    translation,
    bus,
    storage,
    storageDir,
    close: async () => {
      await app.close();
      await translation.stop();
      await bus.close();
      await tdb.drop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
