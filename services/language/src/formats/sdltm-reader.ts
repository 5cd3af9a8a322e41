import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { SaxesParser } from 'saxes';
import { FormatError, type Entry } from './entry';

export type SdltmMemory = { name: string; srcLang: string; tgtLang: string };

let sqlJs: Promise<SqlJsStatic> | undefined;
const loadSqlJs = (): Promise<SqlJsStatic> => (sqlJs ??= initSqlJs());

/**
 * Text of a Trados `<Segment>`: the `<Text><Value>` runs in order; tags and placeables
 * (`<Tag>`, `<Tokens>`) are left out, as for TMX inline codes.
 */
export function segmentText(xml: string): string {
  const parser = new SaxesParser();
  let inValue = 0;
  let inText = 0;
  let text = '';
  parser.on('opentag', (t) => {
    if (t.name === 'Text') inText++;
    else if (t.name === 'Value' && inText) inValue++;
  });
  parser.on('closetag', (t) => {
    if (t.name === 'Text') inText--;
    else if (t.name === 'Value' && inValue) inValue--;
  });
  parser.on('text', (s) => {
    if (inValue) text += s;
  });
  parser.write(xml).close();
  return text;
}

/**
 * Reads a Trados Studio .sdltm (an SQLite database, opened in memory with sql.js: the bytes
 * must be loaded, a file-backed open is not possible in WASM). Yields one entry per row of
 * `translation_units`, with the languages of its `translation_memories` row.
 */
export async function* readSdltm(data: Uint8Array): AsyncGenerator<Entry> {
  const SQL = await loadSqlJs();
  let db;
  try {
    db = new SQL.Database(data);
    db.exec('SELECT 1 FROM translation_units LIMIT 1');
  } catch (err) {
    db?.close();
    throw new FormatError({ format: 'sdltm', message: `not a Trados SDLTM database (${(err as Error).message})`, reason: 'not-sdltm' });
  }
  const memories = new Map<number, SdltmMemory>();
  for (const row of db.exec('SELECT id, name, source_language, target_language FROM translation_memories')[0]?.values ?? []) {
    memories.set(Number(row[0]), { name: String(row[1]), srcLang: String(row[2]), tgtLang: String(row[3]) });
  }
  const stmt = db.prepare('SELECT id, translation_memory_id, source_segment, target_segment FROM translation_units ORDER BY id');
  try {
    while (stmt.step()) {
      const [id, tmId, src, tgt] = stmt.get();
      const unit = Number(id);
      const tm = memories.get(Number(tmId));
      let source: string;
      let target: string;
      try {
        source = segmentText(String(src ?? ''));
        target = segmentText(String(tgt ?? ''));
      } catch (err) {
        throw new FormatError({ format: 'sdltm', unit, message: `bad segment XML (${(err as Error).message})` });
      }
      const entry: Entry = { source, target };
      if (tm) {
        entry.src_lang = tm.srcLang;
        entry.tgt_lang = tm.tgtLang;
      }
      yield entry;
    }
  } finally {
    stmt.free();
    db.close();
  }
}

/** The memories (name and language pair) stored in an .sdltm. */
export async function readSdltmInfo(data: Uint8Array): Promise<SdltmMemory[]> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(data);
  try {
    const rows = db.exec('SELECT name, source_language, target_language FROM translation_memories')[0]?.values ?? [];
    return rows.map(([name, srcLang, tgtLang]) => ({
      name: String(name),
      srcLang: String(srcLang),
      tgtLang: String(tgtLang),
    }));
  } catch (err) {
    throw new FormatError({ format: 'sdltm', message: `not a Trados SDLTM database (${(err as Error).message})`, reason: 'not-sdltm' });
  } finally {
    db.close();
  }
}
