/**
 * Two accounts on one tab, in a real browser against the whole platform: user A opens their
 * termbases and My Documents (a bank and a translated .txt of their own), logs out, and user B
 * logs in on the same page and sees only B's banks and files, never A's, even at A's URLs. Then
 * the tables' places live in the URL: page and keyword survive a reload and back/forward, and
 * the screens fit a 412 px phone.
 */
import { constants, publicEncrypt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browser-suite';
import { E2E_ADMIN } from '../support/running-platform';

const suite = useBrowserSuite();
const suffix = Date.now() % 100000;
const PASSWORD = 'Passw0rd1';
const USER_A = { account: `alice${suffix}@example.com`, username: 'Alice', bank: `Alpha terms ${suffix}`, file: `alpha-${suffix}.txt` };
const USER_B = { account: `bob${suffix}@example.com`, username: 'Bob', bank: `Beta terms ${suffix}`, file: `beta-${suffix}.txt` };
// The paging test needs more entries than the free plan's five per termbase: the administrator's
// system termbase, which no plan limits.
const ADMIN = { account: E2E_ADMIN.account, bank: `Gamma terms ${suffix}`, file: `gamma-${suffix}.txt` };

type Envelope<T> = { code: number; msg: string; data: T };

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${suite.platform.url}/api/v1.0/${path}`, { ...init, headers });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 20000) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

const post = <T>(path: string, body: unknown, token?: string) => call<T>(path, { method: 'POST', body: JSON.stringify(body), token });

async function encrypt(password: string): Promise<string> {
  const { public_key } = await call<{ public_key: string }>('user/get_public_key');
  return publicEncrypt({ key: public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password)).toString(
    'base64',
  );
}

/**
 * Registers through the real endpoints (captcha, e-mail code, register): the captcha answer is
 * read from the database (a person reads the picture), the code from the development mail log
 * (a person reads the mail).
 */
async function register(user: { account: string; username: string }): Promise<string> {
  const db = suite.platform.platform.database.db;
  const { captcha_id } = await call<{ captcha_id: string }>('image_code');
  const { rows } = await db.query<{ answer: string }>('SELECT answer FROM captchas WHERE captcha_id = $1', [captcha_id]);
  await post('send_email_code', { account: user.account, purpose: 'register', captcha_id, captcha_code: rows[0]!.answer });
  const code = suite.platform.codeFromLog(user.account);
  const tokens = await post<{ access_token: string }>('user/register', { ...user, password: await encrypt(PASSWORD), code });
  return tokens.access_token;
}

async function createTermbase(token: string, name: string, system = false): Promise<void> {
  await post(
    'tm_term_library/create',
    { flag: 1, name, src_lang: 'en-us', tgt_lang: 'zh-cn', tow_way: 0, system_or_individual: system ? 0 : 1 },
    token,
  );
}

/** Uploads a .txt through doc/create and waits until it is translated. */
async function translateDocument(token: string, name: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('files', new Blob([text], { type: 'text/plain' }), name);
  form.set('src_lang', 'en-us');
  form.set('tgt_lang', 'zh-cn');
  form.set('mode', '0');
  form.set('translate_pictures', '0');
  const { task_id } = await call<{ task_id: string }>('request_translate/doc/create', { method: 'POST', body: form, token });
  // A plain loop: expect.poll only works inside a test, and this also runs in beforeAll.
  let last: unknown = null;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 300))) {
    const data = await call<{ score: number }>(`request_translate/doc/query?task_id=${task_id}`, { token });
    last = data;
    if (data.score === 100) return;
  }
  throw new Error(`${name} was not translated within a minute: ${JSON.stringify(last)}`);
}

async function logIn(page: Page, account: string, password = PASSWORD) {
  await page.goto('/login');
  await page.fill('input[name=account]', account);
  await page.fill('input[name=password]', password);
  await page.click('[data-testid=login-submit]');
  await page.waitForSelector('[data-testid=main-layout]', { timeout: 15_000 });
}

async function logOut(page: Page) {
  await page.click('[data-testid=user-menu]');
  await page.click('[data-testid=logout]');
  await page.waitForURL('**/login', { timeout: 15_000 });
}

const bankNames = (page: Page) => page.locator('[data-testid=bank-item]').allTextContents();
const fileNames = (page: Page) => page.locator('[data-testid=my-file-row]').allTextContents();

// After the suite's own beforeAll (registered first), so the platform is up.
beforeAll(async () => {
  await register(USER_A);
  const tokenB = await register(USER_B);
  const admin = await post<{ access_token: string }>('user/login', {
    account: E2E_ADMIN.account,
    password: await encrypt(E2E_ADMIN.password),
    agree_terms: true,
  });
  await Promise.all([createTermbase(tokenB, USER_B.bank), createTermbase(admin.access_token, ADMIN.bank, true)]);
  await Promise.all([
    translateDocument(tokenB, USER_B.file, 'thirty eight\n'),
    translateDocument(admin.access_token, ADMIN.file, 'one hundred\n'),
  ]);
});

describe('two accounts on one tab', () => {
  it('shows the next account only its own banks and files, never the previous one’s', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url });
    const page = await context.newPage();
    await logIn(page, USER_A.account);

    // A makes a termbase and translates a document in the browser.
    await page.goto('/mytermbank');
    await page.waitForSelector('[data-testid=bank-list]', { timeout: 15_000 });
    await page.click('[data-testid=create-bank]');
    await page.fill('[data-testid=bank-name]', USER_A.bank);
    await page.selectOption('[data-testid=bank-src-lang]', 'en-us');
    await page.selectOption('[data-testid=bank-tgt-lang]', 'zh-cn');
    await page.click('[data-testid=bank-save]');
    await page.locator('[data-testid=bank-item]', { hasText: USER_A.bank }).locator('[data-testid=bank-select]').click();
    await page.waitForURL(/bank=\d+/);
    const bankUrlOfA = page.url();
    expect(await bankNames(page)).toEqual([expect.stringContaining(USER_A.bank)]);

    await page.goto('/file');
    await page.selectOption('[data-testid=doc-src-lang]', 'en-us');
    await page.selectOption('[data-testid=doc-tgt-lang]', 'zh-cn');
    await page.setInputFiles('[data-testid=doc-file-input]', {
      name: USER_A.file,
      mimeType: 'text/plain',
      buffer: Buffer.from('twenty one\n'),
    });
    await page.click('[data-testid=doc-upload]');
    await expect.poll(() => page.locator('[data-testid=doc-overall-progress]').getAttribute('data-score'), { timeout: 60_000 }).toBe('100');

    await page.goto('/myfile');
    await expect.poll(() => fileNames(page), { timeout: 10_000 }).toEqual([expect.stringContaining(USER_A.file)]);
    await logOut(page);

    // B on the same page: the lists are B's from their first render on.
    await logIn(page, USER_B.account);
    await page.goto('/mytermbank');
    await page.waitForSelector('[data-testid=bank-item]', { timeout: 15_000 });
    expect(await bankNames(page)).toEqual([expect.stringContaining(USER_B.bank)]);
    await page.goto('/myfile');
    await page.waitForSelector('[data-testid=my-file-row]', { timeout: 15_000 });
    expect(await fileNames(page)).toEqual([expect.stringContaining(USER_B.file)]);

    // A's old URL (naming A's bank) and the history A left behind show B's data too.
    await page.goto(bankUrlOfA);
    await page.waitForSelector('[data-testid=bank-item]', { timeout: 15_000 });
    expect(await bankNames(page)).toEqual([expect.stringContaining(USER_B.bank)]);
    await page.goBack();
    await page.waitForURL('**/myfile');
    await page.waitForSelector('[data-testid=my-file-row]');
    expect(await fileNames(page)).toEqual([expect.stringContaining(USER_B.file)]);
    const body = await page.textContent('body');
    expect(body).not.toContain(USER_A.file);
    expect(body).not.toContain(USER_A.bank);
    await context.close();
  });

  it('keeps page and keyword in the URL through a reload and back/forward, also on a 412 px phone', async () => {
    const context = await suite.browser.newContext({ locale: 'en-US', baseURL: suite.platform.url, viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    await logIn(page, E2E_ADMIN.account, E2E_ADMIN.password);

    // Twelve terms make two pages of ten.
    await page.goto('/system-termbank');
    await page.locator('[data-testid=bank-item]', { hasText: ADMIN.bank }).locator('[data-testid=bank-select]').click();
    await page.click('[data-testid=import-open]');
    const csv = ['source,target,note', ...Array.from({ length: 12 }, (_, i) => `term ${i + 1},术语${i + 1},`)].join('\n');
    await page.setInputFiles('[data-testid=import-file]', { name: 'terms.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.click('[data-testid=import-submit]');
    const rows = page.locator('[data-testid=entry-row]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(10);

    await page.locator('[data-testid=entry-pages] button', { hasText: /^2$/ }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => rows.count()).toBe(2);
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);

    await page.fill('[data-testid=entry-search]', 'term 1');
    await page.waitForURL(/keyword=/);
    expect(page.url()).not.toContain('page=');
    await expect.poll(() => rows.count()).toBe(4);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === '2' && !url.searchParams.has('keyword'));
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.inputValue('[data-testid=entry-search]')).toBe('');
    await page.goForward();
    await expect.poll(() => page.inputValue('[data-testid=entry-search]')).toBe('term 1');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

    // My Documents: the keyword survives a reload; back brings the unfiltered list.
    await page.goto('/myfile');
    const files = page.locator('[data-testid=my-file-row]');
    await expect.poll(() => files.count(), { timeout: 15_000 }).toBe(1);
    await page.fill('[data-testid=my-files-search]', 'no such file');
    await page.waitForURL(/keyword=/);
    await page.waitForSelector('[data-testid=my-files-empty]');
    await page.reload();
    await page.waitForSelector('[data-testid=my-files-empty]', { timeout: 15_000 });
    expect(await page.inputValue('[data-testid=my-files-search]')).toBe('no such file');
    await page.goBack();
    await expect.poll(() => files.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await context.close();
  });
});
