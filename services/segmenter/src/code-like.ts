/**
 * Segments with nothing to translate: identifiers, file paths, URLs, e-mail addresses, numbers
 * (with or without units), spreadsheet formulas and equations. Such a segment is kept as it is:
 * never sent to an engine, never charged. Only a segment made entirely of them counts; a
 * sentence with one word of prose goes to the engine whole, its code-like tokens with it.
 *
 * The rules look only at ASCII letters for identifiers, so "3월" or "2017年" (a month, a year) are
 * still translated; a segment of plain words ("ROOT", "V A C A N T") is prose, however short.
 */

const URL = /^(?:[a-z][a-z\d+.-]*:\/\/|www\.)\S+$/i;
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
/** SNAKE_CASE and snake_case, with `includes('_')`: `COMPANY_CODE`, `beta_geometrical`. */
const IDENTIFIER = /^(?=[\w$]*[A-Za-z])[A-Za-z_$][\w$]*$/;
/** camelCase and PascalCase with a second hump (`getElementById`, `PowerPoint`). */
const CAMEL_CASE = /^(?:[a-z]+\d*|[A-Z][a-z\d]+)(?:[A-Z][a-z\d]*)+$/;
/** Letters and digits together (`B1A`, `APP_COR_ADD1`, `TU4106`, `10kg`, `COVID-19`), not ordinals. */
const LETTERS_WITH_DIGITS = /^(?=[A-Za-z\d-]*\d)(?=[A-Za-z\d-]*[A-Za-z])[A-Za-z\d]+(?:-[A-Za-z\d]+)*$/;
const ORDINAL = /^\d+(?:st|nd|rd|th)$/i;
/**
 * Member access and calls: `os.path.join`, `console.log(x)`: every part two characters or more
 * (not "e.g." or "S.No"), some lower case (not the ship "MV.MUKARNAS").
 */
