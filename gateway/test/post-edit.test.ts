/**
 * Post-editing through the real gateway, PostgreSQL, bus and workers (the in-process document
 * worker cuts the file, the tiny test models translated it): open a translated docx as segments
 * with where each translation came from, save as you type (a reload shows it), stale revisions,
 * confirming into a memory with context, repetitions and propagation, replace, the memory
 * choice, the expiry pushed on, and who may post-edit at all.
 */
import type { PeChangedSegments, PeProject, PeProjectList, PeSaved } from '@mtp/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway, type TestGateway } from './helper';
import { docxOf, MODELS_DIR, openProject, postEditor, segmentsOf, siteWithCat, translatedFile } from './post-edit-support';

const LINES = ['twenty one', 'thirty eight', 'fifty eight', 'twenty one', 'one hundred'];

let gw: TestGateway;
let cat: string;
let plain: string;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
  cat = await siteWithCat(gw, 'pe-cat', true);
  plain = await siteWithCat(gw, 'pe-plain', false);
}, 60_000);
afterAll(async () => {
  await gw.close();
});

async function memory(token: string, name: string, pair: { src_lang: string; tgt_lang: string }, entries: Record<string, unknown>[] = []) {
  const bank = await gw.call<{ bank_id: number }>('POST', 'tm_term_library/create', {
    token,
    body: { flag: 0, name, system_or_individual: 1, ...pair },
  });
  expect(bank.code, bank.msg).toBe(20000);
  for (const e of entries) {
    const res = await gw.call('POST', 'tm_term/es_insert', {
      token,
      body: { flag: 0, system_or_individual: 1, bank_id: bank.data.bank_id, ...e },
    });
    expect(res.code, res.msg).toBe(20000);
  }
  return bank.data.bank_id;
}

const EN_ZH = { src_lang: 'en-us', tgt_lang: 'zh-cn' };
const save = (token: string, body: Record<string, unknown>) => gw.call<PeSaved>('POST', 'post_edit/save', { token, body });

