import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../api/instance';
import { clearTokens, rememberSite } from '../auth/tokens';
import { changeLang } from '../i18n';
import { createFakeGateway, type TOKENS } from '../test-utils/fake-gateway';
import { LANG_PREFS_KEY } from '../translate/languages';
import { renderRoute } from '../test-utils/render-route';

let gateway: ReturnType<typeof createFakeGateway>;
const realFetch = globalThis.fetch;

function loginAs(who: keyof typeof TOKENS) {
  storage.setItem('authToken', who);
  storage.setItem('refreshToken', `${who}-refresh`);
}

beforeEach(async () => {
  gateway = createFakeGateway();
  globalThis.fetch = gateway.fetch as typeof fetch;
  clearTokens(storage);
  rememberSite(storage, null);
  await changeLang('en_US');
});
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.unstubAllGlobals();
  storage.removeItem(LANG_PREFS_KEY);
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

function browseWith(userAgent: string) {
  vi.stubGlobal('navigator', { userAgent });
}

describe('public pages', () => {
  it('/login has the stable selectors and a register tab', async () => {
    const page = await renderRoute('/login');
    expect(page.testIds).toEqual(expect.arrayContaining(['login-page', 'lang-switch', 'login-submit', 'register-tab', 'terms-link']));
    for (const name of ['account', 'password']) expect(page.html).toContain(`name="${name}"`);
    // The terms are a dialog asked once per version, not a checkbox on every login.
    expect(page.html).not.toContain('name="agree_terms"');
  });

  it('/adminlogin offers no registration', async () => {
    const page = await renderRoute('/adminlogin');
    expect(page.testIds).toContain('login-submit');
    expect(page.testIds).not.toContain('register-tab');
  });

  it('a known site code shows that site, in the UI language', async () => {
    expect((await renderRoute('/acme')).html).toContain('Acme Translate');
    await changeLang('zh_CN');
    const page = await renderRoute('/acme');
    expect(page.html).toContain('爱克米翻译');
    expect(page.testIds).not.toContain('register-tab');
    expect(gateway.requests.at(-1)!.headers['Accept-Language']).toBe('zh-CN');
  });

  it('an unknown site code and deep unknown paths are not found', async () => {
    expect((await renderRoute('/no-such-site')).testIds).toContain('not-found-page');
    expect((await renderRoute('/a/b/c')).testIds).toContain('not-found-page');
  });
});

describe('main area', () => {
  it('a free visitor sees the public features and a login button', async () => {
    const page = await renderRoute('/');
    expect(page.testIds).toEqual(expect.arrayContaining(['main-layout', 'main-nav', 'login-link', 'text-translate-page']));
    expect(page.testIds).not.toContain('user-menu');
    expect(page.html).toContain('href="/publictermbank"');
    expect(page.html).not.toContain('href="/myfile"');
  });

  it('a registered user gets the user menu and the personal features', async () => {
    loginAs('normal');
    const page = await renderRoute('/file');
    expect(page.testIds).toContain('user-menu');
    expect(page.html).toContain('href="/myfile"');
    expect(page.html).not.toContain('href="/translationedit"');
  });
});

describe('guards and redirects', () => {
  it('sends free users from the user center to the engine page', async () => {
    expect((await renderRoute('/account')).pathname).toBe('/');
  });

  it('lets a registered user into the user center', async () => {
    loginAs('normal');
    const page = await renderRoute('/account');
    expect(page.testIds).toEqual(expect.arrayContaining(['user-center-layout', 'account-page']));
    expect(page.html).toContain('alice@example.com');
  });

  it('hides member pages from NORMAL users of a non-main site', async () => {
    loginAs('normal');
    rememberSite(storage, 'acme');
    expect((await renderRoute('/member')).pathname).toBe('/account');
  });

  it('keeps NORMAL and free users out of the admin area', async () => {
    expect((await renderRoute('/home')).pathname).toBe('/403');
    loginAs('normal');
    expect((await renderRoute('/home')).pathname).toBe('/403');
  });

  it('lets a manager in, without enterprise management', async () => {
    loginAs('manager');
    const page = await renderRoute('/toBackstage');
    expect(page.pathname).toBe('/home');
    expect(page.testIds).toEqual(expect.arrayContaining(['admin-layout', 'admin-nav']));
    expect(page.html).not.toContain('href="/management"');
    expect((await renderRoute('/user-pages')).pathname).toBe('/alluser');
  });

  it('/toIndex leads back to the engine page', async () => {
    expect((await renderRoute('/toIndex')).pathname).toBe('/');
  });
});

