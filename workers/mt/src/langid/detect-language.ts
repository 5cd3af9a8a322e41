/**
 * Language detection for the platform's languages (zh-cn, en-us, ja, ko, ru). Script rules
 * decide what scripts decide well (Hangul is Korean, kana is Japanese, Han without kana is
 * Chinese), and franc-min's trigram statistics judge the alphabetic scripts, where several
 * languages share one script. Anything else answers `unknown` rather than a guess.
 */
import { francAll } from 'franc-min';
import type { LangidData } from '@mtp/proto';

type ScriptCounts = { han: number; kana: number; hangul: number; cyrillic: number; latin: number; letters: number };

const SCRIPTS: [keyof Omit<ScriptCounts, 'letters'>, RegExp][] = [
  ['hangul', /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u],
  ['kana', /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u],
  ['han', /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u],
  ['cyrillic', /[\u0400-\u04ff]/u],
  ['latin', /[A-Za-z\u00c0-\u024f]/u],
];

export function countScripts(text: string): ScriptCounts {
  const counts: ScriptCounts = { han: 0, kana: 0, hangul: 0, cyrillic: 0, latin: 0, letters: 0 };
  for (const ch of text) {
    for (const [name, pattern] of SCRIPTS) {
      if (pattern.test(ch)) {
        counts[name]++;
        counts.letters++;
        break;
      }
    }
  }
  return counts;
}

/** Below this many letters trigram statistics mean little; the script alone decides. */
const SHORT_TEXT_LETTERS = 20;

/** Scores `iso3` among the languages franc knows for this script (1 = its best guess). */
function trigramScore(text: string, iso3: string, only: string[]): number {
  const ranked = francAll(text, { minLength: 1, only });
  return ranked.find(([code]) => code === iso3)?.[1] ?? 0;
}

const LATIN_LANGUAGES = ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld', 'pol', 'tur', 'vie', 'ind', 'swe', 'ces', 'ron', 'hun'];
const CYRILLIC_LANGUAGES = ['rus', 'ukr', 'bel', 'bul', 'srp', 'mkd'];

export function detectLanguage(text: string): LangidData {
  const c = countScripts(text);
  if (c.letters === 0) return { lang: 'unknown', confidence: 0 };
  const share = (n: number) => n / c.letters;
  const round = (x: number) => Math.round(x * 1000) / 1000;

  if (share(c.hangul) >= 0.3) return { lang: 'ko', confidence: round(share(c.hangul)) };
  // Japanese mixes kana with Han characters; any real amount of kana marks it.
  if (c.kana > 0 && share(c.kana) >= 0.1) return { lang: 'ja', confidence: round(share(c.kana + c.han)) };
  if (share(c.han) >= 0.3) return { lang: 'zh-cn', confidence: round(share(c.han)) };

  if (share(c.cyrillic) >= 0.5) {
    if (c.letters < SHORT_TEXT_LETTERS) return { lang: 'ru', confidence: round(0.7 * share(c.cyrillic)) };
    // Statistics separate Russian from its neighbours; a close second still counts as Russian.
    const score = trigramScore(text, 'rus', CYRILLIC_LANGUAGES);
    return score >= 0.8 ? { lang: 'ru', confidence: round(score * share(c.cyrillic)) } : { lang: 'unknown', confidence: round(1 - score) };
  }
  if (share(c.latin) >= 0.5) {
    if (c.letters < SHORT_TEXT_LETTERS) return { lang: 'en-us', confidence: round(0.7 * share(c.latin)) };
    const score = trigramScore(text, 'eng', LATIN_LANGUAGES);
    return score >= 0.8 ? { lang: 'en-us', confidence: round(score * share(c.latin)) } : { lang: 'unknown', confidence: round(1 - score) };
  }
  return { lang: 'unknown', confidence: 0 };
}
