/**
 * What of a text node goes to the server and how the answer goes back: the text without its
 * surrounding whitespace (which keeps inline layout: "Hello <b>world</b>" has a space that
 * matters), put back around the translation. Texts without a letter (numbers, punctuation,
 * symbols) are left alone: there is nothing to translate and they would still be charged.
 */

export type Shaped = { lead: string; core: string; trail: string };

export function shape(text: string): Shaped {
  const lead = /^\s*/u.exec(text)![0];
  if (lead.length === text.length) return { lead: text, core: '', trail: '' };
  const trail = /\s*$/u.exec(text)![0];
  return { lead, core: text.slice(lead.length, text.length - trail.length), trail };
}

export function worthTranslating(core: string): boolean {
  return /\p{L}/u.test(core);
}

/** The original's whitespace around the translation (whose own outer whitespace is dropped). */
export function reshape(original: string, translated: string): string {
  const { lead, trail } = shape(original);
  return `${lead}${translated.trim()}${trail}`;
}

/** Distinct texts in first-seen order, cut into groups of at most `size` (one server call each). */
export function uniqueChunks(texts: readonly string[], size: number): string[][] {
  const unique = [...new Set(texts)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += size) chunks.push(unique.slice(i, i + size));
  return chunks;
}
