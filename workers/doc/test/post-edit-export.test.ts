/**
 * The post-editing exports on real files: the original format with the edits in the writer's
 * layout (and the translated pictures of the task kept), TMX 1.4 with the confirmed pairs and
 * their context, XLIFF 1.2 validated against OASIS's strict schema (the schema comes from
 * `ensure_xliff_schema` in scripts/lib.sh; the test fails without it), and the bilingual DOCX
 * read back by our own docx reader.
 */
import { createStorage, type ObjectStorage } from '@mtp/platform';
import type { PeExportJob, PeExportSegment } from '@mtp/proto';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxFormat } from '../src/formats/ooxml/index.js';
import { openDocument } from '../src/pipeline/open-document.js';
import { planSentences } from '../src/pipeline/sentence-plan.js';
import { exportPostEdited } from '../src/post-edit/export-document.js';
import { fixture } from './ooxml-helpers.js';
import { validateXliff } from './xliff-schema.js';

let dir: string;
let storage: ObjectStorage;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mtp-pe-export-'));
  storage = createStorage({ storageDir: dir });
});
afterAll(async () => {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

/** The segments of a real file as post-editing stores them: MT targets, a few edited and confirmed. */
async function segmentsOf(name: string, bytes: Buffer): Promise<PeExportSegment[]> {
  const { document } = await openDocument(name, bytes, 'en-us');
  const plan = planSentences(document.paragraphs, 'en-us');
  const segments: PeExportSegment[] = [];
  plan.paragraphs.forEach((p, paragraph) => {
    for (let i = 0; i < p.count; i++) {
      const source = plan.sentences[segments.length]!;
      segments.push({ source, target: `MT ${source}`, status: 'mt', paragraph });
    }
  });
  return segments;
}

async function runExport(
  format: PeExportJob['format'],
  name: string,
  source: Buffer,
  segments: PeExportSegment[],
  resultKey: string | null = null,
) {
  const id = `${format}-${name}`;
  const ext = name.slice(name.lastIndexOf('.') + 1);
  await storage.put(`src/${id}.${ext}`, source);
  await storage.put(`seg/${id}.json`, Buffer.from(JSON.stringify(segments)));
  const job: PeExportJob = {
    kind: 'pe.export',
    export_id: id,
    project_id: id,
    format,
    file_name: name,
    ext,
    source_key: `src/${id}.${ext}`,
    result_key: resultKey,
    segments_key: `seg/${id}.json`,
    out_key: `out/${id}`,
    src_lang: 'en-us',
    tgt_lang: 'zh-cn',
    mode: 0,
  };
  const result = await exportPostEdited(storage, job, () => {});
  expect(result).toMatchObject({ kind: 'pe.exported', export_id: id });
  return storage.getBuffer(`out/${id}`);
}

function edit(segments: PeExportSegment[]): PeExportSegment[] {
  const out = segments.map((s) => ({ ...s }));
  out[0] = { ...out[0]!, target: '第一句已编辑', status: 'translated' };
  out[1] = { ...out[1]!, target: '第二句已编辑', status: 'approved' };
  out[2] = { ...out[2]!, target: '第三句草稿', status: 'draft' };
  return out;
}

describe('post-editing exports', () => {
  it('writes the original docx with the edits, the same parts and the styles untouched', async () => {
    const source = await fixture('testWORD_various.docx');
    const segments = edit(await segmentsOf('various.docx', source));
    const output = await runExport('original', 'various.docx', source, segments);
    const before = unzipSync(source);
    const after = unzipSync(output);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    expect(Buffer.from(after['word/styles.xml']!).equals(Buffer.from(before['word/styles.xml']!))).toBe(true);
    const reopened = await docxFormat.open(output, { srcLang: 'zh-cn' });
    const text = reopened.paragraphs.map((p) => p.text).join('\n');
    for (const edited of ['第一句已编辑', '第二句已编辑', '第三句草稿']) expect(text).toContain(edited);
  });

  it('keeps the pictures of the translated file in an original-format export', async () => {
    const source = await fixture('testPPT_various2.pptx');
    const parts = unzipSync(source);
    // The "translated" file: its first picture redrawn (here: another picture's bytes under its name).
    const redrawn = parts['ppt/media/image2.jpg']!;
    const translated = Buffer.from(zipSync({ ...parts, 'ppt/media/image1.jpg': redrawn }));
    await storage.put('results/various2.pptx', translated);
    const segments = edit(await segmentsOf('various2.pptx', source));
    const output = unzipSync(await runExport('original', 'various2.pptx', source, segments, 'results/various2.pptx'));
    expect(Buffer.from(output['ppt/media/image1.jpg']!).equals(Buffer.from(redrawn))).toBe(true);
    expect(Buffer.from(output['ppt/media/image3.jpg']!).equals(Buffer.from(parts['ppt/media/image3.jpg']!))).toBe(true);
    expect(Object.keys(output).sort()).toEqual(Object.keys(parts).sort());
  });

  it('answers a file that no longer reads as its segments as failed, not retried', async () => {
    const source = await fixture('testWORD_various.docx');
    const segments = (await segmentsOf('various.docx', source)).slice(1);
    await storage.put('src/short.docx', source);
    await storage.put('seg/short.json', Buffer.from(JSON.stringify(segments)));
    const result = await exportPostEdited(
      storage,
      {
        kind: 'pe.export',
        export_id: 'short',
        project_id: 'short',
        format: 'original',
        file_name: 'various.docx',
        ext: 'docx',
        source_key: 'src/short.docx',
        result_key: null,
        segments_key: 'seg/short.json',
        out_key: 'out/short',
        src_lang: 'en-us',
        tgt_lang: 'zh-cn',
        mode: 0,
      },
      () => {},
    );
    expect(result).toMatchObject({ kind: 'pe.export_failed', code: 'FILE_PARSE_FAILED' });
  });

  it('writes TMX 1.4 with the confirmed pairs, BCP-47 languages and the previous source', async () => {
    const source = await fixture('testWORD_various.docx');
    const segments = edit(await segmentsOf('various.docx', source));
    const tmx = (await runExport('tmx', 'various.docx', source, segments)).toString('utf8');
    expect(tmx).toContain('srclang="en-US"');
    expect(tmx.match(/<tu>/g)).toHaveLength(2);
    expect(tmx).toContain('<tuv xml:lang="zh-CN"><seg>第一句已编辑</seg></tuv>');
    expect(tmx).toContain('<prop type="x-context-pre"></prop>');
    expect(tmx).toContain(`<prop type="x-context-pre">${segments[0]!.source.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</prop>`);
    expect(tmx).not.toContain('第三句草稿');
  });

  it('writes XLIFF 1.2 that validates against the strict schema, with a state per status', async () => {
    const source = await fixture('testWORD_various.docx');
    const segments = edit(await segmentsOf('various.docx', source));
    segments[3] = { ...segments[3]!, status: 'fuzzy' };
    segments[4] = { ...segments[4]!, status: 'new', target: '' };
    segments[5] = { ...segments[5]!, source: 'A <b>tag</b> & "quote" \u0001', status: 'context101' };
    const xliff = (await runExport('xliff', 'various & co.docx', source, segments)).toString('utf8');
    // Not skipped when the schema is missing: validateXliff throws (scripts/test.sh fetches it).
    expect(await validateXliff(xliff)).toEqual({ valid: true, errors: [] });
    expect(xliff).toContain('<target state="translated">第一句已编辑</target>');
    expect(xliff).toContain('<target state="signed-off">第二句已编辑</target>');
    expect(xliff).toContain('state="needs-review-translation" state-qualifier="fuzzy-match"');
    expect(xliff).toContain('<target state="needs-translation"></target>');
    expect(xliff).toContain('source-language="en-US" target-language="zh-CN"');

    // And a broken file does not: the validation is real.
    expect((await validateXliff(xliff.replace('state="translated"', 'state="done"'))).valid).toBe(false);
  });

  it('writes a bilingual DOCX that our docx reader opens with both columns', async () => {
    const source = await fixture('testWORD_various.docx');
    const segments = edit(await segmentsOf('various.docx', source));
    const output = await runExport('bilingual_docx', 'various.docx', source, segments);
    const reopened = await docxFormat.open(output, { srcLang: 'en-us' });
    const texts = reopened.paragraphs.map((p) => p.text);
    expect(texts).toContain(segments[0]!.source.trim());
    expect(texts).toContain('第一句已编辑');
    expect(texts).toContain('Approved');
    expect(strFromU8(unzipSync(output)['word/document.xml']!).match(/<w:tr[ >]/g)).toHaveLength(segments.length + 1);
  });
});
