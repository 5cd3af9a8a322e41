/**
 * OpenDocument files wired as production wires them (`FORMATS` of the pipeline): .odt/.ods/.odp
 * -> LibreOffice -> docx/xlsx/pptx format -> LibreOffice -> the same OpenDocument format. Real
 * files: a LibreOffice 1.x manual from apache/tika, and the .ods/.odp LibreOffice made from POI
 * fixtures (fixtures/legacy/make-odf.sh). The written file must be the uploaded format (same
 * mimetype entry) and LibreOffice must read the translation back out of it.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { convertWithLibreOffice } from '@mtp/platform';
import { describe, expect, it } from 'vitest';
import { docxFormat, xlsxFormat } from '../src/formats/ooxml';
import { pdfFormat } from '../src/formats/pdf';
import { checkDocumentLimits, inspectDocument, odfMediaType } from '../src/inspect';
import { odfFormat } from '../src/legacy';
import { FORMATS } from '../src/pipeline/open-document';
import { fakeTarget, langs, translateAll } from './text-test-translator';

const fixture = (name: string) => readFile(new URL(`../fixtures/legacy/${name}`, import.meta.url));
const hasSoffice = (() => {
  try {
    execFileSync('which', ['soffice'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The text LibreOffice itself reads from a file: Writer's plain text, Calc's CSV (first sheet), Impress through PDF. */
async function textLibreOfficeReads(file: Buffer, ext: 'odt' | 'ods' | 'odp'): Promise<string> {
  if (ext === 'odt') return (await convertWithLibreOffice(file, 'odt', 'txt')).toString('utf8');
  // 44,34,76: comma, double quote, UTF-8 (the default is the system's 8-bit character set).
  if (ext === 'ods') return (await convertWithLibreOffice(file, 'ods', 'csv:Text - txt - csv (StarCalc):44,34,76')).toString('utf8');
  const pdf = await pdfFormat.open(await convertWithLibreOffice(file, 'odp', 'pdf'), { srcLang: 'en' });
  return pdf.paragraphs.map((p) => p.text).join('\n');
}

const cases = [
  { ext: 'odt', file: 'testODT-TIKA-6000.odt', first: 'Manuel d’utilisation de Koha', count: 'pages' },
  { ext: 'ods', file: '49273_zh_styles.ods', first: 'A1', count: 'cells' },
  { ext: 'odp', file: 'with_japanese.odp', first: 'Row 1 Col 1', count: 'pages' },
] as const;

describe('OpenDocument through LibreOffice', () => {
  it('refuses a password-protected .ods before converting anything', async () => {
    const neverConvert = async (): Promise<Buffer> => {
      throw new Error('must not convert');
    };
    const ods = odfFormat(xlsxFormat, 'ods', 'xlsx', { convert: neverConvert });
    await expect(ods.open(await fixture('encrypted-pw-password.ods'), { srcLang: 'en' })).rejects.toMatchObject({ reason: 'encrypted' });
    // An .odt format given an .ods is refused as well.
    const odt = odfFormat(docxFormat, 'odt', 'docx', { convert: neverConvert });
    await expect(odt.open(await fixture('49273_zh_styles.ods'), { srcLang: 'en' })).rejects.toMatchObject({ reason: 'unknown_format' });
  });

  it.runIf(hasSoffice)(
    'translates .odt, .ods and .odp and gives back the same format, which LibreOffice reads the translation from',
    async () => {
      await Promise.all(
        cases.map(async ({ ext, file, first, count }) => {
          const source = await fixture(file);
          const doc = await FORMATS[ext].open(source, { srcLang: 'en' });
          expect(doc.paragraphs[0]!.text).toBe(first);
          expect(doc.stats[count]).toBeGreaterThan(0);
          checkDocumentLimits(ext, doc.stats, source.length);

          const out = await doc.write(translateAll(doc), { ...langs, mode: 0 });
          expect(odfMediaType(out)).toBe(odfMediaType(source));
          expect(inspectDocument(`translated.${ext}`, out)).toEqual({ format: ext, container: 'zip' });
          const read = await textLibreOfficeReads(out, ext);
          expect(read).toContain(fakeTarget(first));
          expect(read.split(/\r?\n/).map((line) => line.trim())).not.toContain(first);
        }),
      );
    },
    240_000,
  );
});
