/**
 * Post-editing's checks and exports through the real gateway, PostgreSQL, bus and in-process
 * workers (the tiny test models translated the files): a real docx and pptx opened, three
 * segments edited and two confirmed into a memory; the original-format export has the edits in
 * the translated file's layout (the same parts, style parts byte-equal, the same paragraphs and
 * runs per part); the memory holds the confirmed pairs with their context; TMX re-imports with
 * them, XLIFF validates against the XLIFF 1.2 strict schema, the bilingual DOCX reads back; QA
 * flags a dropped number and a missing term; matches, terms and concordance; who sees an export.
 */
import { docxFormat, pptxFormat } from '@mtp/doc-worker';
import { validateXliff } from '@mtp/doc-worker/testing';
import type { PeExportState, PeMatches, PeConcordance, PeQaReport, PeSaved, PeSegment } from '@mtp/proto';
import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { download } from './doc-support';
import { buildTestGateway, type TestGateway } from './helper';
import { docxOf, MODELS_DIR, openProject, postEditor, segmentsOf, siteWithCat, translatedFile } from './post-edit-support';

const EN_ZH = { src_lang: 'en-us', tgt_lang: 'zh-cn' };
const fixture = (name: string) => readFile(path.join(REPO_ROOT, 'workers/doc/fixtures/ooxml', name));

let gw: TestGateway;
let token: string;
let cat: string;
beforeAll(async () => {
  gw = await buildTestGateway({ modelsDir: MODELS_DIR });
  cat = await siteWithCat(gw, 'pe-export-cat', true);
  ({ token } = await postEditor(gw, 'pe-export@example.com', cat));
}, 60_000);
afterAll(async () => {
  await gw.close();
});

async function bank(flag: 0 | 1, name: string, entries: Record<string, unknown>[] = []): Promise<number> {
  const created = await gw.call<{ bank_id: number }>('POST', 'tm_term_library/create', {
    token,
    body: { flag, name, system_or_individual: 1, ...EN_ZH },
  });
  expect(created.code, created.msg).toBe(20000);
  for (const e of entries) {
    const res = await gw.call('POST', 'tm_term/es_insert', {
      token,
      body: { flag, system_or_individual: 1, bank_id: created.data.bank_id, ...e },
    });
    expect(res.code, res.msg).toBe(20000);
  }
  return created.data.bank_id;
}

async function save(projectId: string, segment: PeSegment, target: string, status: 'draft' | 'translated', revision = segment.revision) {
  const res = await gw.call<PeSaved>('POST', 'post_edit/save', {
    token,
    body: { project_id: projectId, seg_index: segment.seg_index, target, status, revision },
  });
  expect(res.code, res.msg).toBe(20000);
  return res.data.segment;
}

