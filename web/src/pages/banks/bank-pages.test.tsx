/**
 * Server-side renders of the bank screens through the real router and guards (the fake gateway
 * answers the user, permission, bank and entry calls): the own banks with the bank, page and
 * keyword of the URL, the public termbank for a visitor, the admin screens of public termbases
 * and of every user's banks, and who may open them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storage } from '../../api/instance';
import { clearTokens, rememberSite } from '../../auth/tokens';
import { changeLang } from '../../i18n';
import { createFakeGateway, type TOKENS } from '../../test-utils/fake-gateway';
import { fakeBankId } from '../../test-utils/fake-user-data';
import { renderRoute } from '../../test-utils/render-route';

const realFetch = globalThis.fetch;

function loginAs(who: keyof typeof TOKENS) {
  storage.setItem('authToken', who);
  storage.setItem('refreshToken', `${who}-refresh`);
}

beforeEach(async () => {
  globalThis.fetch = createFakeGateway().fetch as typeof fetch;
  clearTokens(storage);
  rememberSite(storage, null);
  await changeLang('en_US');
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('/publictermbank', () => {
  it('opens for a visitor who is not logged in, read-only with search and the bank filter', async () => {
    const page = await renderRoute('/publictermbank');
    expect(page.pathname).toBe('/publictermbank');
    expect(page.testIds).toEqual(expect.arrayContaining(['main-layout', 'public-term-screen', 'public-bank-select', 'entry-search']));
    expect(page.html).toContain('All termbases');
    for (const id of ['create-bank', 'add-entry', 'import-open', 'delete-all', 'export-submit']) expect(page.testIds).not.toContain(id);
  });

  it('is the same read-only screen for an administrator', async () => {
    loginAs('admin');
    const page = await renderRoute('/publictermbank');
    expect(page.testIds).toContain('public-term-screen');
    expect(page.testIds).not.toContain('create-bank');
  });
});

describe('admin bank screens', () => {
  it('/system-publictermbank manages the public termbases', async () => {
    loginAs('admin');
    const page = await renderRoute('/system-publictermbank');
    expect(page.testIds).toEqual(expect.arrayContaining(['admin-layout', 'bank-screen-1-public', 'create-bank']));
  });

  it('/system-termbank stays the system termbase screen', async () => {
    loginAs('manager');
    const page = await renderRoute('/system-termbank');
    expect(page.testIds).toEqual(expect.arrayContaining(['bank-screen-1-system', 'create-bank']));
  });

  it('/all-memorybank and /all-temtermbank list every user bank with owner and search', async () => {
    loginAs('admin');
    const memory = await renderRoute('/all-memorybank');
    expect(memory.testIds).toEqual(expect.arrayContaining(['admin-layout', 'all-banks-screen-0', 'bank-search', 'all-bank-table']));
    expect(memory.html).toContain('Owner');
    expect(memory.html).toContain('Choose a bank to see its entries');
    loginAs('manager');
    const terms = await renderRoute('/all-temtermbank');
    expect(terms.testIds).toContain('all-banks-screen-1');
    expect(terms.testIds).not.toContain('feature-placeholder');
  });

  it('speaks Chinese too', async () => {
    loginAs('admin');
    await changeLang('zh_CN');
    const page = await renderRoute('/all-temtermbank');
    expect(page.html).toContain('所有者');
    expect(page.html).toContain('搜索库名称、账号或用户名');
  });

  it('turns normal users and visitors away from the admin screens', async () => {
    expect((await renderRoute('/all-memorybank')).pathname).not.toBe('/all-memorybank');
    loginAs('normal');
    for (const path of ['/all-memorybank', '/all-temtermbank', '/system-publictermbank']) {
      expect((await renderRoute(path)).pathname, path).toBe('/403');
    }
  });
});

const rowsOf = (html: string) => [...html.matchAll(/data-testid="entry-row"/g)].length;

describe('/mytermbank search params', () => {
  it('shows the first page of the first bank without any', async () => {
    loginAs('normal');
    const page = await renderRoute('/mytermbank');
    expect(page.testIds).toEqual(expect.arrayContaining(['bank-screen-1-individual', 'bank-list', 'entry-table', 'entry-pages']));
    expect(page.html).toContain('normal terms');
    expect(rowsOf(page.html)).toBe(10);
  });

  it('restores the bank, page and keyword of the URL (a reload, back/forward)', async () => {
    loginAs('normal');
    const bank = fakeBankId('normal', 1);
    const second = await renderRoute(`/mytermbank?bank=${bank}&page=2`);
    expect(rowsOf(second.html)).toBe(2);
    expect(second.html).toContain('normal term 12');
    expect(second.html).toMatch(/aria-current="true"[^>]*data-testid="bank-select"/);
    const searched = await renderRoute('/mytermbank?keyword=term%201');
    expect(rowsOf(searched.html)).toBe(4);
    expect(searched.html).toMatch(/<input[^>]*value="term 1"[^>]*data-testid="entry-search"|data-testid="entry-search"[^>]*value="term 1"/);
  });

  it('falls back to the first page and bank on a hand-edited URL, in Chinese too', async () => {
    loginAs('normal');
    await changeLang('zh_CN');
    const page = await renderRoute('/mymemorybank?bank=999999&page=abc');
    expect(page.html).toContain('normal memory');
    expect(rowsOf(page.html)).toBe(10);
    expect(page.html).toContain('搜索');
  });
});
