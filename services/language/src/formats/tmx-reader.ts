import type { ByteSource } from './decode';
import { FormatError, type Entry, type LangPair, type MissingPolicy } from './entry';
import { pickLang } from './lang';
import { localName, parseXmlChunks, parseXmlStream, type SaxHandlers } from './sax-stream';

export type ReadTmxOptions = LangPair & {
  /** A <tu> without the source or target language: 'error' (default) throws, 'skip' drops it. */
  onMissing?: MissingPolicy;
};

/** Inline codes whose content is native markup (e.g. "&lt;b>"), not translatable text. */
const CODE_TAGS = new Set(['bpt', 'ept', 'ph', 'it', 'ut']);

type Tuv = { lang: string; text: string; notes: string[]; props: Record<string, string> };

/**
 * Streams a TMX (1.1-1.4) file into entries for one language pair, never holding the file.
 * The segment text is the text outside inline codes: <bpt>/<ept>/<ph>/<it>/<ut> contents are
 * dropped, <hi> is kept (it wraps real text). Notes and props of the <tu> and of the chosen
 * <tuv>s become `note` (joined by newlines) and `attributes` (prop type -> value).
 */
export function readTmx(source: ByteSource, options: ReadTmxOptions): AsyncIterable<Entry> {
  return parseXmlStream(source, 'tmx', tmxHandlers(options));
}

/** The same entries, the units of each chunk of the file together (imports read this way). */
export function readTmxChunks(source: ByteSource, options: ReadTmxOptions): AsyncIterable<Entry[]> {
  return parseXmlChunks(source, 'tmx', tmxHandlers(options));
}

function tmxHandlers(options: ReadTmxOptions): SaxHandlers<Entry> {
  const { srcLang, tgtLang, onMissing = 'error' } = options;
  let unit = 0;
  let inTu = false;
  return {
    currentUnit: () => (inTu ? unit : undefined),
    setup(parser, emit) {
      let tuvs: Tuv[] = [];
      let tuNotes: string[] = [];
      let tuProps: Record<string, string> = {};
      let tuv: Tuv | undefined;
      let inSeg = false;
      let codeDepth = 0;
      let textTarget: 'note' | 'prop' | undefined;
      let propType = '';
      let buf = '';

      parser.on('opentag', (tag) => {
        const name = localName(tag.name);
        if (inSeg) {
          if (CODE_TAGS.has(name) || codeDepth > 0) codeDepth++;
          return;
        }
        switch (name) {
          case 'tu':
            unit++;
            inTu = true;
            tuvs = [];
            tuNotes = [];
            tuProps = {};
            break;
          case 'tuv':
            if (inTu) {
              const lang = String(tag.attributes['xml:lang'] ?? tag.attributes['lang'] ?? '');
              tuv = { lang, text: '', notes: [], props: {} };
            }
            break;
          case 'seg':
            if (tuv) {
              inSeg = true;
              codeDepth = 0;
              tuv.text = '';
            }
            break;
          case 'note':
          case 'prop':
            if (inTu) {
              textTarget = name;
              propType = String(tag.attributes['type'] ?? '');
              buf = '';
            }
            break;
        }
      });
      parser.on('text', (text) => {
        if (inSeg && tuv && codeDepth === 0) tuv.text += text;
        else if (textTarget) buf += text;
      });
      parser.on('cdata', (text) => {
        if (inSeg && tuv && codeDepth === 0) tuv.text += text;
        else if (textTarget) buf += text;
      });
      parser.on('closetag', (tag) => {
        const name = localName(tag.name);
        if (inSeg) {
          if (name === 'seg' && codeDepth === 0) inSeg = false;
          else if (codeDepth > 0) codeDepth--;
          return;
        }
        if ((name === 'note' || name === 'prop') && textTarget === name) {
          const notes = tuv ? tuv.notes : tuNotes;
          const props = tuv ? tuv.props : tuProps;
          if (name === 'note') notes.push(buf);
          else props[propType] = buf;
          textTarget = undefined;
        } else if (name === 'tuv' && tuv) {
          tuvs.push(tuv);
          tuv = undefined;
        } else if (name === 'tu' && inTu) {
          inTu = false;
          const entry = buildEntry(tuvs, tuNotes, tuProps, options);
          if (entry) emit(entry);
          else if (onMissing === 'error') {
            const langs = tuvs.map((t) => t.lang);
            const missing = pickLang(langs, srcLang) < 0 ? srcLang : tgtLang;
            throw new FormatError({
              format: 'tmx',
              unit,
              line: parser.line,
              message: `no <tuv> for language ${missing} (has ${langs.join(', ') || 'none'})`,
              reason: 'language',
            });
          }
        }
      });
    },
  };
}

function hasKeys(o: object): boolean {
  for (const _ in o) return true;
  return false;
}

const langsOf = (tuvs: readonly Tuv[]) => tuvs.map((t) => t.lang);

function buildEntry(tuvs: Tuv[], tuNotes: string[], tuProps: Record<string, string>, { srcLang, tgtLang }: LangPair): Entry | undefined {
  const s = tuvs[pickLang(langsOf(tuvs), srcLang)];
  // The target must be a different <tuv> than the source, even when both tags match loosely.
  const others = s ? tuvs.filter((v) => v !== s) : tuvs;
  const t = others[pickLang(langsOf(others), tgtLang)];
  if (!s || !t) return undefined;
  const entry: Entry = { source: s.text, target: t.text, src_lang: s.lang, tgt_lang: t.lang };
  // Most units have neither: no arrays or objects made for them.
  if (tuNotes.length + s.notes.length + t.notes.length > 0) entry.note = [...tuNotes, ...s.notes, ...t.notes].join('\n');
  const attributes = hasKeys(tuProps) || hasKeys(s.props) || hasKeys(t.props) ? { ...tuProps, ...s.props, ...t.props } : {};
  if (hasKeys(attributes)) entry.attributes = attributes;
  return entry;
}
