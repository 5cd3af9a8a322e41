/**
 * The browser plug-in (issue 22 item 3) loaded UNPACKED from browser-plugin/dist/unpacked (built
 * by `npm test`'s ensure_addins_build) into Debian's Chromium, against the whole platform with
 * the tiny test models (English number words -> Chinese numerals) and a page this test serves on
 * 127.0.0.1. A registered user's API key is entered on the options page; a word selected on the
 * page shows its translation in the pop-up; the page is translated in place (progress shown,
 * then done; script, style, code, pre, translate="no" and notranslate untouched; alt and
 * placeholder translated; whitespace kept); Undo gives back the body's exact original HTML.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { REPO_ROOT } from '@mtp/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/browser';
import { apiCall, registerThroughApi, type BrowserSuite } from '../support/browser-suite';
import { startRunningPlatform } from '../support/running-platform';

/** The two extension calls the test makes inside the service worker (the tests have no chrome types). */
declare const chrome: {
  tabs: {
    query(filter: { url: string }): Promise<{ id?: number }[]>;
    sendMessage(tabId: number, message: unknown): Promise<unknown>;
  };
  storage: { local: { get(keys: null): Promise<Record<string, unknown>> } };
};

const EXTENSION_DIR = path.join(REPO_ROOT, 'browser-plugin/dist/unpacked');
const WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
// 81 distinct paragraphs: more than one message of 50 texts, so progress is seen between 0 and 100%.
const PARAGRAPHS = WORDS.flatMap((a) => WORDS.map((b) => `<p>${a} hundred ${b}</p>`)).join('\n');
const PAGE = `<!doctype html><html lang="en"><head><title>plug-in page</title>
<style>p { margin: 4px 0 } .big { font-size: 40px }</style></head><body>
<h1 id="title" class="big">twenty one</h1>
<p id="mixed">  forty <b id="word">seven</b> and   <i>eight</i>  </p>
<img id="pic" alt="three hundred" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<input id="field" placeholder="ninety nine">
<code id="code">one two three</code>
<pre id="pre">four five six</pre>
<span id="keep" translate="no">seven eight</span>
<span id="keep2" class="notranslate">nine ten</span>
<script id="script">window.__scriptText = 'one hundred';</script>
${PARAGRAPHS}
</body></html>`;

const suite = {} as BrowserSuite;
const USER = { account: 'plugin-e2e@example.com', username: 'plugger', password: 'Passw0rd1' };
let server: http.Server;
let pageUrl = '';
let context: BrowserContext;
let worker: Worker;
let userDataDir = '';

beforeAll(async () => {
  if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json')))
    throw new Error('browser-plugin/dist/unpacked is missing: run `npm run build -w @mtp/browser-plugin` (npm test does)');
  suite.platform = await startRunningPlatform();
  server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/article`;
  ({ context, worker, userDataDir } = await launchWithPlugin('en-US'));
});

afterAll(async () => {
  await context?.close();
  if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await suite.platform?.stop();
});

/** Chromium with the unpacked plug-in in a fresh profile; `lang` is the browser's interface language. */
async function launchWithPlugin(lang: 'en-US' | 'zh-CN') {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtp-plugin-profile-'));
  const browser = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    locale: lang,
    // chrome.i18n follows the browser's interface language: --lang, and LANGUAGE on Linux.
    env: { ...process.env, LANGUAGE: lang.replace('-', '_') },
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      `--lang=${lang}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-sync',
      '--disable-component-update',
    ],
  });
  const sw = browser.serviceWorkers()[0] ?? (await browser.waitForEvent('serviceworker', { timeout: 30_000 }));
  return { context: browser, worker: sw, userDataDir: dir };
}

/**
 * What the context menu and the keyboard command do: tell the page's content script. Every tab
 * of the test's page is told (earlier tests leave theirs open; each asserts on its own page).
 */
async function commandPage(type: 'translate-page' | 'undo-page', sw = worker): Promise<void> {
  await sw.evaluate(async (command) => {
    const tabs = await chrome.tabs.query({ url: 'http://127.0.0.1/*' });
    await Promise.all(tabs.map((tab) => chrome.tabs.sendMessage(tab.id!, { type: command })));
  }, type);
}

