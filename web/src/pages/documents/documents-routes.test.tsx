import { MantineProvider } from '@mantine/core';
import type { DocFileItem, DocQueryData } from '@mtp/proto';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storage } from '../../api/instance';
import { clearTokens, rememberSite } from '../../auth/tokens';
import type { DocTaskState } from '../../documents/doc-task-store';
import { defaultDocForm } from '../../documents/doc-task-types';
import { changeLang } from '../../i18n';
import { enUS } from '../../i18n/en-us';
import { zhCN } from '../../i18n/zh-cn';
import { createFakeGateway } from '../../test-utils/fake-gateway';
import { renderRoute } from '../../test-utils/render-route';
import { theme } from '../../theme';
import { bindDocTaskToSession, docTaskStore } from './doc-task-instance';
import { DocTaskPanel } from './doc-task-panel';

const realFetch = globalThis.fetch;

beforeEach(async () => {
  globalThis.fetch = createFakeGateway().fetch as typeof fetch;
  clearTokens(storage);
  rememberSite(storage, null);
  await changeLang('en_US');
});
afterEach(() => {
  globalThis.fetch = realFetch;
  docTaskStore.clear();
});

const loginAsNormal = () => {
  storage.setItem('authToken', 'normal');
  storage.setItem('refreshToken', 'normal-refresh');
};

describe('/file', () => {
  it('replaces the placeholder with the upload form and its stable selectors', async () => {
    loginAsNormal();
    const page = await renderRoute('/file');
    expect(page.testIds).not.toContain('feature-placeholder');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['doc-translate-page', 'doc-drop-zone', 'doc-file-input', 'doc-upload', 'doc-src-lang', 'doc-tgt-lang']),
    );
    expect(page.testIds).toEqual(expect.arrayContaining(['doc-mode', 'doc-domain', 'doc-pictures']));
    expect(page.html).toMatch(/<input[^>]*type="file"[^>]*multiple=""[^>]*accept="\.docx,\.doc,\.odt,\.pptx/);
    expect(page.html).toContain('aria-label="Documents to translate"');
    // Nothing chosen yet: the upload button is disabled, no task is shown.
    expect(page.html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="doc-upload"/);
    expect(page.testIds).not.toContain('doc-task');
    for (const text of ['Translation only', 'Bilingual by paragraph', 'Bilingual by sentence', 'Translate pictures inside']) {
      expect(page.html).toContain(text);
    }
    expect(page.testIds).not.toContain('doc-login-required');
  });

  it('keeps the chosen files and options in the store across visits', async () => {
    loginAsNormal();
    docTaskStore.setFiles([new File(['hello'], 'report.docx'), new File(['x'], 'slides.pptx')]);
    docTaskStore.setForm({ tgt: 'ja', mode: 2 });
    const page = await renderRoute('/file');
    expect(page.testIds.filter((id) => id === 'doc-chosen-file')).toHaveLength(2);
    expect(page.html).toContain('report.docx');
    expect(page.html).toMatch(/data-testid="doc-tgt-lang"[^]*?<option value="ja" selected="">Japanese<\/option>/);
    expect(page.html).toMatch(/<option value="2" selected="">Bilingual by sentence<\/option>/);
    expect(page.html).not.toMatch(/<button[^>]*disabled=""[^>]*data-testid="doc-upload"/);
    expect(page.testIds).toContain('doc-reset');
  });

  it('tells free visitors to log in, and speaks Chinese in a Chinese UI', async () => {
    await changeLang('zh_CN');
    const page = await renderRoute('/file');
    expect(page.testIds).toContain('doc-login-required');
    for (const text of ['文档翻译', '仅译文', '段落对照', '句子对照', '翻译文档内图片', '上传并翻译']) expect(page.html).toContain(text);
  });

  it('a logout (the user queries dropped) clears the task', () => {
    const client = new QueryClient();
    bindDocTaskToSession(client);
    bindDocTaskToSession(client);
    docTaskStore.setFiles([new File(['a'], 'a.docx')]);
    client.removeQueries({ queryKey: ['user'] });
    expect(docTaskStore.getState().files).toEqual([]);
    bindDocTaskToSession(client);
    docTaskStore.setFiles([new File(['a'], 'a.docx')]);
    client.clear();
    expect(docTaskStore.getState().files).toEqual([]);
  });
});

