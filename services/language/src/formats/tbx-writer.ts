import { Readable } from 'node:stream';
import { escapeXml } from '@mtp/platform';
import type { Entry, LangPair } from './entry';

/** Streams entries as TBX 2 (TBX-Basic `martif`): one termEntry per entry, `note` as a definition. */
export function writeTbx(entries: AsyncIterable<Entry> | Iterable<Entry>, { srcLang, tgtLang }: LangPair): Readable {
  async function* generate(): AsyncGenerator<string> {
    yield (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<martif type="TBX" xml:lang="${escapeXml(srcLang)}">\n` +
      '  <martifHeader>\n    <fileDesc><sourceDesc><p>mtp termbase export</p></sourceDesc></fileDesc>\n  </martifHeader>\n' +
      '  <text>\n    <body>\n'
    );
    let id = 0;
    for await (const e of entries) {
      id++;
      let xml = `      <termEntry id="c${id}">\n`;
      if (e.note !== undefined) xml += `        <descrip type="definition">${escapeXml(e.note)}</descrip>\n`;
      xml += langSet(e.src_lang ?? srcLang, e.source) + langSet(e.tgt_lang ?? tgtLang, e.target);
      yield `${xml}      </termEntry>\n`;
    }
    yield '    </body>\n  </text>\n</martif>\n';
  }
  return Readable.from(generate(), { objectMode: false });
}

const langSet = (lang: string, term: string): string =>
  `        <langSet xml:lang="${escapeXml(lang)}"><tig><term>${escapeXml(term)}</term></tig></langSet>\n`;
