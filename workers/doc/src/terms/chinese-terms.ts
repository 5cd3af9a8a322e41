/**
 * Chinese: words and parts of speech from jieba (`@node-rs/jieba`, its own dictionary).
 * A term is a run of content words ending in a noun-like word (n*, vn, an, eng, j, l: jieba tags
 * `NAND`, `固态`, `硬盘`, `操作系统` so). jieba's dictionary tags many nouns of technology as
 * verbs (`接口`, `闪存`, `保护`, `延迟`); which of them the document uses as nouns is read from
 * the document itself (`nominalVerbs`): a verb may close a term after another verb (`写保护`,
 * `唤醒延迟`) or when it is a nominal verb, and stand alone only when it is one. Everyday verbs
 * (`采用`, `支持`) break a run. Latin words next to each other (`Windows Vista`, `IDE/ATA`)
 * stay together; a sentence without any Chinese character is not Chinese text and gives none.
 */
import { Jieba } from '@node-rs/jieba';
import { dict, idf } from '@node-rs/jieba/dict.js';
import { CHINESE_STOPWORDS } from './stopwords';
import { HAS_LETTER, NUMBER_LIKE, RunCollector, type SentenceAnalyzer, type TermRun, type TermToken } from './term-tokens';

let jieba: Jieba | undefined;
let idfs: Map<string, number> | undefined;

/** Why lazily: loading the dictionary takes about a second and most workers never scan. */
function tagger(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** Pronouns, prepositions, conjunctions, particles, adverbs, numerals, measures, time and place words, marks. */
const BREAK_TAG = /^(r|p|c|u|d|m|q|y|e|o|w|x|f|t|s|z|h|k)/;

/**
 * What a word may do in a term. `noun` (n*, eng, j, l) may stand anywhere and alone; a
 * `verbal` (vn, an) may close a compound (`电源管理`) and a `verb` only after another verb
 * (`写保护`), both alone or after a noun only when the document uses them as nouns; a
 * `modifier` (a, b, ad, vd) and a `code` (a Latin word with digits: `Mode-4`, `MP3`) sit inside.
 */
type Kind = 'noun' | 'verbal' | 'verb' | 'modifier' | 'code';

/**
 * jieba's IDF table says how rare each word is in general Chinese (`产品` 4.6, `接口` 8.7, `闪存` 12.1).
 * Why 10: from here on a word counts as fully specific (the table's median is 12).
 */
const FULL_IDF = 10;
/** Why 6: at or below it a word is everyday Chinese (`设备` 5.8, `产品` 4.6, `标准` 5.4), never a term alone. */
const GENERAL_IDF = 6;
/** Why 8: a noun below it (`级别` 7.5, `标准` 5.4) is too general to open a compound well. */
const COMPOUND_IDF = 8;
/** Why 0.1: such a compound still ranks, below the well-formed ones seen as often. */
const MIN_COMPOUND_WEIGHT = 0.1;

function idfOf(word: string): number | undefined {
  if (!idfs) {
    idfs = new Map();
    for (const line of Buffer.from(idf).toString('utf8').split('\n')) {
      const space = line.lastIndexOf(' ');
      if (space > 0) idfs.set(line.slice(0, space), Number(line.slice(space + 1)));
    }
  }
  return idfs.get(word);
}

/** 0..1: general words (low IDF) count little; a word the table lacks is rare, so specific. */
function wordSpecificity(word: string): number {
  const value = idfOf(word);
  // Why squared from 6 up: `尺寸` (7.6) must fall far below `跳线` (not in the table) even when it
  // is twice as frequent; `接口` (8.7) keeps about half its weight.
  return value === undefined ? 1 : Math.min(1, Math.max(0, value - GENERAL_IDF) / (FULL_IDF - GENERAL_IDF)) ** 2;
}

/**
 * Why half: a dictionary word whose last part is itself an everyday word (`设计方案`, `数码产品`,
 * `操作系统`: `方案` 5.9, `产品` 4.6, `系统` 5.0) names a kind of something general, a term as
 * often as not; its own IDF says only that the whole is rarely written.
 */
const EVERYDAY_HEAD_WEIGHT = 0.5;

/** The word's longest proper ending that is itself a dictionary word of two characters or more. */
function headPart(word: string): string | undefined {
  for (let from = 1; from <= word.length - 2; from++) if (idfOf(word.slice(from)) !== undefined) return word.slice(from);
  return undefined;
}

function singleWordSpecificity(word: string): number {
  const head = headPart(word);
  const everyday = head !== undefined && idfOf(head)! < GENERAL_IDF;
  return wordSpecificity(word) * (everyday ? EVERYDAY_HEAD_WEIGHT : 1);
}

type Word = { word: string; tag: string; start: number };

function taggedWords(sentence: string): Word[] {
  const words: Word[] = [];
  let at = 0;
  for (const { word, tag } of tagger().tag(sentence, true)) {
    // jieba returns the sentence's characters in order; look the word up anyway, so an offset
    // never drifts if it normalizes one.
    const start = sentence.startsWith(word, at) ? at : sentence.indexOf(word, at);
    if (start < 0) continue;
    words.push({ word, tag, start });
    at = start + word.length;
  }
  return joinLatin(words);
}

function kindOf(w: Word): Kind | null {
  const text = w.word.trim();
  if (!text || !HAS_LETTER.test(text) || NUMBER_LIKE.test(text) || CHINESE_STOPWORDS.has(text)) return null;
  // A model number or measurement (`SST85LD1004T`, `5cm`, `Mode-4`) is a code, not a term.
  if (w.tag === 'eng') return /\d/.test(text) ? 'code' : 'noun';
  if (BREAK_TAG.test(w.tag)) return null;
  if (/^(n|j|l)/.test(w.tag)) return 'noun';
  if (w.tag === 'vn' || w.tag === 'an') return 'verbal';
  if (w.tag === 'vd' || /^(a|b|g)/.test(w.tag)) return 'modifier';
  if (/^v/.test(w.tag)) return 'verb';
  return null;
}

/** One space, slash or hyphen between two Latin words joins them into one (`Red Hat`, `IDE/ATA`, `Multi-word`). */
function joinLatin(words: Word[]): Word[] {
  const joined: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const last = joined[joined.length - 1];
    if (last?.tag === 'eng' && /^[ /\-‐]$/.test(w.word) && words[i + 1]?.tag === 'eng') {
      last.word += w.word + words[i + 1]!.word;
      i += 1;
    } else joined.push({ ...w });
  }
  return joined;
}