describe('post-editing a translated document', () => {
  let token: string;
  let projectId: string;
  let bankId: number;

  beforeAll(async () => {
    ({ token } = await postEditor(gw, 'pe-pro@example.com', cat));
    // Memory answers known before translating: one in the context of its predecessor (101), one without (100).
    bankId = await memory(token, 'pe-memory', EN_ZH, [
      { source: 'thirty eight', translated: '叁拾捌', prev_source: 'twenty one' },
      { source: 'one hundred', translated: '壹佰' },
    ]);
    projectId = await translatedFile(gw, token, await docxOf(LINES));
  }, 120_000);

  it('opens the file as its sentences with their translations and where each came from, once', async () => {
    // Two opens at once store the project once.
    const [a, b] = await Promise.all([openProject(gw, token, projectId), openProject(gw, token, projectId)]);
    expect([a.code, a.msg, b.code]).toEqual([20000, 'Success', 20000]);
    expect(a.data).toMatchObject({
      project_id: projectId,
      file_name: 'numbers.docx',
      ext: 'docx',
      src_lang: 'en-us',
      tgt_lang: 'zh-cn',
      segments: 5,
    });
    expect(a.data.counts).toEqual({ mt: 3, context101: 1, tm100: 1 });
    const segments = await segmentsOf(gw, token, projectId);
    expect(segments.map((s) => [s.seg_index, s.paragraph, s.source, s.status, s.score])).toEqual([
      [0, 0, 'twenty one', 'mt', 0],
      [1, 1, 'thirty eight', 'context101', 101],
      [2, 2, 'fifty eight', 'mt', 0],
      [3, 3, 'twenty one', 'mt', 0],
      [4, 4, 'one hundred', 'tm100', 100],
    ]);
    expect(segments.map((s) => s.target)).toEqual(['二十一', '叁拾捌', '五十八', '二十一', '壹佰']);
    const again = await openProject(gw, token, projectId);
    expect(again.data.updated_at).toBe(a.data.updated_at);
    expect((await gw.db.query('SELECT 1 FROM pe_segments WHERE project_id = $1', [projectId])).rowCount).toBe(5);
    // A page of them.
    const page = await gw.call<{ segments: { seg_index: number }[]; total: number }>('GET', 'post_edit/segments', {
      token,
      query: { project_id: projectId, offset: '3', limit: '1' },
    });
    expect([page.data.total, page.data.segments.map((s) => s.seg_index)]).toEqual([5, [3]]);
  });

  it('keeps a draft (a reload shows it), refuses a stale revision, and pushes the expiry on', async () => {
    await gw.db.query(
      `UPDATE doc_tasks SET expires_at = now() + interval '1 hour' WHERE task_id = (SELECT task_id FROM doc_files WHERE project_id = $1)`,
      [projectId],
    );
    const first = await save(token, { project_id: projectId, seg_index: 2, target: 'Fifty Eight apples', status: 'draft', revision: 0 });
    expect([first.code, first.msg]).toEqual([20000, 'Success']);
    expect(first.data.segment).toMatchObject({ status: 'draft', revision: 1, target: 'Fifty Eight apples', score: 0 });
    expect(first.data.repetitions).toEqual([]);
    const reloaded = (await segmentsOf(gw, token, projectId))[2]!;
    expect([reloaded.target, reloaded.status, reloaded.revision]).toEqual(['Fifty Eight apples', 'draft', 1]);

    const stale = await save(token, { project_id: projectId, seg_index: 2, target: 'other', status: 'draft', revision: 0 });
    expect(stale.code).toBe(44073);
    expect((await segmentsOf(gw, token, projectId))[2]!.target).toBe('Fifty Eight apples');
    expect((await save(token, { project_id: projectId, seg_index: 99, target: 'x', status: 'draft', revision: 0 })).code).toBe(44072);

    const { rows } = await gw.db.query<{ days: number }>(
      `SELECT (extract(epoch FROM t.expires_at - now()) / 86400)::float8 AS days FROM doc_tasks t JOIN doc_files f ON f.task_id = t.task_id WHERE f.project_id = $1`,
      [projectId],
    );
    expect(rows[0]!.days).toBeGreaterThan(6.9);
  });

  it('chooses a memory of the pair only, and writes a confirmed pair into it with its context', async () => {
    const wrongPair = await memory(token, 'zh-en', { src_lang: 'zh-cn', tgt_lang: 'en-us' });
    const refused = await gw.call('POST', 'post_edit/settings', { token, body: { project_id: projectId, bank_id: wrongPair } });
    expect(refused.code).toBe(44076);
    const chosen = await gw.call<PeProject>('POST', 'post_edit/settings', { token, body: { project_id: projectId, bank_id: bankId } });
    expect([chosen.code, chosen.data.bank_id, chosen.data.bank_name]).toEqual([20000, bankId, 'pe-memory']);

    const confirmed = await save(token, { project_id: projectId, seg_index: 2, target: '五十八个苹果', status: 'translated', revision: 1 });
    expect(confirmed.code, confirmed.msg).toBe(20000);
    expect(confirmed.data.segment.status).toBe('translated');
    expect(confirmed.data.entry_id).toEqual(expect.any(Number));
    const { rows } = await gw.db.query('SELECT source, translated, prev_source FROM tm_entries WHERE entry_id = $1 AND bank_id = $2', [
      confirmed.data.entry_id,
      bankId,
    ]);
    expect(rows).toEqual([{ source: 'fifty eight', translated: '五十八个苹果', prev_source: 'thirty eight' }]);
    // Confirming the same target again writes nothing twice.
    const again = await save(token, { project_id: projectId, seg_index: 2, target: '五十八个苹果', status: 'translated', revision: 2 });
    expect(again.data.entry_id).toBe(confirmed.data.entry_id);
    expect((await gw.db.query("SELECT 1 FROM tm_entries WHERE bank_id = $1 AND source = 'fifty eight'", [bankId])).rowCount).toBe(1);
  });

  it('offers repetitions on a confirm and propagates to true repetitions only', async () => {
    const confirmed = await save(token, { project_id: projectId, seg_index: 0, target: '廿一', status: 'translated', revision: 0 });
    expect(confirmed.data.repetitions).toEqual([3]);
    const propagated = await gw.call<PeChangedSegments>('POST', 'post_edit/propagate', {
      token,
      body: { project_id: projectId, seg_index: 0, to: [3, 4] },
    });
    expect(propagated.data.segments.map((s) => [s.seg_index, s.target, s.status, s.revision])).toEqual([[3, '廿一', 'translated', 1]]);
    expect((await segmentsOf(gw, token, projectId))[4]!.target).toBe('壹佰');
  });

  it('replaces in targets, literally, with case and whole-word options', async () => {
    await save(token, { project_id: projectId, seg_index: 1, target: 'Eight (8) eights', status: 'draft', revision: 0 });
    const replace = (body: Record<string, unknown>) =>
      gw.call<PeChangedSegments>('POST', 'post_edit/replace', { token, body: { project_id: projectId, ...body } });
    expect((await replace({ search: 'eight', replace: 'x', match_case: true, whole_word: true })).data.segments).toEqual([]);
    const changed = await replace({ search: 'eight', replace: '$&8', whole_word: true });
    expect(changed.data.segments.map((s) => [s.seg_index, s.target, s.status, s.revision])).toEqual([[1, '$&8 (8) eights', 'draft', 2]]);
    const literal = await replace({ search: '(8)', replace: '[8]' });
    expect(literal.data.segments.map((s) => s.target)).toEqual(['$&8 [8] eights']);
  });

  it('saves a confirm whose memory write fails and says why', async () => {
    const doomed = await memory(token, 'doomed', EN_ZH);
    await gw.call('POST', 'post_edit/settings', { token, body: { project_id: projectId, bank_id: doomed } });
    const deleted = await gw.call('DELETE', `tm_term_library/delete/0/${doomed}`, { token });
    expect(deleted.code, deleted.msg).toBe(20000);
    const current = (await segmentsOf(gw, token, projectId))[4]!;
    const confirmed = await save(token, {
      project_id: projectId,
      seg_index: 4,
      target: '一百',
      status: 'translated',
      revision: current.revision,
    });
    expect(confirmed.code).toBe(20000);
    expect(confirmed.data.entry_id).toBeNull();
    expect(confirmed.data.memory_message).toBeTruthy();
    expect((await segmentsOf(gw, token, projectId))[4]!.status).toBe('translated');
  });

  it('lists the caller’s projects newest edit first, with counts', async () => {
    const list = await gw.call<PeProjectList>('GET', 'post_edit/projects', { token });
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]!.project_id).toBe(projectId);
    const one = await gw.call<PeProject>('GET', 'post_edit/project', { token, query: { project_id: projectId } });
    expect(one.data.counts).toEqual({ translated: 4, draft: 1 });
  });

  it('answers 44071 for another user’s file and for what is not a translated file', async () => {
    const other = await postEditor(gw, 'pe-other@example.com', cat);
    expect((await openProject(gw, other.token, projectId)).code).toBe(44071);
    expect((await gw.call('GET', 'post_edit/segments', { token: other.token, query: { project_id: projectId } })).code).toBe(44071);
    expect((await save(other.token, { project_id: projectId, seg_index: 0, target: 'x', status: 'draft', revision: 0 })).code).toBe(44071);
    expect((await openProject(gw, token, '00000000-0000-4000-8000-000000000000')).code).toBe(44071);
  });

  it('shows an inserted memory match as that match (fuzzy and its score) until it is edited; a confirm keeps the score', async () => {
    const seg = (await segmentsOf(gw, token, projectId))[3]!;
    const inserted = await save(token, {
      project_id: projectId,
      seg_index: 3,
      target: 'From memory',
      status: 'draft',
      revision: seg.revision,
      match_score: 85,
    });
    expect(inserted.data.segment).toMatchObject({ status: 'fuzzy', score: 85, target: 'From memory' });
    const confirmed = await save(token, {
      project_id: projectId,
      seg_index: 3,
      target: 'From memory',
      status: 'translated',
      revision: inserted.data.segment.revision,
    });
    expect(confirmed.data.segment).toMatchObject({ status: 'translated', score: 85 });
    const exact = await save(token, {
      project_id: projectId,
      seg_index: 3,
      target: 'Exact',
      status: 'draft',
      revision: confirmed.data.segment.revision,
      match_score: 101,
    });
    expect(exact.data.segment).toMatchObject({ status: 'context101', score: 101 });
    const edited = await save(token, {
      project_id: projectId,
      seg_index: 3,
      target: 'Exact, edited',
      status: 'draft',
      revision: exact.data.segment.revision,
    });
    expect(edited.data.segment).toMatchObject({ status: 'draft', score: 0 });
  });
});

