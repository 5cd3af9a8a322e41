/**
 * Protected tokens in the target editor (inline tags, placeholders: proto's `protectedTokens`):
 * an edit may delete a token whole (QA then flags it as lost) but may not type inside one or
 * remove part of one. The editor is a plain textarea, so an edit is judged after the fact, from
 * the text before, the text after and where the caret ended up.
 */
import { splitProtected } from '@mtp/proto';

export type TokenSpan = { start: number; end: number };

export function tokenSpans(text: string): TokenSpan[] {
  const spans: TokenSpan[] = [];
  let at = 0;
  for (const part of splitProtected(text)) {
    if (part.token) spans.push({ start: at, end: at + part.text.length });
    at += part.text.length;
  }
  return spans;
}

/**
 * Where `before` was changed to give `after`: `before.slice(start, end)` was replaced. `caret` is
 * the caret after the edit (the end of what was typed or pasted), which settles what a plain
 * common-prefix/suffix comparison cannot ("aa" -> "a": which "a" went).
 */
export function editRegion(before: string, after: string, caret: number = after.length): { start: number; end: number } {
  const tail = Math.max(0, Math.min(after.length - caret, before.length));
  // The text after the caret is what was there before, unchanged.
  const end = before.length - tail;
  let start = 0;
  const limit = Math.min(end, caret);
  while (start < limit && before[start] === after[start]) start++;
  return { start, end };
}

/** Whether turning `before` into `after` broke a token: typed inside it, or removed part of it. */
export function breaksToken(before: string, after: string, caret?: number): boolean {
  if (before === after) return false;
  const { start, end } = editRegion(before, after, caret);
  return tokenSpans(before).some((t) => {
    if (start === end) return start > t.start && start < t.end; // an insertion inside the token
    const touches = start < t.end && end > t.start;
    const whole = start <= t.start && end >= t.end;
    return touches && !whole;
  });
}
