/**
 * The setup every browser test file shares: the whole platform and Debian's Chromium, started
 * once before the file's tests and stopped after them.
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { E2E_ADMIN, startRunningPlatform, type RunningPlatform } from './running-platform';

export type BrowserSuite = { platform: RunningPlatform; browser: Browser };

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function useBrowserSuite(): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    suite.platform = await startRunningPlatform();
    suite.browser = await launchChromium();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.platform?.stop();
  });
  return suite;
}

/** Logs in through the login page (the configured admin unless told) and waits for the app's layout. */
export async function logInThroughPage(page: Page, account = E2E_ADMIN.account, password = E2E_ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
}

/** A fresh en-US context on the suite's platform with the admin logged in. */
export async function adminPage(suite: BrowserSuite, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url, ...options });
  const page = await context.newPage();
  await logInThroughPage(page);
  return page;
}

type Envelope<T> = { code: number; msg: string; data: T };

/** Calls the platform's API as a script would; anything but 20000 throws with the code. */
export async function apiCall<T>(suite: BrowserSuite, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  if (token) headers.authorization = `Bearer ${token}`;
  const init = body === undefined ? { headers } : { method: 'POST', body: JSON.stringify(body), headers };
  const env = (await (await fetch(`${suite.platform.url}/api/v1.0/${path}`, init)).json()) as Envelope<T>;
  if (env.code !== 20000) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

/**
 * Registers an e-mail account through the real endpoints (the captcha's answer read from the
 * database, the code from the mail log) and answers its user id and access token.
 */
export async function registerThroughApi(
  suite: BrowserSuite,
  user: { account: string; username: string; password: string },
): Promise<{ userId: number; token: string }> {
  const { captcha_id } = await apiCall<{ captcha_id: string }>(suite, 'image_code');
  const db = suite.platform.platform.database.db;
  const { rows } = await db.query<{ answer: string }>('SELECT answer FROM captchas WHERE captcha_id = $1', [captcha_id]);
  await apiCall(suite, 'send_email_code', { account: user.account, purpose: 'register', captcha_id, captcha_code: rows[0]!.answer });
  const { public_key } = await apiCall<{ public_key: string }>(suite, 'user/get_public_key');
  const key = { key: public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };
  const password = publicEncrypt(key, Buffer.from(user.password)).toString('base64');
  const tokens = await apiCall<{ access_token: string }>(suite, 'user/register', {
    ...user,
    password,
    code: suite.platform.codeFromLog(user.account),
  });
  const found = await db.query<{ user_id: number }>('SELECT user_id FROM users WHERE account = $1', [user.account]);
  return { userId: found.rows[0]!.user_id, token: tokens.access_token };
}