describe('a file that cannot be opened again', () => {
  it('answers 44077 and stores nothing when the worker refuses the file or cuts it differently', async () => {
    const { token } = await postEditor(gw, 'pe-broken@example.com', cat);
    const projectId = await translatedFile(gw, token, await docxOf(['twenty one', 'thirty eight']));
    const { rows } = await gw.db.query<{ source_key: string }>('SELECT source_key FROM doc_files WHERE project_id = $1', [projectId]);
    const sourceKey = rows[0]!.source_key;
    // Another document under the same key: it opens, but into other sentences than were translated.
    await gw.storage.put(sourceKey, Buffer.from((await docxOf(['twenty one', 'thirty eight', 'fifty eight'])).bytes));
    expect((await openProject(gw, token, projectId)).code).toBe(44077);
    // Not a document at all: the worker refuses it.
    await gw.storage.put(sourceKey, Buffer.from('not a zip'));
    expect((await openProject(gw, token, projectId)).code).toBe(44077);
    expect((await gw.db.query('SELECT 1 FROM pe_projects WHERE project_id = $1', [projectId])).rowCount).toBe(0);
  }, 60_000);
});

describe('who may post-edit', () => {
  it('refuses a registered user on a site without CAT (42000), even on the professional plan', async () => {
    const { token } = await postEditor(gw, 'pe-nocat@example.com', plain);
    const res = await gw.call('GET', 'post_edit/projects', { token });
    expect(res.code).toBe(42000);
  });

  it('sends a standard-plan user on a CAT site to the purchase dialog (42005, naming the plan)', async () => {
    const { token } = await postEditor(gw, 'pe-std@example.com', cat, 'standard-m');
    const res = await gw.call('GET', 'post_edit/projects', { token });
    expect(res.code).toBe(42005);
    expect(res.msg).toContain('professional plan');
    const zh = await gw.call('GET', 'post_edit/projects', { token, lang: 'zh-CN' });
    expect(zh.msg).toContain('专业版');
  });

  it('lets staff post-edit on any site and plan, and asks visitors to sign in', async () => {
    const admin = await gw.adminToken();
    expect((await gw.call('GET', 'post_edit/projects', { token: admin })).code).toBe(20000);
    expect((await gw.call('GET', 'post_edit/projects')).status).toBe(401);
  });
});
