/**
 * Bulletins, /problem, /set-editor and /home: their pure rules, and server-side renders through
 * the real router, client and guards against the fake gateway with the content calls answered.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentSessionUser } from '../auth/session-user';
import { noticesQueryOptions } from './content-query-options';
import { storage } from '../api/instance';
import { clearTokens, rememberSite } from '../auth/tokens';
import { changeLang } from '../i18n';
import { homeCards } from '../pages/admin/home/home-cards';
import { bulletinState, checkBulletin, emptyBulletin, fromLocalInput, toLocalInput } from '../pages/admin/editor/editor-form';
import { searchFaq } from '../pages/problem/faq-search';
import { renderRoute } from '../test-utils/render-route';
import { DISMISSED_KEY, dismissBulletin, dismissedBulletins, visibleBulletins } from './dismissed-bulletins';
import { createContentGateway, FAKE_FAQ, FAKE_NOTICES, FAKE_SUMMARY } from './fake-content';

const realFetch = globalThis.fetch;

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

beforeEach(async () => {
  clearTokens(storage);
  rememberSite(storage, null);
  storage.setItem(DISMISSED_KEY, '[]');
  globalThis.fetch = createContentGateway().fetch as typeof fetch;
  await changeLang('en_US');
});
afterEach(() => {
  globalThis.fetch = realFetch;
  clearTokens(storage);
});

const login = (who: 'admin' | 'manager' | 'normal') => {
  storage.setItem('authToken', who);
  storage.setItem('refreshToken', `${who}-refresh`);
};

describe('bulletin dismissal', () => {
  it('keeps a closed bulletin closed and shows the others newest first', () => {
    const s = memoryStorage();
    expect(visibleBulletins(FAKE_NOTICES, dismissedBulletins(s)).map((b) => b.bulletin_id)).toEqual([2, 1]);
    dismissBulletin(s, 2);
    // A later visit (a fresh read of the same storage) still leaves it out.
    expect(visibleBulletins(FAKE_NOTICES, dismissedBulletins(s)).map((b) => b.bulletin_id)).toEqual([1]);
  });

  it('survives a broken stored value', () => {
    const s = memoryStorage();
    s.setItem(DISMISSED_KEY, '{not json');
    expect(dismissedBulletins(s).size).toBe(0);
    expect([...dismissBulletin(s, 5)]).toEqual([5]);
  });

  it('shows the live bulletins in the main area, except a dismissed one', async () => {
    // The banner loads after the page (useQuery), which a server render does not wait for: fetch first.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await queryClient.prefetchQuery(noticesQueryOptions(currentSessionUser(), null, 'en_US'));
    let page = await renderRoute('/', { queryClient });
    expect(page.testIds.filter((id) => id === 'bulletin')).toHaveLength(2);
    expect(page.html.indexOf('Maintenance tonight')).toBeLessThan(page.html.indexOf('Old news'));
    expect(page.html).toContain('<strong>22:00</strong>');
    dismissBulletin(storage, 2);
    page = await renderRoute('/', { queryClient });
    expect(page.testIds.filter((id) => id === 'bulletin')).toHaveLength(1);
    expect(page.html).not.toContain('Maintenance tonight');
  });
});

describe('/problem', () => {
  it('searches questions and answer text, not tags', () => {
    expect(searchFaq(FAKE_FAQ, '').map((f) => f.faq_id)).toEqual([1, 2]);
    expect(searchFaq(FAKE_FAQ, 'COST').map((f) => f.faq_id)).toEqual([2]);
    expect(searchFaq(FAKE_FAQ, 'drop file').map((f) => f.faq_id)).toEqual([1]);
    expect(searchFaq(FAKE_FAQ, 'strong')).toEqual([]);
    expect(searchFaq([{ faq_id: 9, question: '如何翻译文档？', answer: '<p>上传文件</p>' }], '上传').map((f) => f.faq_id)).toEqual([9]);
  });

  it('shows the FAQ to visitors, with the search box', async () => {
    const page = await renderRoute('/problem');
    expect(page.pathname).toBe('/problem');
    expect(page.testIds).toEqual(expect.arrayContaining(['problem-page', 'faq-search', 'faq-item']));
    expect(page.html).toContain('How do I translate a document?');
    expect(page.testIds).not.toContain('feature-placeholder');
  });
});

describe('/home', () => {
  it('hides the figures the server does not give', () => {
    expect(homeCards(FAKE_SUMMARY).map((c) => c.to)).toEqual([
      '/alluser',
      '/alluser',
      '/stats',
      '/stats',
      '/myfile',
      '/myfile',
      '/device-mgr',
    ]);
    const manager = homeCards({ ...FAKE_SUMMARY, tasks_running: null, tasks_failed_today: null, devices_up: null });
    expect(manager.map((c) => c.id)).toEqual(['users-total', 'users-active', 'chars-today', 'chars-month']);
  });

  it('shows an administrator every card, linking to its screen', async () => {
    login('admin');
    const page = await renderRoute('/home');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['home-page', 'home-card-users-total', 'home-card-devices-up', 'home-card-tasks-failed']),
    );
    expect(page.html).toMatch(/data-testid="home-value-users-total"[^>]*>1,234</);
    expect(page.html).toMatch(
      /href="\/device-mgr"[^>]*data-testid="home-card-devices-up"|data-testid="home-card-devices-up"[^>]*href="\/device-mgr"/,
    );
  });

  it('shows a manager their site cards only, in Chinese', async () => {
    login('manager');
    await changeLang('zh_CN');
    const page = await renderRoute('/home');
    expect(page.testIds).toContain('home-card-users-total');
    expect(page.testIds).not.toContain('home-card-devices-up');
    expect(page.html).toContain('今日登录');
  });
});

describe('/set-editor', () => {
  it('checks a bulletin draft before sending it', () => {
    const draft = emptyBulletin(null, new Date('2026-03-01T08:00:00Z'));
    expect(checkBulletin(draft)).toBe('content.errTitle');
    const titled = { ...draft, title: { zh_CN: '标题', en_US: 'Title' } };
    expect(checkBulletin(titled)).toBeNull();
    expect(checkBulletin({ ...titled, until: titled.from })).toBe('content.errWindow');
    expect(fromLocalInput(toLocalInput('2026-03-01T08:00:00.000Z'))).toBe('2026-03-01T08:00:00.000Z');
    const now = new Date('2026-03-01T00:00:00Z');
    expect(bulletinState({ publish_from: '2026-04-01T00:00:00Z', publish_until: null }, now)).toBe('scheduled');
    expect(bulletinState({ publish_from: '2026-01-01T00:00:00Z', publish_until: '2026-02-01T00:00:00Z' }, now)).toBe('ended');
    expect(bulletinState({ publish_from: '2026-01-01T00:00:00Z', publish_until: null }, now)).toBe('live');
  });

  it('gives an administrator the bulletins, FAQ and terms tabs', async () => {
    login('admin');
    const page = await renderRoute('/set-editor');
    expect(page.testIds).toEqual(
      expect.arrayContaining([
        'editor-page',
        'editor-tab-bulletins',
        'editor-tab-faq',
        'editor-tab-terms',
        'bulletins-tab',
        'bulletin-new',
      ]),
    );
    expect(page.testIds.filter((id) => id === 'bulletin-row')).toHaveLength(2);
  });

  it('gives a manager the bulletins tab only', async () => {
    login('manager');
    const page = await renderRoute('/set-editor');
    expect(page.testIds).toContain('bulletins-tab');
    expect(page.testIds).not.toContain('editor-tab-faq');
    expect(page.testIds).not.toContain('editor-tab-terms');
  });

  it('keeps normal users out', async () => {
    login('normal');
    expect((await renderRoute('/set-editor')).pathname).toBe('/403');
  });
});
