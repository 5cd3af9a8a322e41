/**
 * Writes a large en-us -> zh-cn TMX 1.4 file for the import and lookup benchmarks, streaming it
 * to disk (a 1,000,000-unit file is about 250 MB). Sentences are 6-16 words drawn from a
 * 100,000-word vocabulary with Zipf's law (frequency ~ 1 / rank), about what a million real
 * sentences hold (Heaps' law), so word and trigram statistics look like real text, not noise.
 * Deterministic for a given seed.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

// Consonant-vowel(-consonant) syllables: about 2,000 of them, so words share trigrams about as often as English words do.
const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'qu',
  'r',
  's',
  't',
  'v',
  'w',
  'st',
  'pr',
  'tr',
  'ch',
  'sh',
  'th',
  'gr',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ea', 'ou', 'ai'];
const CODAS = ['', '', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'ng'];
const SYLLABLES = ONSETS.flatMap((o) => VOWELS.flatMap((v) => CODAS.map((c) => o + v + c)));
const HANZI =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严';

/** A small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function vocabulary(size: number, random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const n = 1 + Math.floor(random() * 4);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(w);
  }
  return [...words];
}

export type SentenceMaker = () => { source: string; target: string };

/** Zipf with exponent 1 over `words`: log(rank) is uniform over [0, log(size)). */
function zipf(words: string[], random: () => number): () => string {
  const logSize = Math.log(words.length);
  return () => words[Math.min(words.length - 1, Math.floor(Math.exp(random() * logSize)) - 1)]!;
}

/** Words of the vocabulary `sentenceMaker(seed)` uses, drawn as it draws them, from `random`. */
export function wordSampler(seed: number, random: () => number): () => string {
  return zipf(vocabulary(100_000, prng(seed)), random);
}

export function sentenceMaker(seed: number): SentenceMaker {
  const random = prng(seed);
  const word = zipf(vocabulary(100_000, random), random);
  const hanzi = () => HANZI[Math.floor(HANZI.length * random())]!;
  return () => {
    const n = 6 + Math.floor(random() * 11);
    const source = Array.from({ length: n }, word).join(' ');
    const target = Array.from({ length: n * 2 }, hanzi).join('');
    return { source: source[0]!.toUpperCase() + source.slice(1) + '.', target: target + '。' };
  };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Writes `units` translation units to `file`; resolves when the file is closed. */
export function writeTmx(file: string, units: number, seed = 42): Promise<void> {
  return writeTmxOf(file, units, sentenceMaker(seed));
}

/** Writes the next `units` sentences of `next` (a maker continued across files: banks of one corpus). */
export async function writeTmxOf(file: string, units: number, next: SentenceMaker): Promise<void> {
  const out = createWriteStream(file);
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n<header creationtool="mtp-bench" creationtoolversion="1" segtype="sentence" o-tmf="mtp" adminlang="en-us" srclang="en-US" datatype="plaintext"/>\n<body>\n',
  );
  let buffer = '';
  for (let i = 0; i < units; i++) {
    const { source, target } = next();
    buffer += `<tu><tuv xml:lang="en-US"><seg>${escapeXml(source)}</seg></tuv><tuv xml:lang="zh-CN"><seg>${target}</seg></tuv></tu>\n`;
    if (buffer.length > 1 << 16) {
      await write(buffer);
      buffer = '';
    }
  }
  await write(`${buffer}</body>\n</tmx>\n`);
  out.end();
  await once(out, 'close');
}
