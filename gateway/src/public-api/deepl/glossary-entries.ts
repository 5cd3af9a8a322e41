/**
 * DeepL glossary entries in and out. In: `tsv` (one `source<TAB>target` a line) or `csv`
 * (`source,target[,source_lang,target_lang]`, RFC 4180 quoting, no header), as DeepL documents
 * them; a malformed line, an empty field, a duplicate source or a row naming another language
 * pair is a 400 naming the line. Out: TSV, one entry a line.
 */
import { DeeplRefusal } from './deepl-errors';

export type GlossaryEntry = { source: string; target: string };

const refuse = (line: number, en: string, zh: string) =>
  new DeeplRefusal(400, { en_US: `Invalid glossary entries (line ${line}): ${en}.`, zh_CN: `术语表条目无效（第 ${line} 行）：${zh}。` });

/** The rows of a CSV text: fields split at commas outside quotes, `""` a quote inside them. */
function csvRows(text: string): { line: number; fields: string[] }[] {
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== '') rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
    rowLine = line;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n') {
      line++;
      endRow();
    } else if (c !== '\r') field += c;
  }
  if (quoted) throw refuse(rowLine, 'a quote is not closed', '引号未闭合');
  endRow();
  return rows;
}

function tsvRows(text: string): { line: number; fields: string[] }[] {
  return text
    .split('\n')
    .map((raw, i) => ({ line: i + 1, raw: raw.endsWith('\r') ? raw.slice(0, -1) : raw }))
    .filter((r) => r.raw.trim() !== '')
    .map((r) => ({ line: r.line, fields: r.raw.split('\t') }));
}

/** The entries of a DeepL glossary body; `pair` (lower-case DeepL codes) checks CSV language columns. */
export function parseGlossaryEntries(entries: string, format: 'tsv' | 'csv', pair: { source: string; target: string }): GlossaryEntry[] {
  const rows = format === 'csv' ? csvRows(entries) : tsvRows(entries);
  const seen = new Set<string>();
  const out: GlossaryEntry[] = [];
  for (const { line, fields } of rows) {
    const [source = '', target = '', srcLang, tgtLang, ...rest] = fields.map((f) => f.trim());
    const columns = format === 'csv' ? fields.length === 2 || fields.length === 4 : fields.length === 2;
    if (!columns || rest.length > 0) {
      throw refuse(
        line,
        format === 'csv' ? 'expected source,target[,source_lang,target_lang]' : 'expected source<TAB>target',
        '列数不正确',
      );
    }
    if (srcLang !== undefined && (srcLang.toLowerCase() !== pair.source || tgtLang?.toLowerCase() !== pair.target)) {
      throw refuse(line, "the languages are not the glossary's", '语言与术语表不一致');
    }
    if (source === '' || target === '') throw refuse(line, 'source and target must not be empty', '原文和译文不能为空');
    if (/[\t\r\n]/.test(source) || /[\t\r\n]/.test(target))
      throw refuse(line, 'an entry may not hold tabs or line breaks', '条目不能包含制表符或换行');
    if (seen.has(source)) throw refuse(line, `"${source}" is already an entry`, `“${source}”重复`);
    seen.add(source);
    out.push({ source, target });
  }
  if (out.length === 0) throw refuse(1, 'no entries', '没有条目');
  return out;
}

/** DeepL's entries answer: `source<TAB>target` lines. */
export function entriesToTsv(entries: readonly GlossaryEntry[]): string {
  return entries.map((e) => `${e.source}\t${e.target}`).join('\n');
}