/** Asks for an export and waits until the worker wrote it; answers the downloaded bytes and headers. */
async function exported(projectId: string, format: string) {
  const created = await gw.call<{ export_id: string }>('POST', 'post_edit/export', { token, body: { project_id: projectId, format } });
  expect(created.code, created.msg).toBe(20000);
  const exportId = created.data.export_id;
  for (let i = 0; ; i++) {
    const state = await gw.call<PeExportState>('GET', 'post_edit/export_query', { token, query: { export_id: exportId } });
    expect(state.code, state.msg).toBe(20000);
    if (state.data.status === 'done') break;
    expect(state.data.status, state.data.message).toBe('working');
    if (i > 600) throw new Error(`export ${exportId} did not finish`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = await gw.app.inject({
    method: 'GET',
    url: `/api/v1.0/post_edit/export_download/${exportId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return {
    exportId,
    bytes: res.rawPayload,
    type: String(res.headers['content-type']),
    disposition: String(res.headers['content-disposition']),
  };
}

/** Paragraphs and runs per XML part (WordprocessingML and DrawingML): the run structure of a package. */
function structureOf(zip: Record<string, Uint8Array>): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const [name, bytes] of Object.entries(zip)) {
    if (!name.endsWith('.xml')) continue;
    const xml = strFromU8(bytes);
    out[name] = [(xml.match(/<[wa]:p[\s>]/g) ?? []).length, (xml.match(/<[wa]:r[\s>]/g) ?? []).length];
  }
  return out;
}

const STYLE_PARTS = /styles\.xml$|theme\d*\.xml$|slideMasters\/|slideLayouts\/|numbering\.xml$|fontTable\.xml$/;

describe.each([
  ['testWORD_various.docx', docxFormat],
  ['tbl-cell.pptx', pptxFormat],
])('post-editing %s', (name, format) => {
  let projectId: string;
  let bankId: number;
  let before: PeSegment[];
  const edits = ['第一处编辑', '第二处编辑', '第三处编辑'];

  beforeAll(async () => {
    projectId = await translatedFile(gw, token, { name, bytes: await fixture(name) });
    expect((await openProject(gw, token, projectId)).code).toBe(20000);
    bankId = await bank(0, `pe-${name.slice(0, 8)}`);
    const chosen = await gw.call('POST', 'post_edit/settings', { token, body: { project_id: projectId, bank_id: bankId } });
    expect(chosen.code, chosen.msg).toBe(20000);
    before = await segmentsOf(gw, token, projectId);
    // Three segments edited (saved as typed), the first two of them then confirmed.
    const picked = [1, 2, 4].map((i) => before[i]!);
    const drafts = await Promise.all(picked.map((s, i) => save(projectId, s, edits[i]!, 'draft')));
    await save(projectId, drafts[0]!, edits[0]!, 'translated');
    await save(projectId, drafts[1]!, edits[1]!, 'translated');
  }, 180_000);

  it('writes the confirmed pairs into the chosen memory with their context', async () => {
    const { rows } = await gw.db.query<{ source: string; translated: string; prev_source: string | null }>(
      'SELECT source, translated, prev_source FROM tm_entries WHERE bank_id = $1 ORDER BY entry_id',
      [bankId],
    );
    expect(rows).toEqual([
      { source: before[1]!.source, translated: edits[0], prev_source: before[0]!.source },
      { source: before[2]!.source, translated: edits[1], prev_source: before[1]!.source },
    ]);
  });

  it('exports the original format with the edits and the translated file’s layout', async () => {
    const file = await exported(projectId, 'original');
    const ext = name.slice(name.lastIndexOf('.'));
    expect(file.disposition).toContain(`${name.slice(0, -ext.length)}_zh-cn${ext}`);
    const translated = await download(gw, token, projectId);
    const was = unzipSync(translated.rawPayload);
    const now = unzipSync(file.bytes);
    expect(Object.keys(now).sort()).toEqual(Object.keys(was).sort());
    const styles = Object.keys(was).filter((part) => STYLE_PARTS.test(part));
    expect(styles.length).toBeGreaterThan(0);
    for (const part of styles) expect(Buffer.from(now[part]!).equals(Buffer.from(was[part]!)), part).toBe(true);
    expect(structureOf(now)).toEqual(structureOf(was));
    const text = (await format.open(file.bytes, { srcLang: 'zh-cn' })).paragraphs.map((p) => p.text).join('\n');
    for (const edit of edits) expect(text).toContain(edit);
  });

  it('exports TMX that re-imports as the confirmed pairs, each naming its previous source', async () => {
    const file = await exported(projectId, 'tmx');
    expect(file.disposition).toMatch(/_zh-cn\.tmx/);
    const target = await bank(0, `re-${name.slice(0, 8)}`);
    const boundary = '----pe-export';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="system_or_individual"\r\n\r\n1\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="bank_id"\r\n\r\n${target}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="tm_file"; filename="export.tmx"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await gw.app.inject({
      method: 'POST',
      url: '/api/v1.0/tm/es_save_file',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(imported.json().code, imported.json().msg).toBe(20000);
    const { rows } = await gw.db.query<{ source: string; translated: string }>(
      'SELECT source, translated FROM tm_entries WHERE bank_id = $1 ORDER BY entry_id',
      [target],
    );
    expect(rows).toEqual([
      { source: before[1]!.source, translated: edits[0] },
      { source: before[2]!.source, translated: edits[1] },
    ]);
    const contexts = [...file.bytes.toString('utf8').matchAll(/<prop type="x-context-pre">([^<]*)<\/prop>/g)].map((m) => m[1]);
    expect(contexts).toEqual([before[0]!.source, before[1]!.source].map((s) => s.replace(/&/g, '&amp;')));
  });

  it('exports XLIFF 1.2 valid against the strict schema, and a bilingual DOCX with both columns', async () => {
    const xliff = await exported(projectId, 'xliff');
    expect(xliff.disposition).toMatch(/_zh-cn\.xlf/);
    expect(await validateXliff(xliff.bytes.toString('utf8'))).toEqual({ valid: true, errors: [] });
    expect(xliff.bytes.toString('utf8')).toContain(`<target state="translated">${edits[0]}</target>`);

    const bilingual = await exported(projectId, 'bilingual_docx');
    expect(bilingual.disposition).toMatch(/_zh-cn_bilingual\.docx/);
    expect(bilingual.type).toContain('wordprocessingml');
    const texts = (await docxFormat.open(bilingual.bytes, { srcLang: 'en-us' })).paragraphs.map((p) => p.text);
    expect(texts).toContain(edits[2]);
    expect(texts).toContain(before[4]!.source.trim());
  });
});

describe('checks and export rules', () => {
  let projectId: string;
  let segments: PeSegment[];
  const LINES = ['Order 25 valves today.', 'The pump costs 1,000 dollars.', 'Check the valve.', 'It weighs 1,000 kg.'];

  beforeAll(async () => {
    await bank(1, 'pe-terms', [{ source: 'valve', translated: '阀门' }]);
    await bank(0, 'pe-matches', [
      { source: 'Check the valve.', translated: '检查阀门。', prev_source: 'The pump costs 1,000 dollars.' },
      { source: 'Check the valve now.', translated: '现在检查阀门。' },
    ]);
    projectId = await translatedFile(gw, token, await docxOf(LINES));
    expect((await openProject(gw, token, projectId)).code).toBe(20000);
    segments = await segmentsOf(gw, token, projectId);
    expect(segments.map((s) => s.source)).toEqual(LINES);
    await save(projectId, segments[0]!, '今天订购25个阀门。', 'draft');
    await save(projectId, segments[1]!, '泵的价格是美元。', 'draft');
    await save(projectId, segments[2]!, '检查一下。', 'draft');
    await save(projectId, segments[3]!, '重 1 000 公斤。', 'draft');
  }, 180_000);

  it('QA flags the dropped number and the missing term, each with its segment, and nothing else', async () => {
    const qa = await gw.call<PeQaReport>('GET', 'post_edit/qa', { token, query: { project_id: projectId } });
    expect(qa.code, qa.msg).toBe(20000);
    expect(qa.data.issues).toEqual([
      { seg_index: 1, kind: 'number_mismatch', detail: '-1000' },
      { seg_index: 2, kind: 'missing_term', detail: 'valve → 阀门' },
    ]);
  });

  it('answers memory matches (101 in context) with the terms, and concordance', async () => {
    const matches = await gw.call<PeMatches>('GET', 'post_edit/matches', { token, query: { project_id: projectId, seg_index: '2' } });
    expect(matches.code, matches.msg).toBe(20000);
    expect(matches.data.tm.map((m) => [m.score, m.target])).toEqual([
      [101, '检查阀门。'],
      [expect.any(Number), '现在检查阀门。'],
    ]);
    expect(matches.data.terms).toEqual([{ source: 'valve', target: '阀门' }]);
    const missing = await gw.call('GET', 'post_edit/matches', { token, query: { project_id: projectId, seg_index: '99' } });
    expect(missing.code).toBe(44072);
    const found = await gw.call<PeConcordance>('GET', 'post_edit/concordance', {
      token,
      query: { project_id: projectId, text: 'VALVE now' },
    });
    expect(found.data.list).toEqual([{ source: 'Check the valve now.', target: '现在检查阀门。', bank_name: 'pe-matches' }]);
  });

  it('shows an export to its owner only, and downloads only a finished one', async () => {
    const created = await gw.call<{ export_id: string }>('POST', 'post_edit/export', {
      token,
      body: { project_id: projectId, format: 'tmx' },
    });
    const exportId = created.data.export_id;
    const other = await postEditor(gw, 'pe-export-other@example.com', cat);
    const foreign = await gw.call('GET', 'post_edit/export_query', { token: other.token, query: { export_id: exportId } });
    expect(foreign.code).toBe(44074);
    const foreignDownload = await gw.app.inject({
      method: 'GET',
      url: `/api/v1.0/post_edit/export_download/${exportId}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreignDownload.json().code).toBe(44074);
    // An export whose worker never answered reads as failed after 10 minutes, and does not download.
    await gw.db.query(`UPDATE pe_exports SET status = 'working', created_at = now() - interval '11 minutes' WHERE export_id = $1`, [
      exportId,
    ]);
    const stale = await gw.call<PeExportState>('GET', 'post_edit/export_query', { token, query: { export_id: exportId } });
    expect(stale.data).toMatchObject({ status: 'failed', format: 'tmx' });
    expect(stale.data.message).not.toBe('');
    const notReady = await gw.app.inject({
      method: 'GET',
      url: `/api/v1.0/post_edit/export_download/${exportId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(notReady.json().code).toBe(44075);
  });
});
