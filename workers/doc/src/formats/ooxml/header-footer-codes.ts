/**
 * Excel's print header/footer strings (`oddHeader`, `evenFooter`...): text mixed with `&` codes,
 * e.g. `&L&"Arial,Bold"&14Title&RPage &P of &N`. Only the text is translated; every code stays
 * where it was, so a translated header still prints the page number, font and sections the
 * source had. Codes as Excel writes them ([MS-OI29500] 2.1.619): `&L &C &R` sections; `&P &N`
 * (with an optional `+n`/`-n`), `&D &T &Z &F &A &G` fields; `&"font,style"`, `&nn` size,
 * `&Krrggbb`/`&Ktt+nnn` colour and the on/off toggles `&B &I &U &E &S &X &Y &O &H`; `&&` is a
 * literal ampersand.
 */

export type HeaderFooterToken =
  /** Printed text; `&&` already decoded to `&`. */
  | { kind: 'text'; text: string }
  /** Font, size, colour: applies to the text after it and travels with it. */
  | { kind: 'format'; code: string }
  /** An on/off toggle (bold, underline...): repeating it would switch the style back. */
  | { kind: 'toggle'; code: string }
  /** Content Excel fills in (page number, date, file name, picture). */
  | { kind: 'field'; code: string }
  /** `&L`, `&C`, `&R`: where the following text is printed. */
  | { kind: 'section'; code: string }
  /** A line break (a literal LF/CRLF, or the `_x000A_` escape). */
  | { kind: 'break'; code: string };

const CODE =
  /&(?:&|[LCR]|[PN](?:[+-]\d+)?|[DTZFAG]|"[^"]*"|\d{1,3}|K(?:[0-9A-Fa-f]{6}|\d\d[+-]\d{3})|[BIUESXYOH])?|\r?\n|_x000[dD]__x000[aA]_|_x000[aA]_/g;

/** What follows `&`, by kind (font, size and colour are 'format', as is a lone `&`, which Excel ignores). */
const CODE_KINDS: Record<string, 'section' | 'field' | 'toggle'> = {
  ...Object.fromEntries([...'LCR'].map((letter) => [letter, 'section'])),
  ...Object.fromEntries([...'PNDTZFAG'].map((letter) => [letter, 'field'])),
  ...Object.fromEntries([...'BIUESXYOH'].map((letter) => [letter, 'toggle'])),
};

function classify(code: string): HeaderFooterToken {
  if (code === '&&') return { kind: 'text', text: '&' };
  if (!code.startsWith('&')) return { kind: 'break', code };
  return { kind: CODE_KINDS[code.charAt(1)] ?? 'format', code };
}

/** The string as tokens; adjacent text pieces (e.g. around `&&`) are one text token. */
export function tokenizeHeaderFooter(value: string): HeaderFooterToken[] {
  const tokens: HeaderFooterToken[] = [];
  const pushText = (text: string) => {
    if (text === '') return;
    const last = tokens.at(-1);
    if (last?.kind === 'text') last.text += text;
    else tokens.push({ kind: 'text', text });
  };
  let at = 0;
  for (const match of value.matchAll(CODE)) {
    pushText(value.slice(at, match.index));
    const token = classify(match[0]);
    if (token.kind === 'text') pushText(token.text);
    else tokens.push(token);
    at = match.index + match[0].length;
  }
  pushText(value.slice(at));
  return tokens;
}

/** Text back in header/footer syntax: a literal `&` must be doubled or it would start a code. */
export function encodeHeaderFooterText(text: string): string {
  return text.replace(/&/g, '&&');
}

export function tokenSource(token: HeaderFooterToken): string {
  return token.kind === 'text' ? encodeHeaderFooterText(token.text) : token.code;
}
