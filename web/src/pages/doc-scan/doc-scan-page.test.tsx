/**
 * /docScan rendered through the real router against the fake gateway (the page for visitors and
 * users, a scan extracting, failed, and done with its first page of 10), and the page's pure
 * rules: the default pair, the termbases offered, and the upload store with its session tie.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { changeLang } from '../../i18n';
import { userKey } from '../../queries/query-keys';
import { loginAs, withAdminPageSession } from '../../test-utils/admin-page-session';
import { renderRoute } from '../../test-utils/render-route';
import { termbasesOfPair } from './doc-scan-api';
import { defaultPair } from './doc-scan-page';
import { bindScanToSession, createScanUploadStore, scanUploadStore } from './doc-scan-upload';
import { createDocScanGateway, fakeCandidate, fakeScan } from './fake-doc-scan';

withAdminPageSession();

function serve(scan: Parameters<typeof createDocScanGateway>[0], candidates: Parameters<typeof createDocScanGateway>[1] = []) {
  const gateway = createDocScanGateway(scan, candidates);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

const rows = (html: string) =>
  [...html.matchAll(/data-testid="doc-scan-row" data-term="([^"]+)" data-chosen="(\d)"/g)].map((m) => [m[1], m[2]]);

describe('/docScan', () => {
  it('replaces the placeholder; a visitor sees the pairs and a login note, and no scan is asked for', async () => {
    const gateway = serve(null);
    const page = await renderRoute('/docScan');
    expect(page.pathname).toBe('/docScan');
    expect(page.testIds).not.toContain('feature-placeholder');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['doc-scan-page', 'doc-scan-pair', 'doc-drop-zone', 'doc-file-input', 'doc-scan-upload']),
    );
    expect(page.testIds).toContain('doc-scan-login-required');
    expect(page.html).toContain('Chinese → English');
    expect(page.html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="doc-scan-upload"/);
    expect(gateway.requests.map((r) => r.url)).not.toContain('/api/v1.0/saas/term_extraction_latest');
  });

  it('comes back to the user’s scan: its first page of 10, badges, choices, translations and actions', async () => {
    const candidates = Array.from({ length: 23 }, (_, i) =>
      fakeCandidate(i + 1, i === 0 ? { in_termbase: true, translation: '术语一' } : i < 3 ? { chosen: true } : {}),
    );
    const gateway = serve(fakeScan({ total: 23 }, candidates), candidates);
    loginAs('normal');
    const page = await renderRoute('/docScan');
    const urls = gateway.requests.map((r) => r.url);
    expect(urls).toContain('/api/v1.0/saas/term_extraction_latest');
    expect(urls).toContain(`/api/v1.0/saas/term_extraction_query?task_id=${fakeScan().task_id}&page=1&page_size=10`);
    expect(page.testIds).not.toContain('doc-scan-login-required');
    expect(page.html).toContain('manual.docx');
    expect(rows(page.html)).toHaveLength(10);
    expect(rows(page.html).slice(0, 4)).toEqual([
      ['term 1', '0'],
      ['term 2', '1'],
      ['term 3', '1'],
      ['term 4', '0'],
    ]);
    expect([...page.html.matchAll(/data-testid="doc-scan-in-termbase"/g)]).toHaveLength(1);
    expect(page.html).toMatch(
      /value="术语一"[^>]*data-testid="doc-scan-translation"|data-testid="doc-scan-translation"[^>]*value="术语一"/,
    );
    expect(page.html).toContain('23 candidate terms');
    expect(page.html).toContain('Add to termbase (2)');
    expect(page.testIds).toEqual(expect.arrayContaining(['doc-scan-choose-all', 'doc-scan-pages', 'doc-scan-delete', 'doc-scan-filter']));
  });

  it('shows a scan being extracted (no new upload meanwhile) and a failed one with the server’s message, in Chinese too', async () => {
    serve(fakeScan({ status: 'working' }));
    loginAs('normal');
    const working = await renderRoute('/docScan');
    expect(working.testIds).toEqual(expect.arrayContaining(['doc-scan-working', 'doc-scan-wait-note']));
    expect(working.testIds).not.toContain('doc-scan-delete');
    expect(working.html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="doc-scan-upload"/);

    await changeLang('zh_CN');
    serve(fakeScan({ status: 'failed', message: '文件解析失败' }));
    const failed = await renderRoute('/docScan');
    expect(failed.testIds).toContain('doc-scan-failed');
    expect(failed.html).toContain('文件解析失败');
    expect(failed.html).toContain('全部删除');
    expect(failed.html).toContain('扫描术语');
  });
});

describe('document scan rules', () => {
  it('defaults to Chinese → English, keeps a chosen pair that is offered', () => {
    const list = [
      { src_lang: 'en-us', tgt_lang: 'ja' },
      { src_lang: 'zh-cn', tgt_lang: 'en-us' },
    ];
    expect(defaultPair(list, null)).toEqual({ src: 'zh-cn', tgt: 'en-us' });
    expect(defaultPair(list, { src: 'en-us', tgt: 'ja' })).toEqual({ src: 'en-us', tgt: 'ja' });
    expect(defaultPair(list, { src: 'ru', tgt: 'ko' })).toEqual({ src: 'zh-cn', tgt: 'en-us' });
    expect(defaultPair([], null)).toBeNull();
  });

  it('offers the termbases of the pair, a two-way one either way', () => {
    const bank = (bank_id: number, src_lang: string, tgt_lang: string, tow_way = 0) =>
      ({ bank_id, src_lang, tgt_lang, tow_way, name: `b${bank_id}` }) as Parameters<typeof termbasesOfPair>[0][number];
    const banks = [bank(1, 'en-us', 'zh-cn'), bank(2, 'zh-cn', 'en-us'), bank(3, 'zh-cn', 'en-us', 1), bank(4, 'en-us', 'ja')];
    expect(termbasesOfPair(banks, 'en-us', 'zh-cn').map((b) => b.bank_id)).toEqual([1, 3]);
  });

  it('uploads with progress, cancels, and reports a refusal as nothing started', async () => {
    let progress: ((n: number) => void) | null = null;
    let finish: ((v: { task_id: string }) => void) | null = null;
    let aborted = false;
    const store = createScanUploadStore({
      upload: (_file, _pair, onProgress, signal) =>
        new Promise((resolve, reject) => {
          progress = onProgress;
          finish = resolve;
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new ApiError({ kind: 'aborted', handled: true }));
          });
        }),
    });
    expect(await store.start()).toBeNull(); // nothing chosen
    store.setFile(new File(['x'], 'a.docx'));
    store.setPair({ src: 'en-us', tgt: 'zh-cn' });
    const started = store.start();
    expect(store.getState().phase).toBe('uploading');
    progress!(40);
    expect(store.getState().progress).toBe(40);
    finish!({ task_id: 't1' });
    expect(await started).toBe('t1');
    expect(store.getState()).toMatchObject({ phase: 'idle', file: null, pair: { src: 'en-us', tgt: 'zh-cn' } });

    store.setFile(new File(['y'], 'b.docx'));
    const cancelled = store.start();
    store.cancel();
    expect(await cancelled).toBeNull();
    expect(aborted).toBe(true);
    expect(store.getState()).toMatchObject({ phase: 'idle', progress: 0 });
    expect(store.getState().file?.name).toBe('b.docx');
  });

  it('is cleared when the account’s queries are dropped (logout, login)', () => {
    loginAs('normal');
    const queryClient = new QueryClient();
    bindScanToSession(queryClient);
    scanUploadStore.setFile(new File(['x'], 'kept.docx'));
    scanUploadStore.setPair({ src: 'zh-cn', tgt: 'en-us' });
    expect(scanUploadStore.getState().file?.name).toBe('kept.docx');
    queryClient.removeQueries({ queryKey: userKey('guest').slice(0, 1) });
    expect(scanUploadStore.getState()).toMatchObject({ file: null, pair: null, phase: 'idle' });
  });
});
