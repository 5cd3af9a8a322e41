/**
 * `/translationedit` rendered through the real router against the fake gateway (who may open
 * it, the projects list and its hint, both languages), and the editor rendered with segments:
 * tokens as chips, statuses with their scores, the keys documented, the table virtualized.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { changeLang } from '../../i18n';
import { loginAs, withAdminPageSession } from '../../test-utils/admin-page-session';
import { renderRoute } from '../../test-utils/render-route';
import { theme } from '../../theme';
import { createPostEditGateway, fakePeProject, fakePeSegment } from './fake-post-edit';
import { PeEditor } from './pe-editor';
import { PeSegmentRow } from './pe-segment-row';
import { validatePostEditSearch } from './post-edit-route';

withAdminPageSession();

function serve(projects?: Parameters<typeof createPostEditGateway>[0]) {
  const gateway = createPostEditGateway(projects);
  globalThis.fetch = gateway.fetch as typeof fetch;
  return gateway;
}

describe('/translationedit', () => {
  it('lists the user’s projects ten a page with their progress, and how to start one', async () => {
    const gateway = serve(Array.from({ length: 12 }, (_, i) => fakePeProject(i + 1)));
    loginAs('admin');
    const page = await renderRoute('/translationedit');
    expect(page.pathname).toBe('/translationedit');
    expect(page.testIds).toEqual(expect.arrayContaining(['post-edit-page', 'pe-projects', 'pe-hint', 'pe-projects-pages']));
    expect(gateway.requests.map((r) => r.url)).toContain('/api/v1.0/post_edit/projects?page=1&page_size=10');
    expect([...page.html.matchAll(/data-testid="pe-project" data-project-id="([^"]+)"/g)].map((m) => m[1])).toHaveLength(10);
    expect(page.html).toContain('report-1.docx');
    expect(page.html).toContain('10 of 40 confirmed');
    expect(page.html).toContain('href="/translationedit?project_id=pe-1"');
    expect(page.html).toContain('href="/myfile"');

    await changeLang('zh_CN');
    const zh = await renderRoute('/translationedit?page=2');
    expect(gateway.requests.map((r) => r.url)).toContain('/api/v1.0/post_edit/projects?page=2&page_size=10');
    expect(zh.html).toContain('已确认 10 / 40');
    expect(zh.html).toContain('前往我的文档');
  });

  it('says so when there is no project yet', async () => {
    serve([]);
    loginAs('admin');
    const page = await renderRoute('/translationedit');
    expect(page.testIds).toContain('pe-projects-empty');
  });

  it('is not for users whose permission map lacks PostEditing (a site without CAT)', async () => {
    serve();
    loginAs('normal');
    expect((await renderRoute('/translationedit')).pathname).toBe('/403');
    expect((await renderRoute('/translationedit?project_id=pe-1')).pathname).toBe('/403');
  });

  it('opens the document named in the URL with a loader first', async () => {
    serve();
    loginAs('admin');
    const page = await renderRoute('/translationedit?project_id=pe-7');
    expect(page.testIds).toContain('pe-opening');
    expect(page.testIds).not.toContain('pe-projects');
  });

  it('keeps only a well-formed project id and page in the URL', () => {
    expect(validatePostEditSearch({ project_id: 'a1b2-c3', page: '3' })).toEqual({ project_id: 'a1b2-c3', page: 3 });
    expect(validatePostEditSearch({ project_id: '../x', page: 'x' })).toEqual({ project_id: undefined, page: undefined });
    expect(validatePostEditSearch({ project_id: 42, page: 1 })).toEqual({ project_id: undefined, page: undefined });
  });
});

describe('the ways in', () => {
  it('offers "Post-edit" on done files of My Documents to whom may post-edit, and not to others', async () => {
    serve();
    loginAs('admin');
    const admin = await renderRoute('/myfile');
    expect(admin.testIds.filter((id) => id === 'my-file-post-edit').length).toBeGreaterThan(0);
    expect(admin.html).toContain('href="/translationedit?project_id=admin-p1"');
    loginAs('normal'); // the fake's main site has no CAT
    const normal = await renderRoute('/myfile');
    expect(normal.testIds).toContain('my-file-row');
    expect(normal.testIds).not.toContain('my-file-post-edit');
  });
});

describe('the editor', () => {
  const render = (segments = [fakePeSegment(0)]) =>
    renderToString(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient()}>
          <PeEditor project={fakePeProject(1)} segments={segments} />
        </QueryClientProvider>
      </MantineProvider>,
    );

  it('shows the document, its toolbar, the keys and where it stands', () => {
    const html = render([fakePeSegment(0, { status: 'translated' }), fakePeSegment(1)]);
    for (const id of [
      'pe-editor',
      'pe-toolbar',
      'pe-table',
      'pe-save-state',
      'pe-keys-help',
      'pe-export',
      'pe-qa',
      'pe-undo',
      'pe-replace',
    ])
      expect(html).toContain(`data-testid="${id}"`);
    expect(html).toContain('1 of 2 confirmed');
    expect(html).toContain('data-state="saved"');
  });

  const row = (segment: ReturnType<typeof fakePeSegment>, active = false, phone = false) =>
    renderToString(
      <MantineProvider theme={theme}>
        <PeSegmentRow segment={segment} active={active} phone={phone} onActivate={() => {}} onType={() => {}} />
      </MantineProvider>,
    );

  it('shows tags and placeholders as chips in the source and the target', () => {
    const html = row(fakePeSegment(4, { source: 'Click <b>Save</b> for {0} files', target: '点击<b>保存</b>以保存 {0} 个文件' }));
    const chips = [...html.matchAll(/data-testid="pe-token">([^<]*)</g)].map((m) => m[1]);
    expect(chips).toEqual(['&lt;b&gt;', '&lt;/b&gt;', '{0}', '&lt;b&gt;', '&lt;/b&gt;', '{0}']);
    expect(html).toContain('data-seg="4"');
    expect(html).toMatch(/data-testid="pe-seg-number"[^>]*>5</);
  });

  it('badges the status with the memory score where there is one', () => {
    expect(row(fakePeSegment(0, { status: 'fuzzy', score: 85 }))).toContain('Fuzzy 85%');
    expect(row(fakePeSegment(0, { status: 'context101', score: 101 }))).toContain('Context 101%');
    expect(row(fakePeSegment(0, { status: 'tm100', score: 100 }))).toContain('TM 100%');
    const mt = row(fakePeSegment(0, { status: 'mt' }));
    expect(mt).toContain('data-status="mt"');
    expect(mt).not.toContain('%');
  });

  it('edits the active segment in place, and stacks source over target on a phone', () => {
    const active = row(fakePeSegment(2, { target: 'x {0}' }), true);
    expect(active).toContain('data-testid="pe-target-editor"');
    expect(active).toContain('data-active="true"');
    expect(row(fakePeSegment(2), false)).not.toContain('pe-target-editor');
    const phone = row(fakePeSegment(2), false, true);
    expect(phone).not.toContain('grid-template-columns');
    expect(row(fakePeSegment(2), false, false)).toContain('grid-template-columns');
  });
});