/** A number (`20`, `一块` is not one: it counts the next word) or a measure word (`位`): the word after it is a unit. */
const isQuantity = (w: Word) =>
  /^q/.test(w.tag) || (w.tag === 'm' && /[\d零一二两三四五六七八九十百千万亿兆]$/u.test(w.word)) || /^[\d.]+$/.test(w.word);

/**
 * The verbs a document uses as nouns, after Nakagawa and Mori's left-right measure (2002): a word
 * that heads compounds with two or more different nominal modifiers (`IDE接口`, `总线接口`,
 * `主机接口`) names a thing; a verb after one subject only (`数据写入`) is a clause.
 */
function nominalVerbs(tagged: Iterable<Word[]>): Set<string> {
  const modifiers = new Map<string, Set<string>>();
  for (const words of tagged) {
    words.forEach((w, i) => {
      const kind = kindOf(w);
      if (kind !== 'verb' && kind !== 'verbal') return;
      const prev = words[i - 1];
      const prevKind = prev && kindOf(prev);
      if (!prev || !(prevKind === 'noun' || prevKind === 'verbal' || prev.tag === 'b')) return;
      const key = w.word.toLowerCase();
      const seen = modifiers.get(key) ?? new Set<string>();
      seen.add(prev.word.toLowerCase());
      modifiers.set(key, seen);
    });
  }
  return new Set([...modifiers].filter(([, seen]) => seen.size >= 2).map(([key]) => key));
}

function tokenOf(w: Word, prevKind: Kind | null, nominal: ReadonlySet<string>): TermToken | null {
  const kind = kindOf(w);
  if (!kind) return null;
  const text = w.word.trim();
  const key = text.toLowerCase();
  const asNoun = kind === 'noun' || nominal.has(key);
  // A one-character verb (`写`) may open a term (`写保护`) but not close one.
  const canEnd = asNoun || kind === 'verbal' || (kind === 'verb' && text.length > 1 && prevKind === 'verb');
  return { start: w.start, end: w.start + w.word.length, key, canStart: kind !== 'code', canEnd, alone: asNoun && kind !== 'code' };
}

const HAN = /\p{Script=Han}/u;

export function createChineseAnalyzer(sentences: readonly string[]): SentenceAnalyzer {
  const tagged = new Map<string, Word[]>();
  for (const sentence of sentences) if (HAN.test(sentence) && !tagged.has(sentence)) tagged.set(sentence, taggedWords(sentence));
  const nominal = nominalVerbs(tagged.values());
  const generalNouns = new Set<string>();
  for (const words of tagged.values()) {
    for (const w of words) if (kindOf(w) === 'noun' && (idfOf(w.word) ?? FULL_IDF) < COMPOUND_IDF) generalNouns.add(w.word.toLowerCase());
  }
  return {
    maxWords: 4,
    compounds: true,
    runs(sentence: string): TermRun[] {
      if (!HAN.test(sentence)) return [];
      const runs = new RunCollector();
      const words = tagged.get(sentence) ?? taggedWords(sentence);
      let prevKind: Kind | null = null;
      words.forEach((w, i) => {
        const token = tokenOf(w, prevKind, nominal);
        prevKind = token ? kindOf(w) : null;
        // A word right after a number or a measure word is its unit (`20字节`, `0摄氏度`, `16位宽`):
        // it may sit inside a term but neither open one nor be one.
        const prev = words[i - 1]?.word === ' ' ? words[i - 2] : words[i - 1];
        if (token && prev && isQuantity(prev)) {
          token.canStart = false;
          token.alone = false;
        }
        // A word directly before a counted amount (`一块`, `多块`) takes it as its object
        // (`内置一块…闪存`): a verb jieba tags as a noun, which names nothing there. (A figure in
        // digits after a noun is a measurement or fraction instead: `硬盘1/10`.)
        const next = words[i + 1];
        if (token && next && /^m/.test(next.tag) && HAN.test(next.word[0]!)) token.canEnd = false;
        runs.add(token);
      });
      return runs.done();
    },
    specificity: (words) =>
      words.length === 1 ? singleWordSpecificity(words[0]!) : words.reduce((sum, word) => sum + wordSpecificity(word), 0) / words.length,
    // A compound with an everyday noun before its head is mostly two joined or cut at the wrong
    // place: `级别工作温度` is `商业级别` + `工作温度`, `IDE标准数据传输接口` is `IDE标准` + `数据传输接口`.
    compoundWeight: (words) =>
      words
        .slice(0, -1)
        .filter((word) => generalNouns.has(word))
        .reduce((weight, word) => Math.min(weight, Math.max(MIN_COMPOUND_WEIGHT, wordSpecificity(word))), 1),
    // A single character is rarely a term.
    accepts: (tokens, sentence) => tokens.length > 1 || sentence.slice(tokens[0]!.start, tokens[0]!.end).trim().length >= 2,
  };
}
