/**
 * The /problem search: an entry matches when every word typed appears in its question or in
 * its answer's text (tags are not searched: "strong" must not match every bold answer).
 * Case and width of Latin letters do not matter; Chinese matches as typed.
 */
import type { FaqItem } from '@mtp/proto';

/** The visible text of sanitized HTML, enough to search (entities of the common kind decoded). */
export function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

const fold = (s: string) => s.normalize('NFKC').toLowerCase();

export function searchFaq(list: readonly FaqItem[], keyword: string): FaqItem[] {
  const words = fold(keyword).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((item) => {
    const text = fold(`${item.question} ${textOfHtml(item.answer)}`);
    return words.every((w) => text.includes(w));
  });
}
