/**
 * Chart text in real files: titles, and the series and category names of the chart's cache
 * (what Word, PowerPoint and LibreOffice draw), in docx, pptx and xlsx.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { docxFormat, pptxFormat, xlsxFormat } from '../src/formats/ooxml/index.js';
import type { DocumentFormat } from '../src/formats/types.js';
import {
  entries,
  expectModesApplied,
  expectUntouchedEntries,
  fakeTarget,
  fixture,
  partXml,
  patchPackage,
  translateAllModes,
} from './ooxml-helpers.js';

/** The `c:v` values of the chart's caches and literals, in order (numbers included). */
const chartValues = (xml: string) => [...xml.matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((m) => m[1]);
const cellReferences = (xml: string) => xml.match(/<c:f>[^<]*<\/c:f>/g) ?? [];

/** Translates in the three modes; chart names are one string each, so mode 1 puts "source\ntarget" in it. */
async function roundTrip(format: DocumentFormat, input: Buffer, isCachedName: (id: string) => boolean, mayChange: RegExp) {
  const translated = await translateAllModes(format, input);
  await expectModesApplied(format, translated, isCachedName);
  for (const output of Object.values(translated.outputs)) expectUntouchedEntries(input, output, (part) => mayChange.test(part));
  return translated;
}

/** LibreOffice's PDF of the file, as text (pdftotext). */
async function libreOfficeText(file: Buffer, extension: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ooxml-chart-'));
  try {
    await writeFile(join(dir, `translated.${extension}`), file);
    const run = promisify(execFile);
    const profile = `-env:UserInstallation=file://${join(dir, 'profile')}`;
    await run('soffice', ['--headless', profile, '--convert-to', 'pdf', '--outdir', dir, join(dir, `translated.${extension}`)], {
      timeout: 90_000,
    });
    await run('pdftotext', [join(dir, 'translated.pdf'), join(dir, 'translated.txt')]);
    return await readFile(join(dir, 'translated.txt'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('chart text (real files)', () => {
  it('docx: translates the title, series name and categories of a Word chart, keeping cell references and numbers', async () => {
    const input = await fixture('testWORD_charts.docx');
    const chart = 'word/charts/chart1.xml';
    const { doc, outputs } = await roundTrip(docxFormat, input, (id) => id !== `${chart}#0`, /^word\/charts\/chart1\.xml$/);
    const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August'];
    expect(doc.paragraphs.map((p) => p.text)).toEqual(['wants a peach', 'NUMBER', ...months]);
    const before = partXml(input, chart);
    const after = partXml(outputs[0], chart);
    expect(chartValues(after)).toEqual(chartValues(before).map((v) => (/\p{L}/u.test(v as string) ? fakeTarget(v as string) : v)));
    expect(cellReferences(after)).toEqual(cellReferences(before));
    expect(partXml(outputs[1], chart)).toContain(`<c:v>January\n${fakeTarget('January')}</c:v>`);
  });

  it('pptx: translates each repeated category once, leaves the embedded workbook, and LibreOffice draws the translation', async () => {
    const input = await fixture('testPPT_various2.pptx');
    const chart = 'ppt/charts/chart1.xml';
    const translated = await translateAllModes(pptxFormat, input);
    await expectModesApplied(
      pptxFormat,
      translated,
      (id) => id.startsWith('ppt/comments/') || (id.startsWith(chart) && id !== `${chart}#0`),
    );
    const { doc, outputs } = translated;
    const names = doc.paragraphs.filter((p) => p.id.startsWith(chart)).map((p) => p.text);
    // "Category 1" is cached once per series (three times) but is one paragraph.
    expect(names).toEqual(['SLIDE3ChartTitle', 'Series 1', 'Category 1', 'Category 2', 'Category 3', 'Category 4', 'Series 2', 'Series 3']);
    const after = chartValues(partXml(outputs[0], chart));
    expect(after.filter((v) => v === fakeTarget('Category 1'))).toHaveLength(3);
    expect(after.filter((v) => /Category|Series/.test(v as string))).toEqual([]);
    expect(cellReferences(partXml(outputs[0], chart))).toEqual(cellReferences(partXml(input, chart)));
    // The embedded workbook (the chart's "Edit Data") is left as it is: see the README.
    const workbook = 'ppt/embeddings/Microsoft_Excel_Worksheet.xlsx';
    expect(Buffer.from(entries(outputs[0])[workbook] as Uint8Array).equals(Buffer.from(entries(input)[workbook] as Uint8Array))).toBe(true);

    const shown = await libreOfficeText(outputs[0], 'pptx');
    expect(shown).toContain(fakeTarget('Category 4'));
    expect(shown).toContain(fakeTarget('Series 3'));
    expect(shown).not.toContain('Category 4');
  });

  it("xlsx: a chart's cached names take their cells' translations; a name with no such cell stays as it is", async () => {
    const chart = 'xl/charts/chart1.xml';
    // One cached category that no cell holds (as a formula's result would be): it must not be translated on its own.
    const input = patchPackage(await fixture('chart-sheet.xlsx'), {
      [chart]: (xml) => xml.replace('<c:pt idx="5"><c:v>Jun</c:v></c:pt>', '<c:pt idx="5"><c:v>Jun total</c:v></c:pt>'),
    });
    const isCell = (id: string) => id.startsWith('xl/sharedStrings.xml');
    const { doc, outputs } = await roundTrip(xlsxFormat, input, isCell, /^xl\/(sharedStrings|charts\/chart1)\.xml$/);
    expect(doc.paragraphs.filter((p) => p.id.startsWith(chart))).toEqual([{ id: `${chart}#0`, text: 'Wildlife Population' }]);
    expect(doc.paragraphs.map((p) => p.text)).not.toContain('Jun total');
    const cached = chartValues(partXml(outputs[0], chart)).filter((v) => /\p{L}/u.test(v as string));
    expect(new Set(cached)).toEqual(
      new Set(['Bears', 'Dolphins', 'Whales', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'].map(fakeTarget)).add('Jun total'),
    );
    // Mode 1: the cache holds exactly what its cell holds.
    expect(partXml(outputs[1], 'xl/sharedStrings.xml')).toContain(`<t xml:space="preserve">Bears\n${fakeTarget('Bears')}</t>`);
    expect(partXml(outputs[1], chart)).toContain(`<c:v>Bears\n${fakeTarget('Bears')}</c:v>`);
  });
});
