import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storage } from '../api/instance';
import { clearTokens, rememberSite } from '../auth/tokens';
import { changeLang } from '../i18n';
import { createFakeGateway, type TOKENS } from '../test-utils/fake-gateway';
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
});

describe('public pages', () => {
  it('/login has the stable selectors and a register tab', async () => {
    const page = await renderRoute('/login');
    expect(page.testIds).toEqual(expect.arrayContaining(['login-page', 'lang-switch', 'login-submit', 'register-tab']));
    for (const name of ['account', 'password', 'agree_terms']) expect(page.html).toContain(`name="${name}"`);
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
    expect(page.testIds).toEqual(expect.arrayContaining(['main-layout', 'main-nav', 'login-link', 'feature-placeholder']));
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