/** Records every state the badge host takes (main world: the DOM is shared with the content script). */
async function recordBadge(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __badge: string[] }).__badge = seen;
    new MutationObserver(() => {
      const host = document.getElementById('mtp-plugin-badge');
      if (host) seen.push(`${host.dataset.state}:${host.dataset.progress ?? ''}`);
    }).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  });
}

const badgeStates = (page: Page) => page.evaluate(() => (window as unknown as { __badge: string[] }).__badge);

describe('the browser plug-in', () => {
  it('is configured on its options page, pops up a selected word, translates the page in place and undoes it', async () => {
    const extensionId = new URL(worker.url()).host;
    const { token } = await registerThroughApi(suite, USER);
    const { api_key } = await apiCall<{ api_key: string }>(suite, 'app/keys', { name: 'browser plug-in' }, token);

    const page = await context.newPage();
    await page.goto(pageUrl);
    // Not configured yet: the badge says so in the browser's language.
    await commandPage('translate-page');
    await page.waitForSelector('#mtp-plugin-badge[data-state=error]');
    expect(await page.locator('#mtp-plugin-badge .error').textContent()).toContain("Set the server address on the plug-in's options page.");
    await page.locator('#mtp-plugin-badge button', { hasText: 'Close' }).click();

    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/src/options/options.html`);
    await options.waitForSelector('body[data-ready=true]');
    expect(await options.locator('h1').textContent()).toBe('MTP Translator options');
    await options.fill('#server', 'ftp://nowhere');
    await options.click('#save');
    await options.waitForSelector('#status[data-kind=error]');
    expect(await options.locator('#status').textContent()).toBe('Enter an address starting with http:// or https://');
    await options.fill('#server', suite.platform.url);
    await options.click('#load-languages');
    await options.waitForSelector('#status[data-kind=ok]');
    await options.selectOption('#src', 'en-us');
    await options.selectOption('#tgt', 'zh-cn');
    await options.check('input[name=authKind][value=key]');
    await options.fill('#apiKey', `${api_key.split(':')[0]}:wrong-secret`);
    await options.click('#save');
    await options.waitForSelector('#status[data-kind=error]');
    expect(await options.locator('#status').textContent()).toBe('AppID or AppSecret incorrect');
    await options.fill('#apiKey', api_key);
    await options.click('#save');
    await options.waitForSelector('#status[data-kind=ok]', { timeout: 15_000 });
    expect(await options.locator('#signed-in').textContent()).toBe('Signed in with an API key.');
    await options.close();

    await page.bringToFront();
    await page.reload();
    const original = await page.evaluate(() => document.body.innerHTML);

    // The screen-word pop-up: a double click selects "seven".
    await page.dblclick('#word');
    const popup = page.locator('#mtp-plugin-word[data-state=done] .result');
    await popup.waitFor({ timeout: 30_000 });
    const wordTranslation = (await popup.textContent())!.trim();
    expect(wordTranslation).not.toBe('');
    expect(wordTranslation).not.toBe('seven');
    expect(wordTranslation).not.toBe('Translating…');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#mtp-plugin-word', { state: 'detached' });

    await recordBadge(page);
    await commandPage('translate-page');
    await page.waitForSelector('#mtp-plugin-badge[data-state=done]', { timeout: 60_000 });
    const states = await badgeStates(page);
    expect(states).toContain('progress:0');
    expect(states.some((s) => /^progress:([1-9]|[1-9]\d)$/.test(s))).toBe(true);
    expect(states.at(-1)).toBe('done:100');
    // Playwright's CSS locators pierce the badge's open shadow root.
    expect(await page.locator('#mtp-plugin-badge .row span').textContent()).toBe('Page translated');

    const read = (selector: string) => page.locator(selector).evaluate((el) => el.textContent);
    const title = await read('#title');
    expect(title?.trim()).not.toBe('');
    expect(title).not.toBe('twenty one');
    const mixed = await page.locator('#mixed').evaluate((el) => el.firstChild!.textContent);
    expect(mixed).toMatch(/^ {2}\S.*\S $/); // "  forty " -> "  <translation> ": the spaces stay
    expect(mixed).not.toContain('forty');
    expect(await page.getAttribute('#pic', 'alt')).not.toBe('three hundred');
    expect(await page.getAttribute('#field', 'placeholder')).not.toBe('ninety nine');
    expect(await read('#code')).toBe('one two three');
    expect(await read('#pre')).toBe('four five six');
    expect(await read('#keep')).toBe('seven eight');
    expect(await read('#keep2')).toBe('nine ten');
    expect(await read('#script')).toBe("window.__scriptText = 'one hundred';");
    expect(await page.locator('p').last().textContent()).not.toBe('nine hundred nine');

    await page.locator('#mtp-plugin-badge button', { hasText: 'Show original' }).click();
    await page.waitForSelector('#mtp-plugin-badge', { state: 'detached' });
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(original);
  });

  it('signs in with the account and password, keeps no password, and translates a selection through the login', async () => {
    const options = await context.newPage();
    await options.goto(`chrome-extension://${new URL(worker.url()).host}/src/options/options.html`);
    await options.waitForSelector('body[data-ready=true]');
    await options.check('input[name=authKind][value=login]');
    await options.fill('#account', USER.account);
    await options.fill('#password', USER.password);
    await options.click('#save');
    await options.waitForSelector('#status[data-kind=ok]', { timeout: 15_000 });
    expect(await options.locator('#signed-in').textContent()).toBe(`Signed in as ${USER.account}.`);
    expect(await options.inputValue('#password')).toBe('');
    const stored = await worker.evaluate(() => chrome.storage.local.get(null));
    expect(JSON.stringify(stored)).not.toContain(USER.password);
    expect(stored.session).toMatchObject({ kind: 'login' });
    // Saving again (new languages, say) keeps the login without asking for the password.
    await options.evaluate(() => document.getElementById('status')!.removeAttribute('data-kind'));
    await options.click('#save');
    await options.waitForSelector('#status[data-kind=ok]');
    expect(await options.locator('#status').textContent()).toBe('Saved.');
    await options.close();

    const page = await context.newPage();
    await page.goto(pageUrl);
    await page.dblclick('#word');
    const popup = page.locator('#mtp-plugin-word[data-state=done] .result');
    await popup.waitFor({ timeout: 30_000 });
    expect((await popup.textContent())!.trim()).not.toMatch(/^(|seven)$/);
    // A click elsewhere closes it.
    await page.mouse.click(5, 5);
    await page.waitForSelector('#mtp-plugin-word', { state: 'detached' });

    // Into the page's own language (an English browser's first target): told so, page untouched.
    const settings = await context.newPage();
    await settings.goto(`chrome-extension://${new URL(worker.url()).host}/src/options/options.html`);
    await settings.waitForSelector('body[data-ready=true]');
    await settings.selectOption('#tgt', 'en-us');
    await settings.selectOption('#src', 'en-us');
    await settings.click('#save');
    await settings.waitForSelector('#status[data-kind=ok]');
    await settings.close();
    await page.bringToFront();
    const before = await page.evaluate(() => document.body.innerHTML);
    await commandPage('translate-page');
    await page.waitForSelector('#mtp-plugin-badge[data-state=error]', { timeout: 30_000 });
    expect(await page.locator('#mtp-plugin-badge .error').textContent()).toBe(
      "Translation failed: It is already in the language you translate into: choose another one on the plug-in's options page.",
    );
    await page.locator('#mtp-plugin-badge button', { hasText: 'Close' }).click();
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(before);
  }, 90_000);

  it("speaks the browser's language: Chinese pages and errors in a Chinese browser", async () => {
    const zh = await launchWithPlugin('zh-CN');
    try {
      const options = await zh.context.newPage();
      await options.goto(`chrome-extension://${new URL(zh.worker.url()).host}/src/options/options.html`);
      await options.waitForSelector('body[data-ready=true]');
      expect(await options.locator('h1').textContent()).toBe('MTP 翻译助手设置');
      expect(await options.locator('#save').textContent()).toBe('保存并登录');
      const page = await zh.context.newPage();
      await page.goto(pageUrl);
      await commandPage('translate-page', zh.worker);
      await page.waitForSelector('#mtp-plugin-badge[data-state=error]');
      expect(await page.locator('#mtp-plugin-badge .error').textContent()).toBe('翻译失败：请在插件设置页面填写服务器地址。');
    } finally {
      await zh.context.close();
      await rm(zh.userDataDir, { recursive: true, force: true });
    }
  });
});
