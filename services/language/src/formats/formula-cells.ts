/**
 * Formula cells in bank exports: CSV and TXT exports write cells through `neutralizeFormula`
 * (@mtp/platform: a leading `'` before `=`, `+`, `-`, `@`, TAB or CR, as OWASP describes), and
 * importing one of our files takes that quote off again, so an export re-imports to the same
 * entries (`-ing` stays `-ing`). XLSX needs none of this: its cells are written as strings, which
 * spreadsheets never evaluate.
 */
import { restoreFormula } from '@mtp/platform';
import type { Entry } from './entry';

export { neutralizeFormula, NEUTRALIZED_CELL, restoreFormula } from '@mtp/platform';

/** The entries of an imported CSV or TXT with the export's leading quotes taken off again. */
export async function* restoreFormulaCells(entries: AsyncIterable<Entry>): AsyncGenerator<Entry> {
  for await (const entry of entries) {
    const restored: Entry = { ...entry, source: restoreFormula(entry.source), target: restoreFormula(entry.target) };
    if (entry.note !== undefined) restored.note = restoreFormula(entry.note);
    yield restored;
  }
}
