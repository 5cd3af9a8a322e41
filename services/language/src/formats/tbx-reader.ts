import type { ByteSource } from './decode';
import { FormatError, type Entry, type LangPair, type MissingPolicy } from './entry';
import { pickLang } from './lang';
import { localName, parseXmlStream } from './sax-stream';

export type ReadTbxOptions = LangPair & {
  /** A concept without both languages: 'skip' (default; termbases often hold monolingual entries) or 'error'. */
  onMissing?: MissingPolicy;
};

type LangSet = { lang: string; terms: string[]; notes: string[] };

const ENTRY = new Set(['termEntry', 'conceptEntry']);
const LANGSET = new Set(['langSet', 'langSec']);
const NOTE = new Set(['descrip', 'note']);

/**
 * Streams a TBX file (TBX 2 `martif` termEntry/langSet/tig|ntig/term, or TBX 3 conceptEntry/
 * langSec/termSec/term) into one entry per concept: the first term of the best-matching source
 * and target language sets. <descrip> and <note> text of the concept and of those two language
 * sets becomes `note`, joined by newlines.
 */
export function readTbx(source: ByteSource, options: ReadTbxOptions): AsyncIterable<Entry> {
  const { srcLang, tgtLang, onMissing = 'skip' } = options;
  let unit = 0;
  let inEntry = false;
  return parseXmlStream<Entry>(source, 'tbx', {
    currentUnit: () => (inEntry ? unit : undefined),
    setup(parser, emit) {
      let langSets: LangSet[] = [];
      let entryNotes: string[] = [];
      let langSet: LangSet | undefined;
      let collecting: 'term' | 'note' | undefined;
      let depth = 0;
      let buf = '';

      parser.on('opentag', (tag) => {
        const name = localName(tag.name);
        if (collecting) {
          depth++;
          return;
        }
        if (ENTRY.has(name)) {
          unit++;
          inEntry = true;
          langSets = [];
          entryNotes = [];
        } else if (inEntry && LANGSET.has(name)) {
          langSet = { lang: String(tag.attributes['xml:lang'] ?? tag.attributes['lang'] ?? ''), terms: [], notes: [] };
        } else if (inEntry && (name === 'term' || NOTE.has(name))) {
          collecting = name === 'term' ? 'term' : 'note';
          depth = 0;
          buf = '';
        }
      });
      const onText = (text: string): void => {
        if (collecting) buf += text;
      };
      parser.on('text', onText);
      parser.on('cdata', onText);
      parser.on('closetag', (tag) => {
        const name = localName(tag.name);
        if (collecting) {
          if (depth > 0) {
            depth--;
            return;
          }
          const text = buf.trim();
          if (collecting === 'term') langSet?.terms.push(text);
          else if (text) (langSet ? langSet.notes : entryNotes).push(text);
          collecting = undefined;
        } else if (LANGSET.has(name) && langSet) {
          langSets.push(langSet);
          langSet = undefined;
        } else if (ENTRY.has(name) && inEntry) {
          inEntry = false;
          const langs = langSets.map((l) => l.lang);
          const s = langSets[pickLang(langs, srcLang)];
          const rest = langSets.filter((l) => l !== s);
          const t =
            rest[
              pickLang(
                rest.map((l) => l.lang),
                tgtLang,
              )
            ];
          if (s?.terms[0] !== undefined && t?.terms[0] !== undefined) {
            const entry: Entry = { source: s.terms[0], target: t.terms[0], src_lang: s.lang, tgt_lang: t.lang };
            const notes = [...entryNotes, ...s.notes, ...t.notes];
            if (notes.length) entry.note = notes.join('\n');
            emit(entry);
          } else if (onMissing === 'error') {
            throw new FormatError({
              format: 'tbx',
              unit,
              line: parser.line,
              message: `no term for language ${s?.terms[0] === undefined ? srcLang : tgtLang} (has ${langs.join(', ') || 'none'})`,
              reason: 'language',
            });
          }
        }
      });
    },
  });
}
