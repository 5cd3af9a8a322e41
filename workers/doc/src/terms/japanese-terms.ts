/**
 * Japanese: words and parts of speech from kuromoji (its IPADIC dictionary ships inside the
 * package). A term is a run of nouns (名詞): `形態素解析`, `日本語 入力 システム`; a number
 * (数), a pronoun (代名詞) or a dependent noun (非自立: こと, もの, ため) breaks it. A suffix
 * (接尾: 化, 性, 率) may close a term but not open one; a noun prefix (接頭詞) may open one.
 */
import kuromoji, { type IpadicFeatures, type Tokenizer } from 'kuromoji';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ENGLISH_EDGE_STOPWORDS, JAPANESE_STOPWORDS } from './stopwords';
import { HAS_LETTER, NUMBER_LIKE, RunCollector, type SentenceAnalyzer, type TermRun, type TermToken } from './term-tokens';

let building: Promise<Tokenizer<IpadicFeatures>> | undefined;

/** The dictionary folder inside the installed package, wherever npm put it. */
function dictionaryPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict');
}

/** Why cached: building reads and unpacks about 20 MB of dictionary (a second or two), once per process. */
export function japaneseTokenizer(): Promise<Tokenizer<IpadicFeatures>> {
  building ??= new Promise<Tokenizer<IpadicFeatures>>((resolve, reject) => {
    kuromoji.builder({ dicPath: dictionaryPath() }).build((err, tokenizer) => (err ? reject(err) : resolve(tokenizer)));
  }).catch((err: unknown) => {
    building = undefined;
    throw err;
  });
  return building;
}

const NOT_IN_TERMS = new Set(['非自立', '数', '代名詞', '副詞可能', '接続詞的', '特殊']);

function tokenOf(word: IpadicFeatures, start: number): TermToken | null {
  const surface = word.surface_form;
  if (!HAS_LETTER.test(surface) || NUMBER_LIKE.test(surface) || JAPANESE_STOPWORDS.has(surface)) return null;
  // English words in a Japanese document are all 名詞 to IPADIC (`is`, `Here`).
  if (/^[A-Za-z]+$/.test(surface) && (surface.length < 3 || ENGLISH_EDGE_STOPWORDS.has(surface.toLowerCase()))) return null;
  const key = (word.basic_form && word.basic_form !== '*' ? word.basic_form : surface).toLowerCase();
  const end = start + surface.length;
  if (word.pos === '接頭詞' && word.pos_detail_1 === '名詞接続') return { start, end, key, canStart: true, canEnd: false };
  if (word.pos !== '名詞' || NOT_IN_TERMS.has(word.pos_detail_1)) return null;
  if (word.pos_detail_1 === '接尾') {
    // A counter suffix (個, 年) follows a number, which already broke the run.
    if (word.pos_detail_2 === '助数詞') return null;
    return { start, end, key, canStart: false, canEnd: true, alone: false };
  }
  return { start, end, key, canStart: true, canEnd: true };
}

export async function createJapaneseAnalyzer(): Promise<SentenceAnalyzer> {
  const tokenizer = await japaneseTokenizer();
  return {
    maxWords: 4,
    runs(sentence: string): TermRun[] {
      const runs = new RunCollector();
      for (const word of tokenizer.tokenize(sentence)) runs.add(tokenOf(word, word.word_position - 1));
      return runs.done();
    },
    // One kana or kanji alone is rarely a term (`面`, `図`).
    accepts: (tokens) => tokens.length > 1 || tokens[0]!.end - tokens[0]!.start >= 2,
  };
}
