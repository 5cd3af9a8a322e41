/**
 * The text limit of spec sections 5 and 9: 5000 characters are translated, the excess is not.
 * The page lets the user type more, counts in red, sends the text and shows the server's
 * `truncated` answer; pure functions so the rules are tested without a DOM.
 */
import { LIMITS } from '@mtp/proto';

export const TEXT_LIMIT = LIMITS.textChars;

/** The request schema accepts up to four times the limit; beyond that nothing would be translated anyway. */
export const MAX_REQUEST_CHARS = LIMITS.textChars * 4;

/** Debounce of translate-as-you-type and of the early language detection. */
export const TRANSLATE_DEBOUNCE_MS = 600;
export const LANGID_DEBOUNCE_MS = 300;
/** Language detection needs no more than the start of the text. */
export const LANGID_SAMPLE_CHARS = 500;

/** Characters as a person counts them: code points, so an emoji or a rare CJK character counts once. */
export function countChars(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

export type CounterState = { count: number; limit: number; over: boolean; label: string };

/** The live counter "n / 5000", red (`over`) past the limit. */
export function counterState(text: string, limit: number = TEXT_LIMIT): CounterState {
  const count = countChars(text);
  return { count, limit, over: count > limit, label: `${count} / ${limit}` };
}

/** Empty and whitespace-only texts are never sent. */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** Cuts a string to at most `max` UTF-16 units without splitting a surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * What goes to the server: the text itself (the server cuts it to 5000 and says `truncated`),
 * clipped only where the request schema would refuse it; `clipped` then makes the page show the
 * truncated notice on its own.
 */
export function requestText(text: string): { text: string; clipped: boolean } {
  const sent = clip(text, MAX_REQUEST_CHARS);
  return { text: sent, clipped: sent.length < text.length };
}