const DOTTED_NAME = /^(?=.*[a-z])[A-Za-z_$][\w$]+(?:\.[A-Za-z_$][\w$]+)+(?:\(.*\))?$/;
/** A call with empty or code-like arguments: `init()`, `SUM(A1:A3)`; not "word(s)". */
const CALL = /^[A-Za-z_$][\w$.]*\((?:\)|(?=[^)]*[\d_,="':$])[^)]*\))$/;
const FILE_NAME = /^[\w-]{2,}(?:\.[\w-]+)*\.(?:[a-z][a-z\d]{0,4}|[A-Z][A-Z\d]{0,4})$/;
/** A path rooted somewhere: `/etc/hosts`, `./src`, `~/x`, `C:\Windows`. */
const ROOTED_PATH = /^(?:[A-Za-z]:|\.{1,2}|~)?[\\/]\S+$/;
const VERSION = /^v?\d+(?:\.\d+)+[a-z\d-]*$/i;
const HEX = /^(?:#[\dA-Fa-f]{3,8}|0x[\dA-Fa-f]+)$/;
/** A spreadsheet formula: `=SUM(A1:A3)`, `=A1+B1`, `=5*3`, `='Sheet 1'!A1`. */
const FORMULA = /^=\s*(?:[A-Za-z_][\w.]*\(|\$?[A-Za-z]{1,3}\$?\d|['(\d-])/;

/** Units after a number ("59600 MT", "433 MHz", "30 °C"), compared lower-cased. */
const UNITS = new Set(
  `% ‰ ° °c °f k mt t kg g mg µg lb lbs oz km m cm mm µm nm mi ft yd l ml m2 m3 m² m³ km² ha
  s ms µs ns min h hr hrs mph km/h m/s hz khz mhz ghz ev kev mev gev tev w kw mw gw kwh mwh v kv mv
  a ma ka pa kpa mpa bar psi atm b kb mb gb tb bit bps kbps mbps gbps px pt dpi dwt teu cbm bbl deg
  usd eur gbp jpy cny rmb inr rub`.split(/\s+/),
);

/** Operators that make a run of single letters and numbers an equation rather than initials. */
const MATH_OPERATOR = /[=<>≤≥≠≈≡±∓+×÷*^·∙∑∏∫√∂∆∇∞→⇒↔∈∉⊂⊆∪∩]|\s[-−/]\s/u;
const MATH_SPLIT = /[=<>≤≥≠≈≡±∓+\-−×÷*/^·∙∑∏∫√∂∆∇∞→⇒↔∈∉⊂⊆∪∩()[\]{}|,;:!]+/u;
/**
 * A variable: one letter, or up to three Greek ones (`Δφ`), maybe with a coefficient before and
 * digits, primes, sub- or superscripts after (`x²`, `T0`, `2π`, `α′`).
 */
const VARIABLE = /^\d*(?:\p{L}|\p{Script=Greek}{1,3})[\p{N}′″'*]*$/u;
const MATH_FUNCTIONS = new Set('sin cos tan cot sec csc log ln lg exp lim max min sqrt det mod arg sinh cosh tanh'.split(' '));

/** Punctuation after a token ("APP_NO,", "app.js."), and brackets or quotes around one ("(APP_NO)"). */
const TRAILING_PUNCTUATION = /[,;:!?.]/u;
const OPENING = /[\p{Ps}\p{Pi}"'`]/u;
const CLOSING = /[\p{Pe}\p{Pf}"'`,;:!?.]/u;

/** `token` without the characters `strip` matches at its end (and at its start with `lead`); a loop, not a backtracking regex. */
function trimmed(token: string, strip: RegExp, lead?: RegExp): string {
  let start = 0;
  let end = token.length;
  while (lead && start < end && lead.test(token[start]!)) start++;
  while (end > start && strip.test(token[end - 1]!)) end--;
  return token.slice(start, end);
}

const hasLetter = (text: string) => /\p{L}/u.test(text);

function isCodeToken(token: string): boolean {
  if (!hasLetter(token)) return true;
  if (ORDINAL.test(token)) return false;
  if (token.includes('_') && IDENTIFIER.test(token)) return true;
  if ([URL, EMAIL, CAMEL_CASE, LETTERS_WITH_DIGITS, DOTTED_NAME, CALL, FILE_NAME, VERSION, HEX].some((r) => r.test(token))) return true;
  if (ROOTED_PATH.test(token)) return true;
  // Slash-joined: `APP_DOB_DT/APP_DOI_DT`, `src/index.ts`; not "and/or" or "dd/mm/yyyy".
  const parts = token.split(/[\\/]/).filter((part) => part !== '');
  return parts.length > 1 && (parts.every(isCodeToken) || FILE_NAME.test(parts[parts.length - 1]!));
}

/** A number fused with its unit: `10kg`, `30°C`, `5µm`. */
function isNumberWithUnit(token: string): boolean {
  const m = /^[-+±−]?\d[\d.,]*(\S+)$/u.exec(token);
  return m !== null && UNITS.has(m[1]!.toLowerCase());
}

/** Whether one whitespace-free part of an equation is a number, a variable, a function or code. */
function isMathAtom(atom: string): boolean {
  return atom === '' || !hasLetter(atom) || VARIABLE.test(atom) || MATH_FUNCTIONS.has(atom.toLowerCase()) || isCodeToken(atom);
}

/** Whether a segment (one sentence, trimmed) is code, numbers or math only, with nothing to translate. */
export function isCodeOrMath(segment: string): boolean {
  const text = segment.trim();
  if (!hasLetter(text)) return true;
  if (FORMULA.test(text)) return true;
  const math = MATH_OPERATOR.test(text);
  const tokens = text.split(/\s+/);
  return tokens.every((raw, i) => {
    // As written (`SUM(A1:A3)`), without what follows it, and without brackets or quotes around it.
    const token = trimmed(raw, CLOSING, OPENING);
    if (token === '' || [raw, trimmed(raw, TRAILING_PUNCTUATION), token].some(isCodeToken) || isNumberWithUnit(token)) return true;
    const previous = tokens[i - 1] ?? '';
    if (UNITS.has(token.toLowerCase()) && /\d/.test(previous)) return true;
    return math && token.split(MATH_SPLIT).every(isMathAtom);
  });
}
