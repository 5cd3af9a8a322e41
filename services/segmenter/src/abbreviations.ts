/**
 * Words that end in a period without ending the sentence, per source language.
 *
 * A hand list, not a library's: V8's Intl.Segmenter ignores ICU's `ss=standard` abbreviation
 * suppressions and breaks after "Mr." and "Dr."; sentencex breaks after "approx.", "т.е." and
 * "Проф."; CLDR's own suppression lists (cldr-segments-full) suppress breaks after plain English
 * words ("OK.", "Is.", "To.", "Go.", "All."), which would glue "...should be OK. The preference
 * must..." of a real file into one sentence, and its Russian list has no "г." or "т.е.". The
 * platform's languages are zh, ja, ko, en and ru; Chinese and Japanese end sentences with
 * full-width marks, where abbreviations do not arise.
 */

/** Lower-case, without the final dot; dotted ones ("e.g", "u.s", "т.е") are initials, below. */
const BY_LANGUAGE: Record<string, readonly string[]> = {
  en: [
    'mr mrs ms dr prof sr jr st vs etc inc ltd co corp no nos fig figs approx dept est vol',
    'jan feb mar apr jun jul aug sep sept oct nov dec',
    'capt col gen gov lt sgt rev hon pres bros ave rd mt pvt ref tel viz cf al pp ch sec eq eqs ed eds ca incl excl resp',
    // Ship names in port line-ups and bills of lading: "MV. ORIENTE GLORIA" (motor vessel).
    'mv',
  ],
  ru: ['г гг им ул д стр см др проф акад тыс млн млрд руб коп рис табл пр напр'],
};

/** Longer words are never abbreviations or initials. */
const LONGEST_WORD = 40;

const sets = new Map<string, ReadonlySet<string>>();

/**
 * The source language's abbreviations, and English ones for every language: English names,
 * addresses and titles turn up in Russian and Korean text too.
 */
function abbreviationsOf(baseLanguage: string): ReadonlySet<string> {
  let set = sets.get(baseLanguage);
  if (!set) {
    const lists = [...(BY_LANGUAGE.en ?? []), ...(baseLanguage === 'en' ? [] : (BY_LANGUAGE[baseLanguage] ?? []))];
    set = new Set(lists.join(' ').split(' '));
    sets.set(baseLanguage, set);
  }
  return set;
}

/** Whether the period at `dotIndex` of `text` ends an abbreviation or an initial, not a sentence. */
export function isAbbreviation(text: string, dotIndex: number, baseLanguage: string): boolean {
  // The whole word before the dot: "B1A." ends a sentence, its "A" is no initial. Only the last
  // characters are looked at, so a long line is not scanned again at every period.
  const from = Math.max(0, dotIndex - LONGEST_WORD);
  const m = /(?:^|[^\p{L}\p{N}])([\p{L}.]+)$/u.exec(text.slice(from, dotIndex));
  // A match at the start of a cut-off window is the tail of a longer word: no abbreviation.
  if (!m || (from > 0 && m.index === 0 && /[\p{L}.]/u.test(m[0][0]!))) return false;
  const word = m[1]!.toLowerCase();
  // Initials, one letter or several joined by dots: "J. K. Rowling", "P.N. Ostroumov", "U.S.".
  return abbreviationsOf(baseLanguage).has(word) || /^(?:\p{L}\.)*\p{L}$/u.test(word);
}
