/**
 * The sentence plan on real spreadsheets (issue 15, item 9): a port line-up's "MV. ORIENTE
 * GLORIA" reaches the engine as one sentence, not "MV." and a stray name; the field codes
 * (`COMPANY_CODE`), berth codes, tonnages and dates of real files are kept as they are: not sent
 * to an engine, not charged (`doc.prepared` counts only the plan's sentences), still in the
 * written file.
 */
import { publishJobTo } from '@mtp/platform';
import { BUS } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Paragraph } from '../src/formats/types';
import { openDocument } from '../src/pipeline/open-document';
import { planSentences, translatedParagraphs } from '../src/pipeline/sentence-plan';
import { workerHarness } from './worker-harness';

// exceljs test data (MIT) and apache/tika test data (Apache-2.0): see fixtures/ooxml/SOURCES.md.
const LINE_UP = new URL('../fixtures/ooxml/KRISHNAPATNAM_LINE_UP.xlsx', import.meta.url);
const KYC_STRUCTURE = new URL('../fixtures/ooxml/CVLKRA-KYC.xlsx', import.meta.url);

const harness = workerHarness('mtp-doc-plan-');
const charsOf = (texts: readonly string[]) => texts.reduce((n, s) => n + [...s].length, 0);

describe('the sentence plan of real files', () => {
  it('keeps "MV." with the ship name, and berth codes and tonnages out of translation and in the file', async () => {
    const { document } = await openDocument('line-up.xlsx', await readFile(LINE_UP), 'en-us');
    const plan = planSentences(document.paragraphs, 'en-us');
    expect(plan.sentences).toContain('MV. ORIENTE GLORIA');
    expect(plan.sentences).toContain('MV. TABERNACLE STAR II');
    expect(plan.sentences).not.toContain('MV.');
    for (const code of ['B1A', 'S5A', '59793 MT', '73094  MT', '6412.129 MT']) expect(plan.sentences).not.toContain(code);
    expect(plan.sentences).toContain('V A C A N T');

    const answers = plan.sentences.map((s) => `[zh] ${s}`);
    const written = await document.write(translatedParagraphs(plan, answers, 'zh-cn'), { mode: 0, srcLang: 'en-us', tgtLang: 'zh-cn' });
    const texts = (await openDocument('out.xlsx', written, 'zh-cn')).document.paragraphs.map((p) => p.text);
    expect(texts).toContain('[zh] MV. ORIENTE GLORIA');
    for (const code of ['B1A', 'S5A', '59793 MT', '73094  MT']) expect(texts).toContain(code);
  });

  it('does not send or charge the field codes and dates of a 30-sheet file structure', async () => {
    const bytes = await readFile(KYC_STRUCTURE);
    const { document } = await openDocument('kyc.xlsx', bytes, 'en-us');
    const codeCells = document.paragraphs.map((p) => p.text).filter((text) => /^[A-Z][A-Z\d]*(?:_[A-Z\d]+)+$/.test(text));
    expect(codeCells).toContain('COMPANY_CODE');
    expect(codeCells.length).toBeGreaterThan(100);

    const { bus, results, worker } = await harness.start();
    const taskId = randomUUID();
    const projectId = randomUUID();
    const sentencesKey = `docs/${taskId}/${projectId}/work/sentences.json`;
    await harness.storage.put(`docs/${taskId}/${projectId}/source.xlsx`, bytes);
    await publishJobTo(bus, BUS.prepareDocuments, {
      kind: 'doc.prepare',
      task_id: taskId,
      project_id: projectId,
      file_name: 'kyc.xlsx',
      ext: 'xlsx',
      source_key: `docs/${taskId}/${projectId}/source.xlsx`,
      sentences_key: sentencesKey,
      src_lang: 'en-us',
      translate_pictures: false,
    });
    await expect.poll(() => results.length, { timeout: 20_000 }).toBe(1);
    const sentences: string[] = JSON.parse((await harness.storage.getBuffer(sentencesKey)).toString());
    for (const code of [...codeCells, 'APP_PAN_NO /APP_PANEX_NO', 'APP_DOB_DT/APP_DOI_DT', '01/01/2011', 'ERR-90001']) {
      expect(sentences).not.toContain(code);
    }
    expect(sentences).toContain('Format to be used is dd/mm/yyyy');
    // What is charged is the prose only: the code cells' characters are not in it.
    const allText = charsOf(document.paragraphs.map((p) => p.text));
    expect(results[0]).toMatchObject({ kind: 'doc.prepared', segments_total: sentences.length, chars: charsOf(sentences) });
    expect(charsOf(sentences)).toBeLessThanOrEqual(allText - charsOf(codeCells));
    await worker.stop(1_000);
    await bus.close({ deadlineMs: 100 });
  });

  it('writes bilingual-by-sentence pairs with a kept equation in its place, not dropped', () => {
    const paragraphs: Paragraph[] = [{ id: 'p1', text: 'See the table. E = m·c². It holds.' }];
    const plan = planSentences(paragraphs, 'en-us');
    expect(plan.sentences).toEqual(['See the table.', 'It holds.']);
    const translated = translatedParagraphs(plan, ['Siehe Tabelle.', 'Es gilt.'], 'de').get('p1')!;
    expect(translated.target).toBe('Siehe Tabelle. E = m·c². Es gilt.');
    expect(translated.sentences).toEqual([
      { source: 'See the table.', target: 'Siehe Tabelle.' },
      { source: 'E = m·c².', target: 'E = m·c².' },
      { source: 'It holds.', target: 'Es gilt.' },
    ]);
  });
});
