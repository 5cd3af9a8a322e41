/**
 * Which cells of a selected Excel range get translated, and what is written back. Pure, so the
 * rules are tested without Office:
 * - only cells whose value is a string with something besides spaces;
 * - never a formula cell (its formula starts with "="), whatever text it shows;
 * - numbers, booleans, dates and empty cells are not touched.
 */
export type CellRef = { row: number; column: number; text: string };

export function translatableCells(values: unknown[][], formulas: unknown[][]): CellRef[] {
  const cells: CellRef[] = [];
  values.forEach((row, r) => {
    row.forEach((value, c) => {
      const formula = formulas[r]?.[c];
      if (typeof value !== 'string' || value.trim() === '') return;
      if (typeof formula === 'string' && formula.startsWith('=')) return;
      cells.push({ row: r, column: c, text: value });
    });
  });
  return cells;
}

// Excel reads a written string that starts with "=" as a formula, and one that looks like a
// number or a date as that number unless the cell is formatted as text ("@").
const LOOKS_LIKE_FORMULA_OR_NUMBER = /^\s*(=|[-+]?(\d|\.\d))/;

/**
 * The value to write for a translation: a leading apostrophe (Excel's own "this is text" mark,
 * not shown in the cell) when Excel would otherwise turn the text into a formula or a number.
 */
export function cellTextToWrite(translated: string, numberFormat: unknown): string {
  if (numberFormat === '@') return translated;
  return LOOKS_LIKE_FORMULA_OR_NUMBER.test(translated) ? `'${translated}` : translated;
}
