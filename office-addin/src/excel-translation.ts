/**
 * Excel: the selected range's values and formulas are read; only text cells that are not
 * formulas are translated (excel-cells.ts), and only those cells are written, one by one.
 * Writing the whole range's `values` back would replace every formula with its last result.
 * Only the used part of the selection is read: a selected column is a million rows.
 */
import { cellTextToWrite, translatableCells } from './excel-cells';
import type { TranslateTexts } from './word-translation';

export async function translateSelectedCells(translate: TranslateTexts): Promise<number> {
  return Excel.run(async (context) => {
    const range = context.workbook.getSelectedRange().getUsedRangeOrNullObject(true);
    range.load(['values', 'formulas', 'numberFormat']);
    await context.sync();
    if (range.isNullObject) return 0;
    const cells = translatableCells(range.values, range.formulas);
    if (cells.length === 0) return 0;
    const translations = await translate(cells.map((cell) => cell.text));
    cells.forEach((cell, i) => {
      const translated = translations[i] ?? cell.text;
      const format = range.numberFormat[cell.row]?.[cell.column];
      range.getCell(cell.row, cell.column).values = [[cellTextToWrite(translated, format)]];
    });
    await context.sync();
    return cells.length;
  });
}
