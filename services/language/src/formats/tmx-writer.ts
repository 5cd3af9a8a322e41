import { Readable } from 'node:stream';
import { escapeXml } from '@mtp/platform';
import type { Entry, LangPair } from './entry';

export type WriteTmxOptions = LangPair & { creationTool?: string; creationToolVersion?: string };

/**
 * Streams entries out as TMX 1.4 (UTF-8, no BOM). Each entry is one <tu>: `note` becomes a
 * <note>, each attribute a <prop type="key">, and the entry's own languages win over the pair.
 */
export function writeTmx(entries: AsyncIterable<Entry> | Iterable<Entry>, options: WriteTmxOptions): Readable {
  return Readable.from(generateTmx(entries, options), { objectMode: false });
}

async function* generateTmx(
  entries: AsyncIterable<Entry> | Iterable<Entry>,
  { srcLang, tgtLang, creationTool = 'mtp', creationToolVersion = '0.1.0' }: WriteTmxOptions,
): AsyncGenerator<string> {
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n' +
    `  <header creationtool="${escapeXml(creationTool)}" creationtoolversion="${escapeXml(creationToolVersion)}"` +
    ` segtype="sentence" o-tmf="mtp" adminlang="en" srclang="${escapeXml(srcLang)}" datatype="plaintext"/>\n  <body>\n`
  );
  for await (const entry of entries) {
    let tu = '    <tu>\n';
    if (entry.note !== undefined) tu += `      <note>${escapeXml(entry.note)}</note>\n`;
    for (const [key, value] of Object.entries(entry.attributes ?? {})) {
      tu += `      <prop type="${escapeXml(key)}">${escapeXml(value)}</prop>\n`;
    }
    tu += tuvXml(entry.src_lang ?? srcLang, entry.source) + tuvXml(entry.tgt_lang ?? tgtLang, entry.target);
    yield `${tu}    </tu>\n`;
  }
  yield '  </body>\n</tmx>\n';
}

const tuvXml = (lang: string, text: string): string => `      <tuv xml:lang="${escapeXml(lang)}"><seg>${escapeXml(text)}</seg></tuv>\n`;
