/**
 * A post-edited document as a bilingual DOCX (the review table translators send to a client or
 * reviewer): a title line, then one table of #, source, target and status, one row per segment,
 * the header row repeated on every page. Built with the `docx` package: a fresh document, not
 * the original's layout (that is what the `original` export is for).
 */
import type { PeExportSegment } from '@mtp/proto';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';

export type BilingualDocxOptions = { fileName: string; srcLang: string; tgtLang: string };

/** Status words as the table shows them (the editor's own words, in English: the file goes to anyone). */
const STATUS_WORDS: Record<string, string> = {
  new: 'New',
  mt: 'MT',
  tm100: 'TM 100%',
  context101: 'TM 101%',
  fuzzy: 'Fuzzy',
  draft: 'Draft',
  translated: 'Translated',
  approved: 'Approved',
};

/** Column widths in percent: the number and the status are narrow, the texts share the rest. */
const WIDTHS = [6, 40, 40, 14];

/** A cell's text; line breaks inside a segment become breaks inside its paragraph. */
function cell(text: string, width: number, bold = false): TableCell {
  const lines = text.split('\n');
  const runs = lines.map((line, i) => new TextRun({ text: line, bold, break: i > 0 ? 1 : undefined }));
  return new TableCell({ width: { size: width, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: runs })] });
}

function row(texts: string[], header = false): TableRow {
  return new TableRow({ tableHeader: header, children: texts.map((text, i) => cell(text, WIDTHS[i]!, header)) });
}

export async function writeBilingualDocx(segments: readonly PeExportSegment[], options: BilingualDocxOptions): Promise<Buffer> {
  const table = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      row(['#', options.srcLang, options.tgtLang, 'Status'], true),
      ...segments.map((s, i) => row([String(i + 1), s.source, s.target, STATUS_WORDS[s.status] ?? s.status])),
    ],
  });
  const document = new Document({
    creator: 'mtp',
    title: options.fileName,
    sections: [{ children: [new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(options.fileName)] }), table] }],
  });
  return Packer.toBuffer(document);
}