describe('/myfile', () => {
  it('renders the search, the table, delete selected (disabled) and the retention note', async () => {
    loginAsNormal();
    const page = await renderRoute('/myfile');
    expect(page.testIds).not.toContain('feature-placeholder');
    expect(page.testIds).toEqual(
      expect.arrayContaining(['my-files-page', 'my-files-search', 'my-files-table', 'my-files-delete-selected']),
    );
    expect(page.html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="my-files-delete-selected"/);
    expect(page.html).toContain('Translated documents are kept for 24 hours.');
    for (const text of ['File', 'Status', 'Kept until', 'My documents']) expect(page.html).toContain(text);
  });

  it("lists the account's files, on the page and with the keyword of the URL", async () => {
    loginAsNormal();
    const first = await renderRoute('/myfile');
    expect(first.testIds.filter((id) => id === 'my-file-row')).toHaveLength(10);
    expect(first.testIds).toContain('my-files-pages');
    const second = await renderRoute('/myfile?page=2');
    expect(second.testIds.filter((id) => id === 'my-file-row')).toHaveLength(2);
    expect(second.html).toContain('normal-report-12.txt');
    const searched = await renderRoute('/myfile?keyword=report-3');
    expect(searched.testIds.filter((id) => id === 'my-file-row')).toHaveLength(1);
    expect(searched.html).toMatch(/value="report-3"/);
    expect((await renderRoute('/myfile?page=0')).testIds.filter((id) => id === 'my-file-row')).toHaveLength(10);
  });

  it('speaks Chinese in a Chinese UI', async () => {
    loginAsNormal();
    await changeLang('zh_CN');
    const page = await renderRoute('/myfile');
    for (const text of ['我的文档', '搜索文件名', '删除所选', '保留至', '译文保留24小时。']) expect(page.html).toContain(text);
  });
});

describe('document messages', () => {
  it('keeps the spec literals', () => {
    expect(enUS.documents.interrupted).toBe('The translation task has been interrupted');
    expect(zhCN.documents.interrupted).toBe('翻译任务已中断');
    expect(enUS.documents.uploadFailed).toBe('Upload Failed');
  });
});

function file(over: Partial<DocFileItem>): DocFileItem {
  return {
    projectId: 'p',
    file_name: 'a.docx',
    status: 'done',
    message: '',
    code: 0,
    score: 100,
    chars: 1200,
    result_name: 'a_zh.docx',
    ...over,
  };
}

function taskState(data: DocQueryData, phase: DocTaskState['phase']): DocTaskState {
  return { phase, form: defaultDocForm(), files: [], uploadProgress: 100, uploadStartedAt: 0, taskId: 't1', doCat: 0, data, error: null };
}

describe('the task panel', () => {
  it('shows the overall progress, one row per file with status, failure message and downloads of done files', () => {
    const data: DocQueryData = {
      task_id: 't1',
      score: 60,
      step: 1,
      doc_num: 3,
      price: 2400,
      src_lang: 'en-us',
      tgt_lang: 'zh-cn',
      mode: 0,
      translate_list: [
        file({ projectId: 'p1' }),
        file({
          projectId: 'p2',
          file_name: 'b.pdf',
          status: 'failed',
          code: 1202,
          message: 'File parsing failed',
          score: 0,
          result_name: null,
        }),
        file({ projectId: 'p3', file_name: 'c.xlsx', status: 'translating', score: 40, result_name: null }),
      ],
      created_at: '2026-11-22T00:00:00Z',
      expires_at: '2026-11-23T00:00:00Z',
    };
    const html = renderToString(
      <MantineProvider theme={theme}>
        <DocTaskPanel state={taskState(data, 'translating')} onRetry={() => undefined} />
      </MantineProvider>,
    );
    expect(html).toMatch(/data-testid="doc-task"[^>]*data-step="1"|data-step="1"[^>]*data-testid="doc-task"/);
    expect(html).toMatch(/data-testid="doc-overall-progress"/);
    expect(html).toContain('aria-valuenow="60"');
    const rows = [...html.matchAll(/data-testid="doc-file-row" data-status="(\w+)"/g)].map((m) => m[1]);
    expect(rows).toEqual(['done', 'failed', 'translating']);
    expect(html.match(/data-testid="doc-download"/g)).toHaveLength(1);
    expect(html).toContain('aria-label="Download a_zh.docx"');
    expect(html).toContain('File parsing failed');
    expect(html).toContain('Reserved: 2400 characters');
  });
});