describe('text translation page', () => {
  it('renders native pickers, the source and result panels with their stable selectors', async () => {
    const page = await renderRoute('/');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['text-translate-page', 'src-lang', 'tgt-lang', 'swap-langs', 'domain', 'source-text', 'target-text']),
    );
    expect(page.testIds).toEqual(expect.arrayContaining(['char-counter', 'copy-result', 'clear-source']));
    expect(page.testIds).not.toContain('feature-placeholder');
    expect(page.html).toMatch(/<select[^>]*data-testid="src-lang"/);
    expect(page.html).toMatch(/<select[^>]*data-testid="tgt-lang"/);
    expect(page.html).toMatch(/<textarea[^>]*data-testid="source-text"/);
    // "Detect language" is the first source option and the default; nothing detected: no swap yet.
    expect(page.html).toMatch(/data-testid="src-lang"[^>]*>\s*<option value="auto" selected="">Detect language<\/option>/);
    expect(page.html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="swap-langs"|<button[^>]*data-testid="swap-langs"[^>]*disabled=""/);
    expect(page.html).toContain('0 / 5000');
    // English UI: the target defaults to Chinese; no detected language, no truncated notice yet.
    expect(page.html).toMatch(/data-testid="tgt-lang"[^]*?<option value="zh-cn" selected="">Chinese \(Simplified\)<\/option>/);
    expect(page.testIds).not.toContain('detected-lang');
    expect(page.testIds).not.toContain('truncated-notice');
  });

  it('restores the remembered languages, with swap enabled for a concrete source', async () => {
    storage.setItem(LANG_PREFS_KEY, JSON.stringify({ src: 'ja', tgt: 'ko' }));
    const page = await renderRoute('/');
    expect(page.html).toMatch(/data-testid="src-lang"[^]*?<option value="ja" selected="">Japanese<\/option>/);
    expect(page.html).toMatch(/data-testid="tgt-lang"[^]*?<option value="ko" selected="">Korean<\/option>/);
    expect(page.html).not.toMatch(
      /<button[^>]*disabled=""[^>]*data-testid="swap-langs"|<button[^>]*data-testid="swap-langs"[^>]*disabled=""/,
    );
  });

  it('speaks Chinese in a Chinese UI', async () => {
    await changeLang('zh_CN');
    const page = await renderRoute('/');
    for (const text of ['文本翻译', '检测语言', '源语言', '目标语言', '领域', '通用', '复制', '清空']) expect(page.html).toContain(text);
    // Chinese UI: into English by default.
    expect(page.html).toMatch(/data-testid="tgt-lang"[^]*?<option value="en-us" selected="">英语<\/option>/);
  });
});

describe('mobile entry', () => {
  it('sends an iPhone from / to the trial page, which offers translation and registration', async () => {
    browseWith(IPHONE);
    const page = await renderRoute('/');
    expect(page.pathname).toBe('/mobiletranslate');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['mobile-translate-page', 'src-lang', 'tgt-lang', 'swap-langs', 'source-text', 'target-text']),
    );
    expect(page.testIds).toEqual(expect.arrayContaining(['char-counter', 'copy-result', 'register-link', 'mobile-login-link']));
    expect(page.testIds).not.toContain('main-layout');
    expect(page.html).toContain('href="/publicityRegister"');
  });

  it('keeps /login reachable on Android and sends unknown paths to the trial page', async () => {
    browseWith(ANDROID);
    expect((await renderRoute('/')).pathname).toBe('/mobiletranslate');
    const login = await renderRoute('/login');
    expect(login.pathname).toBe('/login');
    expect(login.testIds).toContain('login-page');
    // The not-found page navigates to the trial page instead of rendering.
    expect((await renderRoute('/a/b/c')).testIds).not.toContain('not-found-page');
    expect((await renderRoute('/no-such-site')).testIds).not.toContain('not-found-page');
  });

  it('leaves desktop browsers alone', async () => {
    browseWith(DESKTOP);
    const page = await renderRoute('/');
    expect(page.pathname).toBe('/');
    expect(page.testIds).toContain('text-translate-page');
    expect((await renderRoute('/a/b/c')).testIds).toContain('not-found-page');
  });

  it('/publicityRegister is the registration form on its own', async () => {
    browseWith(IPHONE);
    const page = await renderRoute('/publicityRegister');
    expect(page.pathname).toBe('/publicityRegister');
    expect(page.testIds).toEqual(expect.arrayContaining(['publicity-register-page', 'register-form', 'register-submit', 'back-to-trial']));
    for (const name of ['account', 'username', 'password', 'confirm_password', 'code']) expect(page.html).toContain(`name="${name}"`);
  });
});
