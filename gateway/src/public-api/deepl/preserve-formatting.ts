/**
 * DeepL's `preserve_formatting`: the engine must not "correct" the formatting of the source.
 * Here that means the translation keeps the source's outer whitespace, gains no final
 * punctuation mark the source lacks, and starts in the case the source starts in (where both
 * scripts have case).
 */
const FINAL_MARK = /[.!?。！？]$/u;

function sameCaseStart(source: string, translated: string): string {
  const first = /\p{L}/u.exec(source)?.[0];
  const at = translated.search(/\p{L}/u);
  if (!first || at < 0) return translated;
  const letter = translated[at]!;
  const hasCase = first.toLowerCase() !== first.toUpperCase();
  if (!hasCase) return translated;
  const fixed = first === first.toLowerCase() ? letter.toLowerCase() : letter.toUpperCase();
  return translated.slice(0, at) + fixed + translated.slice(at + 1);
}

export function preserveFormatting(source: string, translated: string): string {
  const lead = /^\s*/.exec(source)![0];
  const trail = /\s*$/.exec(source)![0];
  const src = source.trim();
  let out = translated.trim();
  // A source without a final mark gets none; one with a mark keeps what the engine wrote.
  if (src.length > 0 && !FINAL_MARK.test(src) && FINAL_MARK.test(out)) out = out.slice(0, -1);
  return lead + sameCaseStart(src, out) + trail;
}
